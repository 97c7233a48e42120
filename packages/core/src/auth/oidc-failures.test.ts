import { describe, expect, it } from 'vitest';
import { OIDC_FAILURES, isOidcFailure, oidcFailureText } from './oidc-failures';

describe('sign-in failures with a provider', () => {
  it('say each reason as one sentence naming the provider where it helps, with no internals', () => {
    expect(oidcFailureText('cancelled', 'Acme')).toBe('Sign-in with Acme was cancelled.');
    for (const reason of OIDC_FAILURES) {
      const text = oidcFailureText(reason, 'Acme');
      expect(text, reason).toMatch(/^[A-Z].*\.$/);
      expect(text, reason).not.toMatch(/state|nonce|token|oidc/i);
    }
  });

  it('accept only the known reasons from an address', () => {
    expect(isOidcFailure('expired')).toBe(true);
    expect(isOidcFailure('<script>')).toBe(false);
    expect(isOidcFailure(undefined)).toBe(false);
  });
});
