import { getVersionFiles } from '@sprout/db';
import type { BuildResult } from '@sprout/preview';
import type { Services } from '../services';

export const VENDOR_BASE = '/_sprout/vendor/';
export const buildBase = (versionId: string) => `/_sprout/build/${versionId}/`;

/**
 * The preview build of one version. Versions never change, so the version id is the cache key:
 * a cache hit does not touch the database.
 */
export function buildPreview(s: Services, sproutId: string, versionId: string): Promise<BuildResult> {
  return s.previews.build(() => getVersionFiles(s.db, versionId), {
    cacheKey: versionId,
    mode: 'preview',
    assetBase: buildBase(versionId),
    vendorBase: VENDOR_BASE,
    scope: sproutId,
    bridgeOrigin: s.config.webOrigin,
  });
}
