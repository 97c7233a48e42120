import { describe, expect, it } from 'vitest';
import { bindSignInToTab, providerFailure, providerStartUrl, takeTabSecret } from './provider-sign-in';
import { createHash } from 'node:crypto';

const providers = [{ id: 'acme', label: 'Acme' }];

describe('sign-in with a provider, on the sign-in pages', () => {
  it('starts at the API with where the person was going and the page to come back to', () => {
    const url = new URL(providerStartUrl('http://api.test', 'acme', new URLSearchParams('redirectUrl=/settings&prompt=A+quiz'), 'register'));
    expect(`${url.origin}${url.pathname}`).toBe('http://api.test/v1/auth/oidc/acme/start');
    expect(Object.fromEntries(url.searchParams)).toEqual({ redirectUrl: '/settings', prompt: 'A quiz', from: 'register' });
    expect(new URL(providerStartUrl('http://api.test', 'acme', new URLSearchParams(), 'login')).search).toBe('?from=login');
    expect(new URL(providerStartUrl('http://api.test', 'acme', new URLSearchParams(), 'login', 'ab'.repeat(32))).searchParams.get('tab')).toBe('ab'.repeat(32));
  });

  it('binds a sign-in to the tab: a fresh secret kept in its storage, its SHA-256 for the start, taken once by the page that completes it', async () => {
    const store = new Map<string, string>();
    const storage = {
      setItem: (k: string, v: string) => void store.set(k, v),
      getItem: (k: string) => store.get(k) ?? null,
      removeItem: (k: string) => void store.delete(k),
    };
    const hash = await bindSignInToTab(storage);
    const secret = takeTabSecret(storage)!;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(takeTabSecret(storage)).toBeNull();
    expect(await bindSignInToTab(storage)).not.toBe(hash);
  });

  it('says why a sign-in came back, naming the provider', () => {
    expect(providerFailure(new URLSearchParams('oidcError=cancelled&provider=acme'), providers)).toBe('Sign-in with Acme was cancelled.');
    expect(providerFailure(new URLSearchParams('oidcError=made-up&provider=nope'), providers)).toBe(
      'Sign-in with your provider did not work. Please try again.',
    );
    expect(providerFailure(new URLSearchParams(''), providers)).toBeNull();
  });
});
