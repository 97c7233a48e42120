import { importSprout } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/** Fetching a repository (or unpacking a zip) and building the app takes longer than a plain call may. */
const IMPORT_TIMEOUT_MS = 5 * 60_000;

/** A new project from a git repository or a zip (`{api}/build/v1/sprouts/import`). */
export function importCalls(call: ApiCall) {
  return {
    fromGit: (url: string, token: string, signal?: AbortSignal) =>
      call(importSprout, { body: { url, ...(token ? { token } : {}) } }, { signal, timeoutMs: IMPORT_TIMEOUT_MS }),
    fromZip: (zip: string, fileName: string, signal?: AbortSignal) => call(importSprout, { body: { zip, fileName } }, { signal, timeoutMs: IMPORT_TIMEOUT_MS }),
  };
}
