import * as client from 'openid-client';
import type { OidcFailure } from '@sprout/core';
import type { OidcCompletion, OidcStartQuery } from '@sprout/core/contract';
import { getUserById, type OidcSignInRow } from '@sprout/db';
import type { Services } from '../services';
import { AppError } from '../errors';
import { countProviderSignIn } from '../auth/login-limits';
import { issueSession } from '../auth/sessions';
import type { OidcProviderConfig } from './config';
import { createHandoff, takeHandoff } from './handoff';
import { accountFor, type ProviderClaims } from './provider-accounts';
import { SignInFailure } from './sign-in-failure';
import { browserBinding, saveSignIn, takeSignIn } from './sign-in-state';

const SCOPE = 'openid email profile';

/** Where the provider sends the browser back: registered with the provider as the redirect URI. */
const callbackUrl = (s: Services, p: OidcProviderConfig) => `${s.config.apiUrl}/v1/auth/oidc/${p.id}/callback`;

export function providerOf(s: Services, id: string): OidcProviderConfig {
  const p = s.oidc.find(id);
  if (!p) throw new AppError(404, 'unknown_provider', 'This sign-in provider is not set up here.');
  return p;
}

type Redirect = { location: string; browser?: string };

/**
 * Starts a sign-in: stores its state, PKCE verifier and nonce (bound to this browser) and sends the
 * browser to the provider's authorization endpoint. Failures go back to the page it came from.
 */
export async function startSignIn(s: Services, p: OidcProviderConfig, query: OidcStartQuery, browserCookie: string | undefined, ip: string): Promise<Redirect> {
  const origin = query.from ?? 'login';
  const back = { origin, redirectUrl: query.redirectUrl ?? null, prompt: query.prompt ?? null };
  try {
    if (!(await countProviderSignIn(s, ip))) throw new SignInFailure('too_many');
    // Started without the page's tab binding (a link followed before the page could add it, or
    // another site's): nothing could complete it, so it does not go to the provider at all.
    if (!query.tab) throw new SignInFailure('expired', 'no tab binding');
    const config = await reach(() => s.oidc.configuration(p));
    const browser = browserBinding(browserCookie);
    const { state, nonce, codeChallenge } = await saveSignIn(s.db, {
      provider: p.id,
      browser,
      tabHash: query.tab,
      redirectUrl: query.redirectUrl,
      prompt: query.prompt,
      origin,
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(s, p),
      scope: SCOPE,
      state,
      nonce,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
    return { location: url.href, browser };
  } catch (err) {
    return { location: failureUrl(s, p, reasonOf(s, p, err), back) };
  }
}

/**
 * The provider's answer: the state is taken (once, from this browser), the code exchanged, the ID
 * token verified by the library (signature, issuer, audience, nonce, times), the person's account
 * found or made, and the browser sent on to the web app's /auth/complete with a one-use code.
 */
export async function finishSignIn(
  s: Services,
  p: OidcProviderConfig,
  query: { code?: string; state?: string; error?: string; error_description?: string },
  search: string,
  browser: string | undefined,
  ip: string,
): Promise<Redirect> {
  let row: OidcSignInRow | null = null;
  try {
    row = query.state ? await takeSignIn(s.db, p.id, query.state, browser) : null;
    if (query.error) throw new SignInFailure(query.error === 'access_denied' ? 'cancelled' : 'refused', `${query.error}: ${query.error_description ?? ''}`);
    if (!row) throw new SignInFailure('expired', 'unknown, used, expired or foreign state');
    const config = await reach(() => s.oidc.configuration(p));
    const current = new URL(callbackUrl(s, p));
    current.search = search;
    const tokens = await reach(() =>
      client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: row!.codeVerifier,
        expectedState: query.state,
        expectedNonce: row!.nonce,
        idTokenExpected: true,
      }),
    );
    const claims = await claimsOf(config, tokens);
    const { user, created } = await accountFor(s, p.id, claims, ip);
    const code = await createHandoff(s.db, { userId: user.id, redirectUrl: row.redirectUrl, prompt: row.prompt, created, tabHash: row.tabHash });
    return { location: `${s.config.webUrl}/auth/complete?code=${encodeURIComponent(code)}` };
  } catch (err) {
    return { location: failureUrl(s, p, reasonOf(s, p, err), row ?? { origin: 'login', redirectUrl: null, prompt: null }) };
  }
}

/** The page's half: a one-use code (and its tab's secret) for the session, exactly as a password sign-in answers it. */
export async function completeSignIn(s: Services, code: string, secret: string): Promise<OidcCompletion> {
  const handoff = await takeHandoff(s.db, code, secret);
  const user = handoff && (await getUserById(s.db, handoff.userId));
  if (!handoff || !user) throw new AppError(400, 'invalid_sign_in_code', 'This sign-in has expired. Please try again.');
  return { ...(await issueSession(s, user)), redirectUrl: handoff.redirectUrl, prompt: handoff.prompt, created: handoff.created };
}

/** The ID token's claims, completed from userinfo when it leaves the address out (many providers do). */
async function claimsOf(config: client.Configuration, tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers): Promise<ProviderClaims> {
  const idClaims = tokens.claims();
  if (!idClaims) throw new SignInFailure('failed', 'no ID token');
  if (typeof idClaims.email === 'string' && idClaims.email_verified !== undefined) return idClaims;
  const info = await reach(() => client.fetchUserInfo(config, tokens.access_token, idClaims.sub));
  return { ...info, ...stripUndefined(idClaims), email: info.email ?? idClaims.email, email_verified: info.email_verified ?? idClaims.email_verified };
}

const stripUndefined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** A request to the provider that did not get an answer is the provider being unreachable, not a refusal. */
async function reach<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUnreachable(err)) throw new SignInFailure('unreachable', (err as Error).message);
    throw err;
  }
}

function isUnreachable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return true;
  if (err instanceof TypeError && /fetch failed/i.test(err.message)) return true;
  const cause = (err as { cause?: unknown }).cause;
  return cause !== undefined && cause !== err && isUnreachable(cause);
}

function reasonOf(s: Services, p: OidcProviderConfig, err: unknown): OidcFailure {
  const reason = err instanceof SignInFailure ? err.reason : 'failed';
  const detail = err instanceof SignInFailure ? err.detail : undefined;
  // The person reads one sentence; the log keeps what happened.
  s.log.warn({ err: err instanceof SignInFailure ? undefined : err, provider: p.id, reason, detail }, 'sign-in with a provider failed');
  return reason;
}

/** Back to the sign-in (or sign-up) page with the reason, keeping where the person was going. */
function failureUrl(
  s: Services,
  p: OidcProviderConfig,
  reason: OidcFailure,
  back: { origin: 'login' | 'register'; redirectUrl: string | null; prompt: string | null },
): string {
  const q = new URLSearchParams({ oidcError: reason, provider: p.id });
  if (back.redirectUrl) q.set('redirectUrl', back.redirectUrl);
  if (back.prompt) q.set('prompt', back.prompt);
  return `${s.config.webUrl}/${back.origin}?${q.toString()}`;
}
