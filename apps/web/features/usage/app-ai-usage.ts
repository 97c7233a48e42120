import type { OwnerAppAiUse } from '@sprout/core/contract';

/*
 * The owner's apps' AI use this month, as plain functions of the API's answer: each app's tokens
 * (preview and published together, as its cap counts them) against its cap.
 */

const count = (n: number) => n.toLocaleString('en-US');

export interface AppAiUsageRow {
  sproutId: string;
  name: string;
  href: string;
  /** "12,000 of 200,000 tokens" */
  value: string;
  /** "Preview 10,000 · Published 2,000 · 14 requests" */
  detail: string;
  percent: number;
  reached: boolean;
}

export function appAiUsageRows(use: OwnerAppAiUse): AppAiUsageRow[] {
  return use.apps.map((app) => {
    const total = app.tokens.test + app.tokens.live;
    const cap = app.monthlyTokenCap;
    const reached = total >= cap;
    const percent = reached ? 100 : Math.min(99, Math.max(total > 0 ? 1 : 0, Math.round((total / cap) * 100)));
    const requests = `${count(app.requests)} request${app.requests === 1 ? '' : 's'}`;
    return {
      sproutId: app.sproutId,
      name: app.name,
      href: `/build/${encodeURIComponent(app.sproutId)}`,
      value: `${count(total)} of ${count(cap)} tokens`,
      detail: `Preview ${count(app.tokens.test)} · Published ${count(app.tokens.live)} · ${requests}`,
      percent,
      reached,
    };
  });
}

/** "December 2026" for "2026-12". */
export function usageMonthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export const totalTokensLabel = (use: OwnerAppAiUse) => `${count(use.totalTokens)} tokens`;
