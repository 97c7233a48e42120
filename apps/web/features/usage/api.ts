import { usage } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/** The usage host's one call: what the plan allows and what is used of it. */
export function usageCalls(call: ApiCall) {
  return {
    usage: () => call(usage),
  };
}
