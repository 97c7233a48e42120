import { ownerAppAiUse, usage } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/** What the plan allows and what is used of it (the usage host), and the person's apps' AI use this month. */
export function usageCalls(call: ApiCall) {
  return {
    usage: () => call(usage),
    appAiUsage: () => call(ownerAppAiUse),
  };
}
