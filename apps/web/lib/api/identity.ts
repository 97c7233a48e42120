// The sign-in wrapper: holds the ID and refresh tokens in localStorage, refreshes the ID token
// before it expires, and tells listeners whenever the token changes (sign-in, refresh, sign-out,
// or another tab doing any of these).

import { deriveRefreshToken } from '@sprout/core';
import type { CallInput, ClientErrorCode, ErrorCode, User } from '@sprout/core/contract';
import { login, logout, oidcComplete, refresh, register, type NameOf, type Route } from '@sprout/core/routes';
import { routeUrl } from './route-url';

/** The signed-in person as the browser keeps them: the API's User, without what only /v1/me tells. */
export type IdentityUser = Omit<User, 'createdAt'>;

export interface IdentitySession {
  idToken: string;
  refreshToken: string;
  /** Epoch ms when the ID token expires. */
  expiresAt: number;
  user: IdentityUser;
  /**
   * Refresh tokens this client derived from its proposals (oldest first) whose answers it has not
   * seen: a navigation can cut a refresh short after the server has already rotated the token.
   */
  pending?: string[];
}

export class AuthRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

const STORAGE_KEY = 'sprout.auth';
const MAX_PENDING = 6;
const RETRY_MS = 15_000;

/** 32 random bytes, base64url: the client's part of its next refresh token. */
function newProposal(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
const REFRESH_MARGIN_MS = 5 * 60_000;
type Listener = (session: IdentitySession | null) => void;

/**
 * How long before expiry the ID token is refreshed: five minutes, or a quarter of the token's
 * lifetime when that is shorter (a server configured with 60-second tokens would otherwise be asked
 * for a new one every few seconds, each time re-issuing the session cookie).
 */
export function refreshMarginMs(idToken: string): number {
  const { iat, exp } = tokenTimes(idToken);
  // A token we cannot read gets the default margin: the safe side.
  return iat && exp && exp > iat ? Math.min(REFRESH_MARGIN_MS, ((exp - iat) * 1000) / 4) : REFRESH_MARGIN_MS;
}

/** The ID token's iat and exp claims (epoch seconds), 0 when unreadable. Not verified: display only. */
export function tokenTimes(idToken: string): { iat: number; exp: number } {
  try {
    const claims = JSON.parse(atob(idToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { iat?: unknown; exp?: unknown };
    return { iat: typeof claims.iat === 'number' ? claims.iat : 0, exp: typeof claims.exp === 'number' ? claims.exp : 0 };
  } catch {
    return { iat: 0, exp: 0 };
  }
}

function readStored(): IdentitySession | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as IdentitySession;
    return typeof s.idToken === 'string' && typeof s.refreshToken === 'string' && s.user ? s : null;
  } catch {
    return null;
  }
}

export class Identity {
  private session: IdentitySession | null = null;
  private listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private refreshing: Promise<IdentitySession | null> | null = null;
  private started = false;
  /** When the last refresh failed without an answer (epoch ms); 0 after an answer. */
  private unansweredAt = 0;
  /** Counts the sessions saved here: a refresh that began under an earlier one must not overwrite a later. */
  private generation = 0;

  constructor(private readonly apiUrl: string) {}

  /** Loads the stored session, follows other tabs, and keeps the ID token fresh. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.session = readStored();
    window.addEventListener('storage', (e) => {
      if (e.key !== STORAGE_KEY) return;
      // Another tab's session (a sign-in, a sign-out, a password change's new one) stands over a refresh out here.
      this.generation += 1;
      this.session = readStored();
      this.schedule();
      this.emit();
    });
    this.schedule();
    // Listeners registered before start() learn the stored state, which settles "uninitialised".
    this.emit();
    if (Identity.expiresSoon(this.session) && this.session) void this.refresh();
  }

  /** True when the ID token is missing or too close to expiry to hand to a server. */
  static expiresSoon(session: IdentitySession | null): boolean {
    return !session || session.expiresAt - Date.now() < refreshMarginMs(session.idToken);
  }

  get currentUser(): IdentityUser | null {
    return this.session?.user ?? null;
  }

  get currentSession(): IdentitySession | null {
    return this.session;
  }

  onIdTokenChanged(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit() {
    for (const l of this.listeners) l(this.session);
  }

  private save(session: IdentitySession | null) {
    this.generation += 1;
    this.session = session;
    if (session) localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else localStorage.removeItem(STORAGE_KEY);
    this.schedule();
    this.emit();
  }

  private schedule() {
    clearTimeout(this.timer);
    if (!this.session) return;
    const wait = Math.max(5_000, this.session.expiresAt - Date.now() - refreshMarginMs(this.session.idToken));
    this.timer = setTimeout(() => void this.refresh(), Math.min(wait, 2 ** 31 - 1));
  }

  /** A sign-in call: no token, the answer read by `sessionFrom`. */
  private async post<R extends Route<'login' | 'register' | 'refresh' | 'logout' | 'oidcComplete'>>(
    route: R,
    body: CallInput<NameOf<R>>['body'],
  ): Promise<Response> {
    return fetch(routeUrl({ apiUrl: this.apiUrl }, route), {
      method: route.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  private async sessionFrom(res: Response): Promise<IdentitySession> {
    if (!res.ok) {
      const json = await res.json().catch(() => ({}));
      throw new AuthRequestError(res.status, json.code ?? 'unreadable', json.message ?? `Request failed (${res.status})`, json.fields ?? []);
    }
    // A success whose body never arrived (the page navigated away while reading it) is a lost
    // answer, never a session without tokens: the caller keeps what it had (and, for a refresh,
    // the token it proposed, which the server may have taken).
    const json = await res.json().catch(() => null);
    if (typeof json?.idToken !== 'string' || typeof json.refreshToken !== 'string' || !json.user || typeof json.expiresIn !== 'number') {
      throw new Error('The answer of the sign-in service was cut short. Please try again.');
    }
    return { idToken: json.idToken, refreshToken: json.refreshToken, expiresAt: Date.now() + json.expiresIn * 1000, user: json.user };
  }

  async signIn(email: string, password: string): Promise<IdentityUser> {
    const session = await this.sessionFrom(await this.post(login, { email, password }));
    this.save(session);
    return session.user;
  }

  async register(input: { email: string; password: string; displayName: string }): Promise<IdentityUser> {
    const session = await this.sessionFrom(await this.post(register, input));
    this.save(session);
    return session.user;
  }

  /**
   * Finishes a sign-in with a provider: the one-use code the API's callback sent this page with, for
   * the same session a password sign-in gives, and where the sign-in page was going.
   */
  async completeProviderSignIn(
    code: string,
    secret: string,
  ): Promise<{ user: IdentityUser; redirectUrl: string | null; prompt: string | null; created: boolean }> {
    const res = await this.post(oidcComplete, { code, secret });
    const extra = (
      res.ok
        ? await res
            .clone()
            .json()
            .catch(() => ({}))
        : {}
    ) as { redirectUrl?: unknown; prompt?: unknown; created?: unknown };
    const session = await this.sessionFrom(res);
    this.save(session);
    const text = (v: unknown) => (typeof v === 'string' ? v : null);
    return { user: session.user, redirectUrl: text(extra.redirectUrl), prompt: text(extra.prompt), created: extra.created === true };
  }

  /** Takes a session the API issued to this device in another answer (a password change ended every earlier one). */
  adopt(answer: { idToken: string; refreshToken: string; expiresIn: number; user: IdentityUser }): void {
    this.save({ idToken: answer.idToken, refreshToken: answer.refreshToken, expiresAt: Date.now() + answer.expiresIn * 1000, user: answer.user });
  }

  async signOut(): Promise<void> {
    const token = this.session?.refreshToken;
    this.save(null);
    if (token) await this.post(logout, { refreshToken: token }).catch((err: unknown) => console.warn('logout request failed', err));
  }

  /** Replaces the cached profile (e.g. after a rename) without touching tokens. */
  updateUser(user: Partial<IdentityUser>): void {
    if (this.session) this.save({ ...this.session, user: { ...this.session.user, ...user } });
  }

  /** A valid ID token, refreshed first when it is about to expire. */
  async getIdToken(forceRefresh = false): Promise<string | null> {
    if (!this.session) return null;
    // After a refresh went unanswered, requests wait for the retry timer instead of each starting
    // one: every attempt adds a proposal the server may have taken, and a page making requests
    // while offline would otherwise push the one the server holds out of the pending list.
    const backingOff = Date.now() - this.unansweredAt < RETRY_MS;
    if (forceRefresh || (!backingOff && this.session.expiresAt - Date.now() < 60_000)) return (await this.refresh())?.idToken ?? null;
    return this.session.idToken;
  }

  /**
   * Rotates the refresh token. Tabs share one stored session, and a refresh token works once, so
   * tabs take a lock and adopt a session another tab refreshed meanwhile instead of replaying it.
   */
  refresh(): Promise<IdentitySession | null> {
    this.refreshing ??= this.withLock(async () => {
      const stored = readStored();
      if (stored && this.session && stored.refreshToken !== this.session.refreshToken) {
        this.session = stored;
        this.schedule();
        this.emit();
        return stored;
      }
      // The stored copy holds the tokens proposed in earlier, unanswered refreshes.
      const current = stored && this.session && stored.refreshToken === this.session.refreshToken ? stored : this.session;
      if (!current) return null;
      const generation = this.generation;
      try {
        const next = await this.rotate(current, generation);
        this.unansweredAt = 0;
        // A session adopted, signed in or signed out while this refresh was out (a password change
        // answers with a new one and ends the old, whose refresh then fails) is the one that stands.
        if (this.generation !== generation) return this.session;
        this.save(next);
        return next;
      } catch (err) {
        if (this.generation !== generation) return this.session;
        if (err instanceof AuthRequestError && err.status === 401) {
          this.save(null);
          return null;
        }
        // Offline or server trouble: keep the session and try again shortly.
        this.unansweredAt = Date.now();
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.refresh(), RETRY_MS);
        return current;
      }
    }).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /**
   * One refresh. The client proposes the next refresh token and stores it before asking, so a lost
   * answer never leaves it holding only a spent token (presenting one ends the sign-in). Candidates
   * are tried newest first: the newest token the server knows is the one not yet spent, so a spent
   * one is never presented; tokens the server never saw are refused harmlessly (401) and skipped.
   */
  private async rotate(current: IdentitySession, generation: number): Promise<IdentitySession> {
    const chain = [...(current.pending ?? [])].reverse().concat(current.refreshToken);
    let pending = [...(current.pending ?? [])];
    let refused: AuthRequestError | null = null;
    for (const refreshToken of chain) {
      const proposal = newProposal();
      pending = [...pending, await deriveRefreshToken(refreshToken, proposal)].slice(-MAX_PENDING);
      if (this.generation !== generation) throw new Error('The session was replaced during the refresh.');
      // Stored before the request leaves: the answer may never arrive. Same tokens, so no one is told.
      this.session = { ...current, pending };
      localStorage.setItem(STORAGE_KEY, JSON.stringify(this.session));
      try {
        const next = await this.sessionFrom(await this.post(refresh, { refreshToken, nextRefreshToken: proposal }));
        return { ...next, pending: [] };
      } catch (err) {
        if (!(err instanceof AuthRequestError && err.status === 401)) throw err;
        refused = err;
      }
    }
    throw refused ?? new AuthRequestError(401, 'invalid_refresh_token', 'Your session has ended. Please sign in again.');
  }

  private withLock<T>(fn: () => Promise<T>): Promise<T> {
    if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request('sprout-auth-refresh', fn);
    return fn();
  }
}
