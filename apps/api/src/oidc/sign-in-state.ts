import { timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import { insertOidcSignIn, newSecret, sha256Hex, takeOidcSignIn, type Executor, type OidcSignInRow } from '@sprout/db';

/**
 * The cookie that binds a sign-in to the browser it started in: a state that comes back in another
 * browser (a link someone was sent, a login CSRF) finds no matching cookie and is refused. Scoped to
 * the provider routes; Lax, so the provider's redirect back (a top-level GET) carries it.
 */
export const BROWSER_COOKIE = 'sprout_oidc';
const SIGN_IN_TTL_MS = 10 * 60_000;
const COOKIE_PATH = '/v1/auth/oidc';
const BINDING = /^[A-Za-z0-9_-]{43}$/;

export function browserCookie(value: string, secure: boolean): string {
  return `${BROWSER_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${SIGN_IN_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The binding cookie's value in a Cookie header, if any. */
export function readBrowserCookie(header: string | undefined): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === BROWSER_COOKIE) return value.join('=');
  }
  return undefined;
}

/** The browser's binding: the one it holds (two tabs signing in at once share it), or a new one. */
export function browserBinding(existing: string | undefined): string {
  return existing && BINDING.test(existing) ? existing : newSecret();
}

export interface NewSignIn {
  provider: string;
  browser: string;
  /** The hash the sign-in page sent of its tab's secret. */
  tabHash: string;
  redirectUrl?: string;
  prompt?: string;
  origin: 'login' | 'register';
}

/** Stores a sign-in on its way to the provider; what the authorization request carries. */
export async function saveSignIn(db: Executor, input: NewSignIn, now = Date.now()) {
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await insertOidcSignIn(db, {
    stateHash: sha256Hex(state),
    provider: input.provider,
    browserHash: sha256Hex(input.browser),
    tabHash: input.tabHash,
    codeVerifier,
    nonce,
    redirectUrl: input.redirectUrl ?? null,
    prompt: input.prompt ?? null,
    origin: input.origin,
    expiresAt: new Date(now + SIGN_IN_TTL_MS),
  });
  return { state, nonce, codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier) };
}

/**
 * The sign-in a returning state belongs to, taken once. Null when it is unknown, used, expired, for
 * another provider, or came back in a browser other than the one it started in.
 */
export async function takeSignIn(db: Executor, provider: string, state: string, browser: string | undefined): Promise<OidcSignInRow | null> {
  const row = await takeOidcSignIn(db, sha256Hex(state));
  if (!row || row.provider !== provider || !browser) return null;
  const a = Buffer.from(row.browserHash);
  const b = Buffer.from(sha256Hex(browser));
  return a.length === b.length && timingSafeEqual(a, b) ? row : null;
}
