import { describe, expect, it } from 'vitest';
import {
  PUBLISHED_APP_LIMITS,
  allowanceCountStart,
  isExhausted,
  messageLimitReached,
  planLimits,
  publishedAppLimit,
  quota,
  startsFreshAllowance,
  usageStats,
} from './plan-limits';

describe('planLimits', () => {
  it('limits free to 5 projects, 5 messages a day and 30 a month', () => {
    expect(planLimits('free')).toEqual({ projects: 5, dailyMessages: 5, monthlyMessages: 30 });
  });

  it('gives premium tiers unlimited projects and days, and their allowance per month', () => {
    expect(planLimits('tier-1')).toEqual({ projects: null, dailyMessages: null, monthlyMessages: 100 });
    expect(planLimits('tier-2')).toEqual({ projects: null, dailyMessages: null, monthlyMessages: 250 });
    expect(planLimits('tier-3')).toEqual({ projects: null, dailyMessages: null, monthlyMessages: 500 });
    expect(planLimits('tier-4')).toEqual({ projects: null, dailyMessages: null, monthlyMessages: 1000 });
  });

  it('leaves staff and partners unlimited', () => {
    const unlimited = { projects: null, dailyMessages: null, monthlyMessages: null };
    expect(planLimits('sprout-tier-internal-staff')).toEqual(unlimited);
    expect(planLimits('sprout-tier-external-partner')).toEqual(unlimited);
  });

  it('falls back to free limits for unknown tiers', () => {
    for (const x of ['', 'tier-5', 'TIER-1', 'internal', 'toString', '__proto__']) {
      expect(planLimits(x)).toEqual({ projects: 5, dailyMessages: 5, monthlyMessages: 30 });
    }
  });

  it('returns a fresh object that callers cannot use to change the rules', () => {
    const mine = planLimits('free');
    mine.projects = 1000;
    expect(planLimits('free').projects).toBe(5);
  });
});

describe('quota', () => {
  it('computes what is left', () => {
    expect(quota(5, 2)).toEqual({ limit: 5, used: 2, available: 3 });
    expect(quota(5, 5)).toEqual({ limit: 5, used: 5, available: 0 });
  });

  it('never goes below zero when over-used', () => {
    expect(quota(5, 9)).toEqual({ limit: 5, used: 9, available: 0 });
  });

  it('has no available count when unlimited', () => {
    expect(quota(null, 12345)).toEqual({ limit: null, used: 12345, available: null });
  });

  it('treats broken counts as nothing used and infinite use as exhausted', () => {
    expect(quota(5, Number.NaN)).toEqual({ limit: 5, used: 0, available: 5 });
    expect(quota(5, -3)).toEqual({ limit: 5, used: 0, available: 5 });
    expect(quota(5, Infinity).available).toBe(0);
  });

  it('is exhausted at or below zero, never when unlimited', () => {
    expect(isExhausted(quota(5, 4))).toBe(false);
    expect(isExhausted(quota(5, 5))).toBe(true);
    expect(isExhausted({ limit: 5, used: 7, available: -2 })).toBe(true);
    expect(isExhausted(quota(0, 0))).toBe(true);
    expect(isExhausted(quota(null, 1e9))).toBe(false);
  });
});

describe('usageStats and messageLimitReached', () => {
  it('builds stats from counts and the plan', () => {
    expect(usageStats('free', { projects: 2, dailyMessages: 1, monthlyMessages: 10 })).toEqual({
      tier: 'free',
      projects: { limit: 5, used: 2, available: 3 },
      dailyMessages: { limit: 5, used: 1, available: 4 },
      monthlyMessages: { limit: 30, used: 10, available: 20 },
    });
  });

  it('reports an unknown tier as free', () => {
    const stats = usageStats('platinum', { projects: 0, dailyMessages: 0, monthlyMessages: 0 });
    expect(stats.tier).toBe('free');
    expect(stats.projects.limit).toBe(5);
  });

  it('checks the daily limit before the monthly one', () => {
    const counts = { projects: 0, dailyMessages: 5, monthlyMessages: 30 };
    expect(messageLimitReached(usageStats('free', counts))).toBe('daily');
    expect(messageLimitReached(usageStats('free', { ...counts, dailyMessages: 4 }))).toBe('monthly');
    expect(messageLimitReached(usageStats('free', { ...counts, dailyMessages: 4, monthlyMessages: 29 }))).toBeNull();
  });

  it('only limits premium tiers per month', () => {
    expect(messageLimitReached(usageStats('tier-1', { projects: 500, dailyMessages: 99, monthlyMessages: 99 }))).toBeNull();
    expect(messageLimitReached(usageStats('tier-1', { projects: 0, dailyMessages: 0, monthlyMessages: 100 }))).toBe('monthly');
    expect(messageLimitReached(usageStats('sprout-tier-internal-staff', { projects: 1e6, dailyMessages: 1e6, monthlyMessages: 1e6 }))).toBeNull();
  });
});

describe('published app limits', () => {
  it('lets free publish one app and everyone else any number', () => {
    expect(PUBLISHED_APP_LIMITS.free).toBe(1);
    expect(publishedAppLimit('free')).toBe(1);
    expect(publishedAppLimit('tier-1')).toBeNull();
    expect(publishedAppLimit('sprout-tier-external-partner')).toBeNull();
  });

  it('treats unknown tiers as free', () => {
    expect(publishedAppLimit('gold')).toBe(1);
    expect(publishedAppLimit('__proto__')).toBe(1);
  });
});

describe('a fresh allowance after an upgrade', () => {
  it('starts when Free (or an unknown tier) becomes any other plan', () => {
    expect(startsFreshAllowance('free', 'tier-1')).toBe(true);
    expect(startsFreshAllowance('free', 'tier-4')).toBe(true);
    expect(startsFreshAllowance('free', 'sprout-tier-internal-staff')).toBe(true);
    expect(startsFreshAllowance('gold', 'tier-2')).toBe(true);
  });

  it('does not start for paid-to-paid changes, downgrades, no change or an unknown target', () => {
    expect(startsFreshAllowance('tier-1', 'tier-2')).toBe(false);
    expect(startsFreshAllowance('tier-2', 'tier-1')).toBe(false);
    expect(startsFreshAllowance('tier-1', 'free')).toBe(false);
    expect(startsFreshAllowance('free', 'free')).toBe(false);
    expect(startsFreshAllowance('free', 'gold')).toBe(false);
  });

  it('counts from the later of the period start and the fresh start', () => {
    const month = new Date('2026-11-01T00:00:00Z');
    const upgrade = new Date('2026-11-15T10:00:00Z');
    expect(allowanceCountStart(month, upgrade)).toEqual(upgrade);
    expect(allowanceCountStart(month, new Date('2026-10-20T00:00:00Z'))).toEqual(month);
    expect(allowanceCountStart(month, null)).toEqual(month);
    expect(allowanceCountStart(month, new Date(Number.NaN))).toEqual(month);
  });

  it('leaves the new plan its whole allowance after 30 free messages', () => {
    // 30 free messages before the upgrade, 2 after: only the 2 count against tier-1's 100.
    const stats = usageStats('tier-1', { projects: 3, dailyMessages: 2, monthlyMessages: 2 });
    expect(stats.monthlyMessages).toEqual({ limit: 100, used: 2, available: 98 });
  });
});
