import { authRedirectFor } from '@sprout/core';

/**
 * What the sign-in and sign-up pages hand each other: where a signed-out prompt goes (sign-in for
 * a browser that has had an account here, lib/api/known-account; otherwise sign-up), and an email
 * typed on one page for the other ("Sign in instead" after "An account with this email already
 * exists"). The email goes through sessionStorage, never the address, so it stays out of history,
 * logs and analytics.
 */

const EMAIL_KEY = 'sprout.auth.email';
/** A handed-over email is for the very next page; one found later was left behind. */
const EMAIL_TTL_MS = 10 * 60_000;

type AuthPage = 'login' | 'register';

/** Where a signed-out person's prompt goes: sign-in for a returning person, sign-up for a new one. */
export function authPageFor(returning: boolean): AuthPage {
  return returning ? 'login' : 'register';
}

/** Where a signed-out visitor goes, to come back to `current` afterwards: sign-in ('login'), or ('join') sign-up unless `returning`. */
export function signedOutHref(behaviour: 'login' | 'join', current: string, returning: boolean): string {
  return authRedirectFor(behaviour === 'login' ? 'login' : authPageFor(returning), current);
}

export function handOverEmail(email: string, now = Date.now()): void {
  try {
    sessionStorage.setItem(EMAIL_KEY, JSON.stringify({ email: email.trim().slice(0, 254), at: now }));
  } catch {
    // Storage blocked: the other page starts with an empty email field.
  }
}

/** The email the other page handed over (once: it is removed), or '' when none is fresh. */
export function takeHandedEmail(now = Date.now()): string {
  try {
    const raw = sessionStorage.getItem(EMAIL_KEY);
    if (raw === null) return '';
    sessionStorage.removeItem(EMAIL_KEY);
    const rec = JSON.parse(raw) as { email?: unknown; at?: unknown };
    if (typeof rec.email !== 'string' || typeof rec.at !== 'number' || now - rec.at > EMAIL_TTL_MS || rec.at > now) return '';
    return rec.email;
  } catch {
    return '';
  }
}

/** The other auth page, keeping where the person was going and their prompt. */
export function authSwitchHref(to: AuthPage, search: URLSearchParams): string {
  const keep = new URLSearchParams();
  for (const k of ['redirectUrl', 'prompt']) {
    const v = search.get(k);
    if (v) keep.set(k, v);
  }
  return keep.size ? `/${to}?${keep.toString()}` : `/${to}`;
}
