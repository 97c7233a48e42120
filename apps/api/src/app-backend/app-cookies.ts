// An app's cookies (visitor id, app user session) are host-only, HttpOnly and scoped to the backend's
// path, so the app's own scripts never read them and no other app's origin receives them. The
// preview is framed cross-site by the Sprout page, where only `SameSite=None; Secure; Partitioned`
// cookies are kept (see hosting/cookies.ts); a published app is a top-level page: `SameSite=Lax`.

export const VISITOR_COOKIE = 'sprout_visitor';
export const APP_SESSION_COOKIE = 'sprout_app_session';
const PATH = '/_sprout/';

export function appSetCookie(kind: 'preview' | 'site', protocol: 'http' | 'https', name: string, value: string, maxAgeSeconds: number): string {
  const base = `${name}=${value}; Path=${PATH}; Max-Age=${maxAgeSeconds}; HttpOnly`;
  if (kind === 'preview') return `${base}; Secure; SameSite=None; Partitioned`;
  return protocol === 'https' ? `${base}; Secure; SameSite=Lax` : `${base}; SameSite=Lax`;
}

export function appClearCookie(kind: 'preview' | 'site', protocol: 'http' | 'https', name: string): string {
  return appSetCookie(kind, protocol, name, '', 0);
}
