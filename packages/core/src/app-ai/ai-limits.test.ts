import { describe, expect, it } from 'vitest';
import { aiMonthOf, appAiLimits } from './ai-limits';

describe('app AI limits', () => {
  it('are higher on paid plans, and every default cap lies within what an owner may set', () => {
    const free = appAiLimits('free');
    const paid = appAiLimits('tier-1');
    expect(paid.maxOutputTokens).toBeGreaterThan(free.maxOutputTokens);
    expect(paid.requestsPerMinute).toBeGreaterThan(free.requestsPerMinute);
    for (const l of [free, paid]) expect(l.defaultMonthlyTokens).toBeLessThanOrEqual(l.maxMonthlyTokens);
    // A copy: a caller that changes one cannot change the plan's.
    free.maxMessages = 1;
    expect(appAiLimits('free').maxMessages).toBe(50);
  });

  it('count a call in its UTC month', () => {
    expect(aiMonthOf(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12');
    expect(aiMonthOf(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01');
  });
});
