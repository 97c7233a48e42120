import { versions } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/* A project's versions (`{api}/build/v1`), which every panel of the project page follows. */

export function versionCalls(call: ApiCall) {
  return {
    versions: (sproutId: string) => call(versions, { params: { id: sproutId } }),
  };
}
