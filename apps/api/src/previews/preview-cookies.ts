import { readCookie } from '../hosting/cookies';

/*
 * The preview session cookie is host-only (no Domain), so it belongs to one project's preview
 * origin and no other, and HttpOnly, so the project's own code cannot read it.
 *
 * The preview is framed by the web app on another site: browsers treat `*.preview.localhost` and
 * `localhost` as different sites (`localhost` is a top-level domain of its own), just as a
 * production preview domain must be a different registrable domain from the web app. A framed
 * cross-site page only keeps cookies that are `SameSite=None; Secure`, and with third-party cookies
 * blocked (Chromium's default), only when also `Partitioned` (CHIPS: kept per top-level site).
 * Browsers accept Secure cookies over plain http on localhost, which is what development uses;
 * anything else must be served over https.
 *
 * Over http a second, `SameSite=Lax` cookie is set too, for browsers that refuse Secure cookies
 * on http: it makes "open in a new tab" work there even if the frame cannot keep a cookie.
 */
function previewCookieNames(protocol: 'http' | 'https'): string[] {
  return protocol === 'https' ? ['__Host-sprout_preview'] : ['sprout_preview', 'sprout_preview_lax'];
}

export function previewSetCookies(protocol: 'http' | 'https', value: string, maxAgeSeconds: number): string[] {
  const base = `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly`;
  const [framed, lax] = previewCookieNames(protocol);
  const cookies = [`${framed}=${value}; ${base}; Secure; SameSite=None; Partitioned`];
  if (lax) cookies.push(`${lax}=${value}; ${base}; SameSite=Lax`);
  return cookies;
}

/** The session tokens the request carries, in order of preference. */
export function readPreviewCookies(header: string | undefined, protocol: 'http' | 'https'): string[] {
  return previewCookieNames(protocol)
    .map((name) => readCookie(header, name))
    .filter((v): v is string => !!v);
}
