import { describe, expect, it } from 'vitest';
import type { OwnerAppAiUse } from '@sprout/core/contract';
import { appAiUsageRows, totalTokensLabel, usageMonthLabel } from './app-ai-usage';

const use = (apps: OwnerAppAiUse['apps']): OwnerAppAiUse => ({
  month: '2026-12',
  apps,
  totalTokens: apps.reduce((s, a) => s + a.tokens.test + a.tokens.live, 0),
});
const app = (id: string, test: number, live: number, cap = 200_000, requests = 3) => ({
  sproutId: id,
  name: `App ${id}`,
  tokens: { test, live },
  requests,
  monthlyTokenCap: cap,
});

describe("the owner's apps' AI use", () => {
  it('counts preview and published together against each app’s cap', () => {
    const [row] = appAiUsageRows(use([app('a/b', 10_000, 2_000)]));
    expect(row).toEqual({
      sproutId: 'a/b',
      name: 'App a/b',
      href: '/build/a%2Fb',
      value: '12,000 of 200,000 tokens',
      detail: 'Preview 10,000 · Published 2,000 · 3 requests',
      percent: 6,
      reached: false,
    });
  });

  it('is full only at the cap, never empty once something is used, and says one request', () => {
    const rows = appAiUsageRows(use([app('x', 1, 0, 1_000_000, 1), app('y', 999, 0, 1_000), app('z', 600, 600, 1_000), app('zero', 0, 0, 0)]));
    expect(rows.map((r) => [r.percent, r.reached])).toEqual([
      [1, false],
      [99, false],
      [100, true],
      [100, true],
    ]);
    expect(rows[0].detail).toContain('1 request');
    expect(rows[0].detail).not.toContain('1 requests');
  });

  it('names the month and the total', () => {
    expect(usageMonthLabel('2026-12')).toBe('December 2026');
    expect(usageMonthLabel('garbage')).toBe('garbage');
    expect(totalTokensLabel(use([app('a', 1_500, 500)]))).toBe('2,000 tokens');
  });
});
