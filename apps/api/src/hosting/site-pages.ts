import { FAVICON_PATH, PRERENDERED_ROUTES_FILE, SOCIAL_IMAGE_PATH, isKnownRoute, pageRouteKey, prerenderedFileOf, robotsTxt, sitemapXml } from '@sprout/core';
import { getDeploymentFile, getSiteUpload } from '@sprout/db';
import type { Services } from '../services';
import { canonicalOrigin } from './custom-domain-host';
import type { HostedResponse } from './response';
import { liveSettings, thumbnailIdOf, withSiteHead, type LiveSite } from './site-head';

type PageServices = Pick<Services, 'db' | 'config' | 'siteFiles' | 'screenshots' | 'log' | 'sitePages'>;

/** A deployment file's bytes (from the file store through this instance's cache, or its row); null when it has none. */
async function fileOf(s: PageServices, deploymentId: string, path: string): Promise<{ contentType: string; body: Uint8Array } | null> {
  const file = await getDeploymentFile(s.db, deploymentId, path);
  if (!file) return null;
  const body = file.storageKey ? await s.siteFiles.get(file.storageKey) : file.content;
  return body ? { contentType: file.contentType, body } : null;
}

/**
 * A deployment's prerendered routes (null: it has none, published before prerendering or when it
 * failed): a deployment never changes, so they are read once per instance.
 */
async function prerenderedRoutes(s: PageServices, deploymentId: string): Promise<Set<string> | null> {
  const { routeLists } = s.sitePages;
  if (routeLists.has(deploymentId)) return routeLists.get(deploymentId)!;
  const file = await fileOf(s, deploymentId, PRERENDERED_ROUTES_FILE);
  let routes: Set<string> | null = null;
  try {
    const list: unknown = file ? JSON.parse(Buffer.from(file.body).toString('utf8')) : null;
    if (Array.isArray(list)) routes = new Set(list.filter((r): r is string => typeof r === 'string' && pageRouteKey(r) === r));
  } catch {
    s.log.warn({ deploymentId }, 'a deployment’s prerendered route list is unreadable');
  }
  routeLists.set(deploymentId, routes);
  return routes;
}

/**
 * A page of a published app: its prerendered HTML when the route has one, else the app's page — with
 * status 404 (and noindex) for an address that is none of its routes when the deployment knows its
 * routes; apps published before keep answering 200 with the app on every route. Its head is written
 * from the settings as they are now. Null when the deployment has no page at all.
 */
export async function sitePage(
  s: PageServices,
  site: LiveSite,
  slug: string,
  path: string,
): Promise<{ status: number; contentType: string; body: Uint8Array } | null> {
  const route = pageRouteKey(path) ?? '/';
  const routes = await prerenderedRoutes(s, site.deploymentId);
  const known = routes === null || isKnownRoute(route, routes);
  const page = (routes?.has(route) ? await fileOf(s, site.deploymentId, prerenderedFileOf(route)) : null) ?? (await fileOf(s, site.deploymentId, 'index.html'));
  if (!page) return null;
  return { status: known ? 200 : 404, contentType: page.contentType, body: await withSiteHead(s, site, slug, page.body, route, !known) };
}

const text = (type: string, body: string): HostedResponse => ({ status: 200, headers: { 'content-type': type, 'cache-control': 'public, max-age=300' }, body });
const image = (type: string, body: Uint8Array): HostedResponse => ({
  status: 200,
  headers: { 'content-type': type, 'cache-control': 'public, max-age=300', 'content-security-policy': "default-src 'none'" },
  body,
});
const NO_IMAGE: HostedResponse = { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: 'Not found' };

/**
 * What Sprout answers on a published app's origin besides its files and pages (the app's own
 * robots.txt and sitemap.xml are files, served before this is asked): the sitemap of its prerendered
 * routes, a robots.txt naming it, and its social image and favicon. Null: none of these.
 */
export async function siteExtra(s: PageServices, site: LiveSite, slug: string, path: string): Promise<HostedResponse | null> {
  if (path === '/sitemap.xml') {
    const routes = await prerenderedRoutes(s, site.deploymentId);
    return text('application/xml; charset=utf-8', sitemapXml(await canonicalOrigin(s, slug), routes ? [...routes] : ['/']));
  }
  if (path === '/robots.txt') return text('text/plain; charset=utf-8', robotsTxt(await canonicalOrigin(s, slug)));
  if (path !== SOCIAL_IMAGE_PATH && path !== FAVICON_PATH) return null;
  const { settings } = await liveSettings(s, site.sproutId);
  if (path === FAVICON_PATH) {
    if (settings.favicon !== 'upload' || !settings.faviconUploadId) return NO_IMAGE;
    return uploaded(s, site, settings.faviconUploadId);
  }
  if (settings.socialImage === 'upload' && settings.socialImageUploadId) return uploaded(s, site, settings.socialImageUploadId);
  if (settings.socialImage !== 'thumbnail') return NO_IMAGE;
  const shot = await thumbnailIdOf(s, site);
  const bytes = shot ? await s.screenshots.read(site.sproutId, shot) : null;
  return bytes ? image('image/jpeg', bytes) : NO_IMAGE;
}

async function uploaded(s: PageServices, site: LiveSite, uploadId: string): Promise<HostedResponse> {
  const upload = await getSiteUpload(s.db, site.sproutId, uploadId);
  // An upload's bytes never change: the same cache as the published files'.
  const bytes = upload ? await s.siteFiles.get(upload.storageKey) : null;
  return upload && bytes ? image(upload.mimeType, bytes) : NO_IMAGE;
}
