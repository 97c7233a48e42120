import type { PublishBody } from '@sprout/core/contract';
import { fixPublishFindings, publish, publishAddress, publishCheck, unpublish } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/** Publishing's calls (`{api}/build/v1`): the address it would go to, the security check, putting the app live and taking it offline. */
export function publishCalls(call: ApiCall) {
  return {
    publishAddress: (sproutId: string, slug?: string) => call(publishAddress, { params: { id: sproutId }, query: { slug } }),
    publishCheck: (sproutId: string) => call(publishCheck, { params: { id: sproutId } }),
    /** "Fix it": a free run aimed at the check's critical findings. */
    fixFindings: (sproutId: string) => call(fixPublishFindings, { params: { id: sproutId } }),
    /** `signal`: Cancel in the publish dialog stops waiting for the answer. */
    publish: (sproutId: string, body?: PublishBody, signal?: AbortSignal) => call(publish, { params: { id: sproutId }, body }, { signal }),
    unpublish: (sproutId: string) => call(unpublish, { params: { id: sproutId } }),
  };
}
