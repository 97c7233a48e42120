import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '@/lib/browser/memory-storage';
import { hasAccountHere, rememberAccount } from '@/lib/api/known-account';
import { authPageFor, authSwitchHref, handOverEmail, takeHandedEmail } from './auth-handoff';

describe('auth hand-off', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('sessionStorage', new MemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a new visitor to sign-up and a returning one to sign-in', () => {
    expect(hasAccountHere()).toBe(false);
    expect(authPageFor(hasAccountHere())).toBe('register');
    rememberAccount();
    expect(hasAccountHere()).toBe(true);
    expect(authPageFor(hasAccountHere())).toBe('login');
  });

  it('hands an email to the next page once, and only while it is fresh', () => {
    handOverEmail('  ada@example.com ', 1_000);
    expect(takeHandedEmail(2_000)).toBe('ada@example.com');
    expect(takeHandedEmail(2_000)).toBe('');
    handOverEmail('late@example.com', 1_000);
    expect(takeHandedEmail(1_000 + 11 * 60_000)).toBe('');
  });

  it('ignores a handed-over value in another format', () => {
    sessionStorage.setItem('sprout.auth.email', '{"email":42,"at":1}');
    expect(takeHandedEmail(2)).toBe('');
    sessionStorage.setItem('sprout.auth.email', 'not json');
    expect(takeHandedEmail(2)).toBe('');
  });

  it('works when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    };
    vi.stubGlobal('localStorage', blocked);
    vi.stubGlobal('sessionStorage', blocked);
    rememberAccount();
    handOverEmail('a@b.c');
    expect(hasAccountHere()).toBe(false);
    expect(takeHandedEmail()).toBe('');
  });

  it('switches between sign-in and sign-up keeping the destination and the prompt, nothing else', () => {
    const search = new URLSearchParams({ redirectUrl: '/', prompt: 'A recipe box & tags', email: 'x@y.z', other: '1' });
    const href = authSwitchHref('login', search);
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({ redirectUrl: '/', prompt: 'A recipe box & tags' });
    expect(authSwitchHref('register', new URLSearchParams())).toBe('/register');
  });
});
