// The product's error texts, verbatim: users and support match on them, so do not reword.

export const NO_TOKEN_FOUND = 'No token found';
export const INVALID_CONFIG = 'Invalid config.';

export function createFailureMessage(supportEmail: string): string {
  return `Something went wrong. Please try again or contact us at ${supportEmail}`;
}

export function loginEndpointError(status: number): string {
  return `Received ${status} response from login API endpoint`;
}

export function logoutEndpointError(status: number): string {
  return `Received ${status} response from logout API endpoint`;
}

export function apiFailureMessage(base: string, status: number, statusText: string, serverMessage?: string | null): string {
  return `${base}: ${statusText} (${status})` + (serverMessage ? ` - ${serverMessage}` : '');
}

export function couldNotFetchApps(status: number, statusText: string, serverMessage?: string | null): string {
  return apiFailureMessage('Could not fetch apps', status, statusText, serverMessage);
}

export function couldNotCreateApp(status: number, statusText: string, serverMessage?: string | null): string {
  return apiFailureMessage('Could not create app', status, statusText, serverMessage);
}

export function couldNotPatch(id: string, status: number, statusText: string, serverMessage?: string | null): string {
  return apiFailureMessage(`Could not patch machine with id ${id}`, status, statusText, serverMessage);
}

export function couldNotDelete(id: string, status: number, statusText: string, serverMessage?: string | null): string {
  return apiFailureMessage(`Could not delete machine with id ${id}`, status, statusText, serverMessage);
}
