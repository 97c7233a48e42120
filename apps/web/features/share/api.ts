import { remixSprout, sharedProject, shareSprout } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/** The share link's calls (`{api}/v1`): turning it on or off, what it shows, and the copy it makes. */
export function shareCalls(call: ApiCall) {
  return {
    setShared: (sproutId: string, enabled: boolean) => call(shareSprout, { params: { id: sproutId }, body: { enabled } }),
    shared: (linkId: string) => call(sharedProject, { params: { id: linkId } }),
    remix: (linkId: string) => call(remixSprout, { params: { id: linkId } }),
  };
}
