import { buildStatus, previewSession } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/** The preview's calls (`{api}/build/v1`): a version's build, and a short-lived preview session. */
export function previewCalls(call: ApiCall) {
  return {
    buildStatus: (sproutId: string, versionId: string) => call(buildStatus, { params: { id: sproutId }, query: { versionId } }),
    /** `path`: where the app opens (path and query; the hash stays in the browser). */
    previewSession: (sproutId: string, path?: string) => call(previewSession, { params: { id: sproutId }, body: path ? { path } : {} }),
  };
}
