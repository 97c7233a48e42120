import type { FlagKey, StaffAssignableTier } from '@sprout/core';
import {
  adminFlags,
  adminPeople,
  adminUser,
  analytics,
  analyticsCsv,
  clearGlobalFlag,
  clearPlanFlag,
  clearUserFlag,
  impersonate,
  setGlobalFlag,
  setPlanFlag,
  setUserFlag,
  setUserTier,
} from '@sprout/core/routes';
import type { ApiCall, ApiClient } from '@/lib/api/client';
import { download } from '@/lib/api/download';
import type { FlagValue } from './flags/flag-meta';

/*
 * The staff tools' calls (`{api}/v1/admin`), one plain function each, typed by its route. A flag set
 * to `undefined` goes back to inheriting (its clear route), any other value is set.
 */

/** Everyone's flags, or one plan's. */
export type FlagLayer = 'global' | { plan: string };

/** A report's days (UTC), `from` and `to` included. */
export interface ReportRange {
  from: string;
  to: string;
}

export function adminCalls(call: ApiCall) {
  return {
    people: (q: string) => call(adminPeople, { query: { q, limit: 25 } }),
    person: (userId: string) => call(adminUser, { params: { id: userId } }),
    setTier: (userId: string, tier: StaffAssignableTier) => call(setUserTier, { params: { id: userId }, body: { tier } }),
    setPersonFlag: (userId: string, key: FlagKey, value: FlagValue | undefined) => {
      const params = { id: userId, key };
      return value === undefined ? call(clearUserFlag, { params }) : call(setUserFlag, { params, body: { value } });
    },
    flags: () => call(adminFlags),
    setFlag: (layer: FlagLayer, key: FlagKey, value: FlagValue | undefined) => {
      if (layer === 'global')
        return value === undefined ? call(clearGlobalFlag, { params: { key } }) : call(setGlobalFlag, { params: { key }, body: { value } });
      const params = { tier: layer.plan, key };
      return value === undefined ? call(clearPlanFlag, { params }) : call(setPlanFlag, { params, body: { value } });
    },
    impersonate: (userId: string) => call(impersonate, { body: { userId } }),
    analytics: (range: ReportRange) => call(analytics, { query: range }),
  };
}

/** The analytics report of `range` as CSV, handed to the browser as a download. */
export function downloadAnalyticsCsv(api: ApiClient, range: ReportRange): Promise<{ name: string } | { refused: string }> {
  return download(api, analyticsCsv, { query: range }, `sprout-analytics-${range.from}-to-${range.to}.csv`);
}
