import { describe, expect, it } from 'vitest';
import { providerFailure, providerStartUrl } from './provider-sign-in';

const providers = [{ id: 'acme', label: 'Acme' }];

describe('sign-in with a provider, on the sign-in pages', () => {
  it('starts at the API with where the person was going and the page to come back to', () => {
    const url = new URL(providerStartUrl('http://api.test', 'acme', new URLSearchParams('redirectUrl=/settings&prompt=A+quiz'), 'register'));
    expect(`${url.origin}${url.pathname}`).toBe('http://api.test/v1/auth/oidc/acme/start');
    expect(Object.fromEntries(url.searchParams)).toEqual({ redirectUrl: '/settings', prompt: 'A quiz', from: 'register' });
    expect(new URL(providerStartUrl('http://api.test', 'acme', new URLSearchParams(), 'login')).search).toBe('?from=login');
  });

  it('says why a sign-in came back, naming the provider', () => {
    expect(providerFailure(new URLSearchParams('oidcError=cancelled&provider=acme'), providers)).toBe('Sign-in with Acme was cancelled.');
    expect(providerFailure(new URLSearchParams('oidcError=made-up&provider=nope'), providers)).toBe(
      'Sign-in with your provider did not work. Please try again.',
    );
    expect(providerFailure(new URLSearchParams(''), providers)).toBeNull();
  });
});
