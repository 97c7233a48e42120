/**
 * Why a sign-in with a provider came back to the sign-in page, as the API names it in the address
 * (`?oidcError=`) and as the page says it. The API logs what really happened; the page only says
 * what the person can do about it.
 */
export const OIDC_FAILURES = ['cancelled', 'refused', 'expired', 'unreachable', 'email_unverified', 'too_many', 'failed'] as const;
export type OidcFailure = (typeof OIDC_FAILURES)[number];

export function isOidcFailure(value: unknown): value is OidcFailure {
  return typeof value === 'string' && (OIDC_FAILURES as readonly string[]).includes(value);
}

/** The sentence the sign-in page shows; `label` is the provider's name ("Google"), or a generic one when unknown. */
export function oidcFailureText(reason: OidcFailure, label: string): string {
  switch (reason) {
    case 'cancelled':
      return `Sign-in with ${label} was cancelled.`;
    case 'refused':
      return `${label} did not let you sign in. Please try again, or use your email and password.`;
    case 'expired':
      return `Sign-in with ${label} took too long or was started in another browser. Please try again.`;
    case 'unreachable':
      return `${label} could not be reached. Please try again in a moment, or use your email and password.`;
    case 'email_unverified':
      return `${label} did not confirm your email address. Verify it with ${label} first, or use your email and password.`;
    case 'too_many':
      return 'Too many sign-in attempts right now. Please try again in a few minutes.';
    case 'failed':
      return `Sign-in with ${label} did not work. Please try again.`;
  }
}
