import { FAVICON_PATH, SOCIAL_IMAGE_PATH, titleOf, withPageHead, type PageHead } from '@sprout/core';
import { readSiteSettings, type SiteSettings } from '@sprout/core/contract';
import { deploymentVersionOf, getScreenshot, getSiteSettings, getThumbnailId } from '@sprout/db';
import type { Services } from '../services';
import { canonicalOrigin } from './custom-domain-host';

/** A published app as its host found it: the project and its live deployment. */
export interface LiveSite {
  sproutId: string;
  deploymentId: string;
}

type HeadServices = Pick<Services, 'db' | 'config' | 'sitePages'>;

/** The app's page settings as they are now (read on every page: a change shows without republishing), and when they changed. */
export async function liveSettings(s: Pick<Services, 'db'>, sproutId: string): Promise<{ settings: SiteSettings; version: number }> {
  const row = await getSiteSettings(s.db, sproutId);
  return { settings: readSiteSettings(row?.settings), version: row?.updatedAt.getTime() ?? 0 };
}

/** The screenshot a deployment's social image defaults to: its version's, else the project's newest; null when there is none. */
export async function thumbnailIdOf(s: Pick<Services, 'db'>, site: LiveSite): Promise<string | null> {
  const versionId = await deploymentVersionOf(s.db, site.deploymentId);
  if (versionId && (await getScreenshot(s.db, site.sproutId, versionId))) return versionId;
  return getThumbnailId(s.db, site.sproutId);
}

// Whether a deployment has a thumbnail, known for a while: asked on every page, and it only changes
// from no to yes (a screenshot taken after the publish), so a "no" is asked again after a minute.
const RECHECK_NO_MS = 60_000;

async function hasThumbnail(s: HeadServices, site: LiveSite): Promise<boolean> {
  const known = s.sitePages.thumbnails.get(site.deploymentId);
  if (known && (known.has || Date.now() - known.at < RECHECK_NO_MS)) return known.has;
  const has = (await thumbnailIdOf(s, site)) !== null;
  s.sitePages.thumbnails.set(site.deploymentId, { has, at: Date.now() });
  return has;
}

/**
 * A published page with the head its settings say (title, description, canonical URL at the
 * canonical origin, Open Graph and Twitter tags, favicon, language); `noindex` for an address that
 * is none of the app's pages.
 */
export async function withSiteHead(s: HeadServices, site: LiveSite, slug: string, page: Uint8Array, route: string, noindex: boolean): Promise<Uint8Array> {
  const { settings, version } = await liveSettings(s, site.sproutId);
  const image =
    settings.socialImage === 'upload' ? settings.socialImageUploadId !== null : settings.socialImage === 'thumbnail' && (await hasThumbnail(s, site));
  // The canonical origin is decided in one place (custom-domain-host.ts): the address search engines should keep.
  const origin = await canonicalOrigin(s, slug);
  const key = `${site.deploymentId}|${version}|${image}|${noindex}|${route}|${origin}`;
  const kept = s.sitePages.pages.get(key);
  if (kept) return kept;
  const html = Buffer.from(page).toString('utf8');
  const head: PageHead = {
    title: settings.title || titleOf(html) || slug,
    description: settings.description,
    language: settings.language,
    canonicalUrl: `${origin}${route}`,
    imageUrl: image ? `${origin}${SOCIAL_IMAGE_PATH}` : null,
    faviconUrl: settings.favicon === 'upload' && settings.faviconUploadId ? FAVICON_PATH : null,
    noindex,
  };
  const body = Buffer.from(withPageHead(html, head), 'utf8');
  s.sitePages.pages.set(key, body);
  return body;
}
