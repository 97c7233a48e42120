import type { Usage } from '@sprout/core/contract';
import type { Quota } from '@sprout/core';

/** Close to a limit: at most a fifth (and at least one) left. */
export function isNearLimit(q: Quota): boolean {
  if (q.limit === null || q.available === null) return false;
  return q.available <= Math.max(1, Math.floor(q.limit * 0.2));
}

export function percentUsed(q: Quota): number {
  if (q.limit === null || q.limit <= 0) return q.limit === 0 ? 100 : 0;
  return Math.min(100, Math.round((q.used / q.limit) * 100));
}

export interface UsageRow {
  key: string;
  label: string;
  quota: Quota;
  value: string;
}

/** The meter's lines: messages left today and this month, projects used of the limit; 'Unlimited' for no limit. */
export function usageRows(usage: Usage): UsageRow[] {
  const left = (q: Quota) => (q.limit === null ? 'Unlimited' : `${q.available ?? 0} of ${q.limit} left`);
  const p = usage.projects;
  return [
    { key: 'daily', label: 'Messages today', quota: usage.dailyMessages, value: left(usage.dailyMessages) },
    { key: 'monthly', label: 'Messages this month', quota: usage.monthlyMessages, value: left(usage.monthlyMessages) },
    {
      key: 'projects',
      label: 'Projects',
      quota: p,
      value: p.limit === null ? `${p.used} ${p.used === 1 ? 'project' : 'projects'} · Unlimited` : `${p.used} of ${p.limit} projects`,
    },
  ];
}
