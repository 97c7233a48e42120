import { INVALID_CONFIG, loginEndpointError, logoutEndpointError } from '@sprout/core';

let lastSync: Promise<unknown> = Promise.resolve();

/**
 * Calls the web server's session endpoint so server rendering knows the user (the sign-in state).
 * Calls go one after another, in the order made: a sign-out followed at once by a new session (a
 * refresh refused while a password change answered) must not have its cookie cleared by the
 * sign-out's answer arriving last.
 */
export function syncServerSession(endpoint: string, idToken: string | null): Promise<void> {
  const next = lastSync.then(() => sendSession(endpoint, idToken));
  lastSync = next.catch(() => undefined);
  return next;
}

async function sendSession(endpoint: string, idToken: string | null): Promise<void> {
  if (!endpoint) throw new Error(INVALID_CONFIG);
  const res = await fetch(endpoint, {
    method: 'POST',
    credentials: 'include',
    headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
  });
  if (!res.ok) throw new Error(idToken ? loginEndpointError(res.status) : logoutEndpointError(res.status));
}
