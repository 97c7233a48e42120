import { getDeploymentFile, getPublishedSite, getSproutDeploymentFile, type DeploymentFile } from '@sprout/db';
import { readCookie } from './cookies';
import { siteUrlOf } from './hosts';
import type { Services } from '../services';
import { notPublishedPage } from './pages';
import { htmlPage, isPageRoute, missingFile, requestPath, type HostedResponse } from './response';
import { siteExtra, sitePage } from './site-pages';
import { VISITS_SCRIPT, VISITS_SCRIPT_PATH, withVisitsScript } from './visits-script';

/** Sprout's own page for an address with nothing published: a 404 with a way to Sprout. */
function notPublished(s: Services): HostedResponse {
  return { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: notPublishedPage(s.config.webUrl) };
}

/**
 * A published file's bytes: from the file store (through this instance's cache: a deployment's
 * files never change), or from its row when it was published before the store kept them. Null when
 * the store has lost them, which is logged: the visitor gets the missing file's answer.
 */
async function bytesOf(s: Services, file: DeploymentFile | null): Promise<Uint8Array | null> {
  if (!file?.storageKey) return file?.content ?? null;
  const bytes = await s.siteFiles.get(file.storageKey);
  if (!bytes) s.log.warn({ key: file.storageKey }, 'a published file is missing from the file store');
  return bytes;
}

/**
 * Answers a request on `{slug}.{SITES_DOMAIN}` from the project's active deployment. The slug lookup
 * runs on every request (unpublishing takes effect at once on every instance); files of a
 * deployment never change, so hashed assets may be cached by browsers for good, and by each
 * instance in memory.
 */
export async function serveSite(s: Services, slug: string, url: string, cookie?: string, domain?: string): Promise<HostedResponse> {
  const parsed = requestPath(url);
  if (!parsed) return htmlPage(400, 'Bad request', 'This address is not valid.');
  const site = await getPublishedSite(s.db, slug);
  if (!site) return notPublished(s);
  if (parsed.path === VISITS_SCRIPT_PATH)
    return { status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600' }, body: VISITS_SCRIPT };
  const path = parsed.path.replace(/^\/+/, '');
  // Prerendered pages are served at their routes (site-pages.ts), never as files of their own.
  let direct = path === '' || path === 'index.html' || path.startsWith('_prerendered/') ? null : await getDeploymentFile(s.db, site.deploymentId, path);
  // Right after a republish, a page loaded a moment before still asks for its own hashed assets.
  if (!direct && path.startsWith('assets/')) direct = await getSproutDeploymentFile(s.db, site.sproutId, path);
  const directBytes = await bytesOf(s, direct);
  if (direct && directBytes) {
    const immutable = path.startsWith('assets/');
    return {
      status: 200,
      headers: { 'content-type': direct.contentType, 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300' },
      body: directBytes,
    };
  }
  // The sitemap, robots.txt and the pages' images, unless the app has files of those names.
  const extra = await siteExtra(s, site, slug, parsed.path);
  if (extra) return extra;
  if (!isPageRoute(parsed.path)) return missingFile(parsed.path);
  const page = await sitePage(s, site, slug, parsed.path);
  if (!page) return notPublished(s);
  // `domain`: served on the app's custom domain (custom-domain-host.ts), whose cookies are its own, and
  // which another app may have had before (a domain moves between apps): its storage is cleared once.
  const visitor = await s.siteVisitorCookie(site.sproutId, domain ?? new URL(siteUrlOf(slug, s.config)).hostname, cookie);
  const forget = forgetEarlierApp(s, domain ? { ...site, addressInherited: true } : site, cookie);
  const setCookie = [...visitor, ...(forget ? [forget.cookie] : [])];
  return {
    status: page.status,
    headers: {
      'content-type': page.contentType,
      // A page carrying a visitor's cookie is theirs alone: no shared cache may keep it.
      'cache-control': setCookie.length ? 'private, no-cache' : 'no-cache',
      ...(forget ? { 'clear-site-data': forget.clear } : {}),
      ...(setCookie.length ? { 'set-cookie': setCookie } : {}),
    },
    // Every page reports its views (site-analytics/): added as it is served, so apps published before count too.
    body: withVisitsScript(page.body),
  };
}

/**
 * An address another owner's app had before: visitors' browsers may still keep that app's storage
 * (localStorage, IndexedDB, caches) on this origin, which this app must not read. The first page a
 * browser gets from this app there clears it, and a cookie naming the app says it was done.
 */
function forgetEarlierApp(
  s: Services,
  site: { sproutId: string; addressInherited: boolean },
  cookie: string | undefined,
): { clear: string; cookie: string } | null {
  const name = s.config.appProtocol === 'https' ? `__Host-${SITE_COOKIE}` : SITE_COOKIE;
  if (!site.addressInherited || readCookie(cookie, name) === site.sproutId) return null;
  const secure = s.config.appProtocol === 'https' ? '; Secure' : '';
  return { clear: '"storage"', cookie: `${name}=${site.sproutId}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}` };
}

const SITE_COOKIE = 'sprout_site';
