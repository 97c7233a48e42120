import { clampPrompt } from '../prompts/prompt';
import { CONTROL_CHARS, encodeQueryValue, isBlank } from '../text/text';

export const DEFAULT_REDIRECT_HOSTS = ['localhost:3000', 'localhost:8888'] as const;

/** Longer redirect targets are refused outright; no real page of ours needs one. */
export const REDIRECT_URL_MAX_LENGTH = 2048;

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/;

/** A configured host may be given bare ('sprout.dev:8443') or as an origin ('https://sprout.dev'). */
function configuredHost(value: string | undefined): string | null {
  const v = value?.trim().toLowerCase();
  if (!v) return null;
  if (v.includes('://')) {
    if (!URL.canParse(v)) return null;
    return new URL(v).host || null;
  }
  return HOST.test(v) ? v : null;
}

export function allowedRedirectHosts(opts: { mainSiteHost?: string; productHost?: string }): string[] {
  const hosts = [...DEFAULT_REDIRECT_HOSTS, configuredHost(opts.mainSiteHost), configuredHost(opts.productHost)];
  return [...new Set(hosts.filter((h): h is string => h !== null))];
}

export function redirectWarning(hosts: string[]): string {
  return `Redirect destination host must be one of ${hosts.join(', ')}.`;
}

// Whitespace, controls, zero-width and bidi characters: URL parsers silently strip or keep some
// of them, which is exactly how allow-list checks get fooled. A real redirect never holds one.
const SUSPICIOUS = /[\s\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/;

const BASE = 'http://same-origin.invalid';

function isSafeRelativePath(url: string): boolean {
  if (!url.startsWith('/') || url[1] === '/' || url[1] === '\\') return false;
  // A server that decodes before redirecting would turn '/%2F/evil.com' into '//evil.com'.
  if (/^\/%(?:2f|5c)/i.test(url)) return false;
  return URL.canParse(url, BASE) && new URL(url, BASE).origin === BASE;
}

function allowedAbsoluteUrl(url: string, allowedHosts: string[]): string | null {
  // Require the full 'http(s)://' form: 'https:evil.com' and 'https:/evil.com' parse as absolute URLs.
  if (!/^https?:\/\/[^/]/i.test(url) || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  // Userinfo is never needed and is the classic way to hide the real host ('https://ok.com@evil.com').
  if (parsed.username !== '' || parsed.password !== '') return null;
  const allowed = new Set(allowedHosts.map((h) => h.toLowerCase()));
  return allowed.has(parsed.host) ? parsed.href : null;
}

export type SignInRedirect = { to: string; warning?: string };

/**
 * Where to send a user after signing in. A prompt wins over
 * redirectUrl; a missing redirectUrl goes to /build; anything not provably ours goes to /build with
 * a warning to log. Allowed absolute URLs come back normalised (WHATWG serialisation), so the
 * address followed is exactly the one that was checked.
 */
export function resolveSignInRedirect(input: { redirectUrl?: string | null; prompt?: string | null; allowedHosts: string[] }): SignInRedirect {
  const { redirectUrl, prompt, allowedHosts } = input;
  if (typeof prompt === 'string' && !isBlank(prompt)) {
    return { to: `/init-project?prompt=${encodeQueryValue(clampPrompt(prompt))}` };
  }
  if (redirectUrl === undefined || redirectUrl === null || redirectUrl === '') return { to: '/build' };
  const refused = { to: '/build', warning: redirectWarning(allowedHosts) };
  if (typeof redirectUrl !== 'string' || redirectUrl.length > REDIRECT_URL_MAX_LENGTH) return refused;
  if (CONTROL_CHARS.test(redirectUrl) || SUSPICIOUS.test(redirectUrl) || redirectUrl.includes('\\')) return refused;
  if (isSafeRelativePath(redirectUrl)) return { to: redirectUrl };
  const absolute = allowedAbsoluteUrl(redirectUrl, allowedHosts);
  return absolute === null ? refused : { to: absolute };
}

/** Where to send someone who is not signed in, so that they come back to the same page afterwards. */
export function loginRedirectFor(currentPathWithQuery: string): string {
  return authRedirectFor('login', currentPathWithQuery);
}

/** The sign-in ('login') or sign-up ('register') page, bringing the person back to the same page afterwards. */
export function authRedirectFor(page: 'login' | 'register', currentPathWithQuery: string): string {
  return `/${page}?redirectUrl=${encodeQueryValue(currentPathWithQuery)}`;
}

// A share link of this site, as a sign-in redirect names it: /build/magic/{id}, nothing after the id but a query.
const SHARE_LINK_PATH = /^\/build\/magic\/([a-z0-9]{1,64})\/?(?:\?[^#]*)?(?:#.*)?$/;

/**
 * The project id of the share link a sign-in or sign-up page will return to, or null when the
 * redirect is anything else: the page then shows what the person is about to remix. Only a relative
 * address counts (the one a share link's own redirect makes), and only one that resolveSignInRedirect
 * would follow.
 */
export function shareLinkIdOf(redirectUrl: string | null | undefined): string | null {
  if (typeof redirectUrl !== 'string' || !isSafeRelativePath(redirectUrl)) return null;
  return SHARE_LINK_PATH.exec(redirectUrl)?.[1] ?? null;
}
