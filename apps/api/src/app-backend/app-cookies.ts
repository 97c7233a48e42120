import { cookieValues } from '../hosting/cookies';

// An app's cookies (visitor id, app user session) are host-only, HttpOnly, and on https `__Host-`
// prefixed: browsers refuse a `__Host-` cookie that names a Domain, so no other app under the shared
// sites (or preview) domain can plant one for this app ("cookie tossing"). Over plain http (local
// development) the prefix is not allowed, so a request that carries two cookies of one name (ours and
// one planted for the parent domain) is read as carrying none: signed out, a new visitor. The preview is
// framed cross-site by the Sprout page, where only `SameSite=None; Secure; Partitioned` cookies are kept
// (see previews/preview-cookies.ts); a published app is a top-level page: `SameSite=Lax`.

export const VISITOR_COOKIE = 'sprout_visitor';
export const APP_SESSION_COOKIE = 'sprout_app_session';
const PATH = '/_sprout/';

type Kind = 'preview' | 'site';
type Protocol = 'http' | 'https';

/** The name a cookie goes by on this protocol. */
const appCookieName = (protocol: Protocol, name: string) => (protocol === 'https' ? `__Host-${name}` : name);

export function appSetCookie(kind: Kind, protocol: Protocol, name: string, value: string, maxAgeSeconds: number): string {
  // `__Host-` requires Path=/; HttpOnly keeps the app's own scripts from it on every path anyway.
  const base = `${appCookieName(protocol, name)}=${value}; Path=${protocol === 'https' ? '/' : PATH}; Max-Age=${maxAgeSeconds}; HttpOnly`;
  if (kind === 'preview') return `${base}; Secure; SameSite=None; Partitioned`;
  return protocol === 'https' ? `${base}; Secure; SameSite=Lax` : `${base}; SameSite=Lax`;
}

export function appClearCookie(kind: Kind, protocol: Protocol, name: string): string {
  return appSetCookie(kind, protocol, name, '', 0);
}

export interface AppCookie {
  /** The cookie's value when the request carries exactly one of that name. */
  value: string | undefined;
  /** Two or more of that name: one was planted by another app of the shared domain. */
  planted: boolean;
}

/** An app cookie as the request carries it: its one value, or none when it comes twice. */
export function readAppCookie(header: string | undefined, protocol: Protocol, name: string): AppCookie {
  const values = cookieValues(header, appCookieName(protocol, name));
  return values.length === 1 ? { value: values[0], planted: false } : { value: undefined, planted: values.length > 1 };
}

/**
 * Set-Cookie lines that remove a cookie another app planted for a parent domain of this app's host
 * (the only way a host can reach such a cookie), at the paths a planted cookie is likely to use.
 */
export function clearPlantedCookies(host: string, protocol: Protocol, name: string): string[] {
  const labels = host.split(':')[0]!.split('.');
  const out: string[] = [];
  // Every parent domain but the top-level one: `a.sites.example.com` → sites.example.com, example.com.
  for (let i = 1; i < labels.length - 1; i++) {
    const domain = labels.slice(i).join('.');
    for (const path of ['/', PATH, '/_sprout']) out.push(`${appCookieName(protocol, name)}=; Domain=${domain}; Path=${path}; Max-Age=0`);
  }
  return out;
}
