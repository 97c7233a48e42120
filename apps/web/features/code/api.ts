import type { SaveFileBody } from '@sprout/core/contract';
import { checkFile, projectFiles, saveFile } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/** The code panel's calls (`{api}/build/v1`): a version's files, a manual edit that becomes a version, and its checks before that. */
export function codeCalls(call: ApiCall) {
  return {
    files: (sproutId: string, versionId: string | null) => call(projectFiles, { params: { id: sproutId }, query: { version: versionId || undefined } }),
    saveFile: (sproutId: string, body: SaveFileBody) => call(saveFile, { params: { id: sproutId }, body }),
    checkFile: (sproutId: string, body: SaveFileBody) => call(checkFile, { params: { id: sproutId }, body }),
  };
}
