import { connectRemote, disconnectRemote, projectRemote, pullRemote } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/** A project's remote repository (`{api}/build/v1/sprouts/:id/remote`): shown, connected, pulled from, disconnected. */
export function remoteCalls(call: ApiCall) {
  return {
    status: (sproutId: string) => call(projectRemote, { params: { id: sproutId } }),
    connect: (sproutId: string, url: string, token: string) => call(connectRemote, { params: { id: sproutId }, body: { url, token } }),
    pull: (sproutId: string) => call(pullRemote, { params: { id: sproutId } }),
    disconnect: (sproutId: string) => call(disconnectRemote, { params: { id: sproutId } }),
  };
}
