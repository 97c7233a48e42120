import { deriveRefreshToken } from '@sprout/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Identity, refreshMarginMs, tokenTimes } from './identity';

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: Record<string, unknown>) => `${b64url({ alg: 'ES256' })}.${b64url(claims)}.sig`;

describe('ID token refresh margin', () => {
  it('is five minutes for hour-long tokens and a quarter of the lifetime for short ones', () => {
    expect(refreshMarginMs(jwt({ iat: 1000, exp: 4600 }))).toBe(5 * 60_000);
    expect(refreshMarginMs(jwt({ iat: 1000, exp: 1060 }))).toBe(15_000);
  });

  it('falls back to five minutes for tokens it cannot read', () => {
    for (const bad of ['', 'abc', 'a.!!!.c', jwt({ iat: 'x', exp: 5 }), jwt({ iat: 10, exp: 5 })]) expect(refreshMarginMs(bad)).toBe(5 * 60_000);
  });

  it('asks for a refresh only inside the margin', () => {
    const now = Math.floor(Date.now() / 1000);
    const session = (exp: number) => ({ idToken: jwt({ iat: now, exp: now + 60 }), refreshToken: 'r', expiresAt: exp, user: {} as never });
    expect(Identity.expiresSoon(session(Date.now() + 50_000))).toBe(false);
    expect(Identity.expiresSoon(session(Date.now() + 10_000))).toBe(true);
    expect(Identity.expiresSoon(null)).toBe(true);
  });
});

describe('tokenTimes', () => {
  it('reads iat and exp, and gives 0 for what it cannot read', () => {
    expect(tokenTimes(jwt({ iat: 5, exp: 65 }))).toEqual({ iat: 5, exp: 65 });
    expect(tokenTimes('nope')).toEqual({ iat: 0, exp: 0 });
    expect(tokenTimes(jwt({ iat: '5' }))).toEqual({ iat: 0, exp: 0 });
  });
});

describe('a refresh cut short or overtaken', () => {
  const STORAGE_KEY = 'sprout.auth';
  const user = { id: 'u1', email: 'a@b.c', displayName: 'A', roles: [], tier: 'free' } as never;
  const now = () => Math.floor(Date.now() / 1000);
  /** The answer of a refresh the server made (200) whose body this page never got to read: it navigated away. */
  const cutShort = () =>
    new Response(
      new ReadableStream({
        start: (c) => c.error(new DOMException('The user aborted a request.', 'AbortError')),
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );

  /** A page's localStorage and window, as far as Identity uses them. */
  const stubStorage = () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    vi.stubGlobal('window', { addEventListener: () => undefined });
    return store;
  };

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /**
   * A stored session in its last quarter (old refresh token), and a network that holds each refresh
   * until the test refuses it, as the server does a token ended meanwhile.
   */
  const heldRefresh = (store: Map<string, string>) => {
    let answer: (res: Response) => void = () => undefined;
    let asked = 0;
    vi.stubGlobal('fetch', () => {
      asked += 1;
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    store.set(STORAGE_KEY, JSON.stringify({ idToken: jwt({ iat: now() - 50, exp: now() + 10 }), refreshToken: 'old', expiresAt: Date.now() + 10_000, user }));
    return {
      asked: () => asked,
      refuse: () => answer(Response.json({ code: 'invalid_refresh_token', message: 'Your session has ended. Please sign in again.' }, { status: 401 })),
    };
  };

  it('keeps the person signed in, with the token it proposed, and the next refresh presents that token', async () => {
    vi.useFakeTimers();
    const store = stubStorage();
    const presented: string[] = [];
    const proposals: string[] = [];
    const answers = [cutShort, () => Response.json({ idToken: jwt({ iat: now(), exp: now() + 60 }), refreshToken: 'r3', expiresIn: 60, user })];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { refreshToken: string; nextRefreshToken: string };
      presented.push(body.refreshToken);
      proposals.push(body.nextRefreshToken);
      return answers.shift()!();
    });
    // A token in its last quarter: the page refreshes it as it starts.
    store.set(STORAGE_KEY, JSON.stringify({ idToken: jwt({ iat: now() - 50, exp: now() + 10 }), refreshToken: 'r1', expiresAt: Date.now() + 10_000, user }));
    const identity = new Identity('http://api.test');
    const seen: (string | null)[] = [];
    identity.onIdTokenChanged((s) => seen.push(s?.idToken ?? null));
    identity.start();
    await identity.refresh();

    // Still signed in as before, nobody was told otherwise, and the proposal the server may have taken is kept.
    const stored = JSON.parse(store.get(STORAGE_KEY)!) as { idToken: unknown; refreshToken: unknown; pending: string[] };
    expect(stored.refreshToken).toBe('r1');
    expect(typeof stored.idToken).toBe('string');
    // What it keeps is the token the server derives from the presented one and the proposal.
    expect(stored.pending).toEqual([await deriveRefreshToken('r1', proposals[0]!)]);
    expect(seen.every((t) => typeof t === 'string')).toBe(true);
    expect(identity.currentSession?.idToken).toBe(stored.idToken);

    // The next refresh (the next page) presents the proposal first: the server rotated to it.
    await identity.refresh();
    expect(presented).toEqual(['r1', stored.pending[0]]);
    expect(JSON.parse(store.get(STORAGE_KEY)!)).toMatchObject({ refreshToken: 'r3', pending: [] });
  });

  it('after an unanswered refresh, requests wait for the retry instead of each proposing another token', async () => {
    vi.useFakeTimers();
    const store = stubStorage();
    let sent = 0;
    vi.stubGlobal('fetch', async () => {
      sent += 1;
      throw new TypeError('Failed to fetch');
    });
    store.set(STORAGE_KEY, JSON.stringify({ idToken: jwt({ iat: now() - 50, exp: now() + 10 }), refreshToken: 'r1', expiresAt: Date.now() + 10_000, user }));
    const identity = new Identity('http://api.test');
    identity.start();
    await identity.refresh();
    expect(sent).toBe(1);

    // A page polling the API while offline: each call gets the token it has, none sends a refresh.
    for (let i = 0; i < 10; i++) expect(await identity.getIdToken()).toBe(identity.currentSession?.idToken);
    expect(sent).toBe(1);
    expect((JSON.parse(store.get(STORAGE_KEY)!) as { pending: string[] }).pending).toHaveLength(1);

    // The retry timer tries again, and after the back-off a request may refresh once more.
    await vi.advanceTimersByTimeAsync(15_000);
    // Deriving the next token takes real time, not timer time: wait for the request, then let the
    // failed refresh finish (only promises are left).
    await vi.waitUntil(() => sent === 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toBe(2);
    vi.setSystemTime(Date.now() + 15_001);
    await identity.getIdToken();
    expect(sent).toBe(3);
  });

  it('a refresh out when a password change hands this device a new session ends without signing it out', async () => {
    const store = stubStorage();
    const refresh = heldRefresh(store);
    const identity = new Identity('http://api.test');
    const seen: (string | null)[] = [];
    identity.onIdTokenChanged((s) => seen.push(s?.idToken ?? null));
    identity.start();
    const refreshing = identity.refresh();
    await vi.waitUntil(() => refresh.asked() === 1);

    // The password change answers first, with this device's new session; the old one is ended, so
    // the refresh that was already out is refused.
    const fresh = jwt({ iat: now(), exp: now() + 3600 });
    identity.adopt({ idToken: fresh, refreshToken: 'new', expiresIn: 3600, user });
    refresh.refuse();

    expect((await refreshing)?.idToken).toBe(fresh);
    expect(identity.currentSession?.refreshToken).toBe('new');
    expect(JSON.parse(store.get(STORAGE_KEY)!)).toMatchObject({ idToken: fresh, refreshToken: 'new' });
    expect(seen).not.toContain(null);
    expect(seen.at(-1)).toBe(fresh);
  });

  it('a refresh out when another tab saves a new session ends without signing either out', async () => {
    const store = stubStorage();
    let onStorage: (e: { key: string }) => void = () => undefined;
    vi.stubGlobal('window', { addEventListener: (_type: string, fn: (e: { key: string }) => void) => (onStorage = fn) });
    const refresh = heldRefresh(store);
    const identity = new Identity('http://api.test');
    identity.start();
    const refreshing = identity.refresh();
    await vi.waitUntil(() => refresh.asked() === 1);

    // The other tab changed the password: its new session is stored, and this tab hears of it.
    const fresh = jwt({ iat: now(), exp: now() + 3600 });
    store.set(STORAGE_KEY, JSON.stringify({ idToken: fresh, refreshToken: 'new', expiresAt: Date.now() + 3_600_000, user }));
    onStorage({ key: STORAGE_KEY });
    refresh.refuse();

    expect((await refreshing)?.idToken).toBe(fresh);
    expect(JSON.parse(store.get(STORAGE_KEY)!)).toMatchObject({ idToken: fresh, refreshToken: 'new' });
  });
});
