import type { Readable } from 'node:stream';
import { FAVICON_PATH, SOCIAL_IMAGE_PATH } from '@sprout/core';
import { readSiteSettings, type SiteSettings, type SiteSettingsInput, type SiteSettingsView } from '@sprout/core/contract';
import { getSiteSettings, getSiteUpload, insertUpload, saveSiteSettings, type SproutRow } from '@sprout/db';
import { AppError } from '../errors';
import { siteUrlOf } from '../hosting/hosts';
import type { Services } from '../services';
import { SITE_IMAGE_LIMITS, siteImageTooLarge, siteImageType, type SiteImageKind } from './site-images';

type SettingsServices = Pick<Services, 'db' | 'config' | 'files'>;

/** The project's page settings, the defaults where nothing was set. */
async function loadSiteSettings(s: Pick<Services, 'db'>, sproutId: string): Promise<SiteSettings> {
  return readSiteSettings((await getSiteSettings(s.db, sproutId))?.settings);
}

/** The settings as the panel shows them: where the app and its images are served once published. */
async function viewOf(s: SettingsServices, sprout: SproutRow, settings: SiteSettings): Promise<SiteSettingsView> {
  const { socialImageUploadId, faviconUploadId, ...input } = settings;
  const hasSocialImageUpload = socialImageUploadId !== null && (await getSiteUpload(s.db, sprout.id, socialImageUploadId)) !== null;
  const hasFaviconUpload = faviconUploadId !== null && (await getSiteUpload(s.db, sprout.id, faviconUploadId)) !== null;
  const siteUrl = sprout.slug && sprout.isDeploymentEnabled && sprout.activeDeploymentId ? siteUrlOf(sprout.slug, s.config) : null;
  return {
    ...input,
    hasSocialImageUpload,
    hasFaviconUpload,
    siteUrl,
    socialImageUrl: siteUrl && settings.socialImage !== 'none' ? `${siteUrl}${SOCIAL_IMAGE_PATH}` : null,
    faviconUrl: siteUrl && settings.favicon === 'upload' && hasFaviconUpload ? `${siteUrl}${FAVICON_PATH}` : null,
  };
}

export async function siteSettingsOf(s: SettingsServices, sprout: SproutRow): Promise<SiteSettingsView> {
  return viewOf(s, sprout, await loadSiteSettings(s, sprout.id));
}

/** Saves what the person set; choosing their own image or icon needs one uploaded first. */
export async function saveSiteSettingsOf(s: SettingsServices, sprout: SproutRow, input: SiteSettingsInput): Promise<SiteSettingsView> {
  const current = await loadSiteSettings(s, sprout.id);
  if (input.socialImage === 'upload' && current.socialImageUploadId === null)
    throw new AppError(400, 'invalid_request', 'Upload a social image before choosing it.');
  if (input.favicon === 'upload' && current.faviconUploadId === null) throw new AppError(400, 'invalid_request', 'Upload a favicon before choosing it.');
  const settings: SiteSettings = { ...current, ...input };
  await saveSiteSettings(s.db, sprout.id, settings);
  return viewOf(s, sprout, settings);
}

/**
 * Stores an uploaded social image or favicon and makes it the one the pages name. Its type is told
 * from its bytes as it streams into the file store (an upload row claims it, so the sweep keeps it),
 * cut off past its limit; anything else (SVG above all: it can carry script) is refused.
 */
export async function uploadSiteImage(s: SettingsServices, sprout: SproutRow, kind: SiteImageKind, body: unknown): Promise<SiteSettingsView> {
  if (!isBody(body)) throw new AppError(400, 'invalid_image', 'Send the image file itself as the request body.');
  const written = await s.files.write('uploads', body, {
    inspect: (head) => siteImageType(kind, head),
    maxBytes: SITE_IMAGE_LIMITS[kind].maxBytes,
    tooLarge: () => siteImageTooLarge(kind),
  });
  const row = await insertUpload(s.db, {
    userId: sprout.ownerId,
    sproutId: sprout.id,
    mimeType: written.inspected,
    storageKey: written.key,
    size: written.size,
    sha256: written.sha256,
  });
  const current = await loadSiteSettings(s, sprout.id);
  const settings: SiteSettings =
    kind === 'social-image' ? { ...current, socialImage: 'upload', socialImageUploadId: row.id } : { ...current, favicon: 'upload', faviconUploadId: row.id };
  await saveSiteSettings(s.db, sprout.id, settings);
  return viewOf(s, sprout, settings);
}

const isBody = (body: unknown): body is Readable | Buffer =>
  Buffer.isBuffer(body) || (typeof body === 'object' && body !== null && typeof (body as Readable).pipe === 'function');
