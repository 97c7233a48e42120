import type { OidcFailure } from '@sprout/core';

/**
 * Why a sign-in through a provider cannot go on. Never an answer of its own: the callback turns it
 * into a redirect to the sign-in page with the reason (core oidcFailureText words it); what really
 * happened is logged.
 */
export class SignInFailure extends Error {
  constructor(
    readonly reason: OidcFailure,
    readonly detail?: string,
  ) {
    super(detail ?? reason);
  }
}
