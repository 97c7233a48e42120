import { isTierId, tierAllowance, type TierId } from './tiers';

/** null means unlimited. */
export type Limits = { projects: number | null; dailyMessages: number | null; monthlyMessages: number | null };

export const FREE_LIMITS: Readonly<Limits> = Object.freeze({ projects: 5, dailyMessages: 5, monthlyMessages: 30 });
const UNLIMITED: Readonly<Limits> = Object.freeze({ projects: null, dailyMessages: null, monthlyMessages: null });

export function planLimits(tier: string): Limits {
  const allowance = tierAllowance(tier);
  if (allowance !== null) return { projects: null, dailyMessages: null, monthlyMessages: allowance };
  if (tier === 'sprout-tier-internal-staff' || tier === 'sprout-tier-external-partner') return { ...UNLIMITED };
  // 'free' and anything we do not recognise: an unknown tier must never grant more than free.
  return { ...FREE_LIMITS };
}

export type Quota = { limit: number | null; used: number; available: number | null };

export function quota(limit: number | null, used: number): Quota {
  // A broken count (NaN, negative) must not hand out extra credit nor make available NaN.
  const safeUsed = Number.isNaN(used) || used < 0 ? 0 : used;
  if (limit === null) return { limit: null, used: safeUsed, available: null };
  return { limit, used: safeUsed, available: Math.max(0, limit - safeUsed) };
}

export function isExhausted(q: Quota): boolean {
  return q.available !== null && q.available <= 0;
}

export type UsageStats = { tier: TierId; projects: Quota; dailyMessages: Quota; monthlyMessages: Quota };

export type UsageCounts = { projects: number; dailyMessages: number; monthlyMessages: number };

/** Accepts any string because tiers come from storage; an unknown tier is reported and limited as free. */
export function usageStats(tier: string, counts: UsageCounts): UsageStats {
  const known: TierId = isTierId(tier) ? tier : 'free';
  const limits = planLimits(known);
  return {
    tier: known,
    projects: quota(limits.projects, counts.projects),
    dailyMessages: quota(limits.dailyMessages, counts.dailyMessages),
    monthlyMessages: quota(limits.monthlyMessages, counts.monthlyMessages),
  };
}

export type MessageLimitType = 'daily' | 'monthly';

/** Daily first: it resets sooner, so it is the more useful thing to tell the user. */
export function messageLimitReached(stats: UsageStats): MessageLimitType | null {
  if (isExhausted(stats.dailyMessages)) return 'daily';
  if (isExhausted(stats.monthlyMessages)) return 'monthly';
  return null;
}

/** How many projects may be published at once; null means unlimited. */
export const PUBLISHED_APP_LIMITS: Readonly<Record<TierId, number | null>> = Object.freeze({
  free: 1,
  'tier-1': null,
  'tier-2': null,
  'tier-3': null,
  'tier-4': null,
  'sprout-tier-internal-staff': null,
  'sprout-tier-external-partner': null,
});

export function publishedAppLimit(tier: string): number | null {
  return isTierId(tier) ? PUBLISHED_APP_LIMITS[tier] : PUBLISHED_APP_LIMITS.free;
}

/**
 * Upgrading from Free starts the new plan's allowance afresh: the free messages already used this
 * month do not count against what was just bought. Paid-to-paid changes keep counting (a prorated
 * upgrade pays only the difference), and a downgrade never hands out a fresh allowance.
 */
export function startsFreshAllowance(fromTier: string, toTier: string): boolean {
  const from = isTierId(fromTier) ? fromTier : 'free';
  return from === 'free' && isTierId(toTier) && toTier !== 'free';
}

/** Where a period's message count starts: the period's start, or later when the allowance started afresh within it. */
export function allowanceCountStart(periodStart: Date, freshFrom: Date | null | undefined): Date {
  if (!freshFrom || Number.isNaN(freshFrom.getTime())) return periodStart;
  return freshFrom > periodStart ? freshFrom : periodStart;
}
