import { siteAnalytics } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/*
 * The Analytics panel's call to the build API (`{api}/build/v1/sprouts/:id/analytics?days=`): the
 * published app's visits over the last few days. Typed by its route; the hook is in ./queries.
 */
export function analyticsCalls(call: ApiCall) {
  return {
    report: (sproutId: string, days: number) => call(siteAnalytics, { params: { id: sproutId }, query: { days } }),
  };
}
