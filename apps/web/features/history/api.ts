import { restoreVersion, versionDiff } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/** The history's calls (`{api}/build/v1`): restoring a version (as a new one, its test data too when asked) and a version's changes. */
export function historyCalls(call: ApiCall) {
  return {
    restoreVersion: (sproutId: string, versionId: string, withData: boolean) =>
      call(restoreVersion, { params: { id: sproutId, versionId }, body: withData ? { withData } : undefined }),
    versionDiff: (sproutId: string, versionId: string) => call(versionDiff, { params: { id: sproutId, versionId } }),
  };
}
