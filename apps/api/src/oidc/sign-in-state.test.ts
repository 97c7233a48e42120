import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@sprout/db/testing';
import type { DbHandle } from '@sprout/db';
import { BROWSER_COOKIE, browserBinding, browserCookie, readBrowserCookie, saveSignIn, takeSignIn } from './sign-in-state';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

describe('the state of a sign-in through a provider', () => {
  it('binds to the browser with an HttpOnly, Lax cookie on the provider routes, shared by its tabs', () => {
    const b = browserBinding(undefined);
    expect(b).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browserBinding(b)).toBe(b);
    expect(browserBinding('short')).not.toBe('short');
    expect(browserCookie(b, true)).toBe(`${BROWSER_COOKIE}=${b}; Path=/v1/auth/oidc; Max-Age=600; HttpOnly; SameSite=Lax; Secure`);
    expect(readBrowserCookie(`a=1; ${BROWSER_COOKIE}=${b}; z=2`)).toBe(b);
    expect(readBrowserCookie('a=1')).toBeUndefined();
  });

  it('is taken once, by its provider, in the browser it started in', async () => {
    const browser = browserBinding(undefined);
    const start = async () => (await saveSignIn(h.db, { provider: 'acme', browser, tabHash: 'a'.repeat(64), origin: 'register', prompt: 'A quiz' })).state;
    const state = await start();
    expect(await takeSignIn(h.db, 'acme', state, browser)).toMatchObject({ origin: 'register', prompt: 'A quiz' });
    expect(await takeSignIn(h.db, 'acme', state, browser)).toBeNull();
    const other = await start();
    expect(await takeSignIn(h.db, 'acme', other, browserBinding(undefined))).toBeNull();
    // A refused attempt spends the state: it cannot be tried again from the right browser.
    expect(await takeSignIn(h.db, 'acme', other, browser)).toBeNull();
    const third = await start();
    expect(await takeSignIn(h.db, 'globex', third, browser)).toBeNull();
    const fourth = await start();
    expect(await takeSignIn(h.db, 'acme', fourth, undefined)).toBeNull();
  });

  it('expires after ten minutes', async () => {
    const browser = browserBinding(undefined);
    const { state } = await saveSignIn(h.db, { provider: 'acme', browser, tabHash: 'a'.repeat(64), origin: 'login' }, Date.now() - 10 * 60_000 - 1);
    expect(await takeSignIn(h.db, 'acme', state, browser)).toBeNull();
  });
});
