import { allowanceCountStart, dayStart, messageLimitReached, monthStart, usageStats, type UsageStats } from '@sprout/core';
import type { Db, Executor } from '../create-db';
import { countActiveSprouts } from '../queries/sprouts';
import { countMessagesSince, insertMessageUsage } from '../queries/usage';
import { getSubscription } from '../queries/subscriptions';
import { getUserById, lockUser } from '../queries/users';

async function statsFor(db: Executor, userId: string, tier: string, now: Date): Promise<UsageStats> {
  // One after another: inside a transaction they share one connection (pg deprecates overlapping queries).
  const projects = await countActiveSprouts(db, userId);
  // After an upgrade from Free the new plan's allowance starts afresh (core startsFreshAllowance).
  const freshFrom = (await getSubscription(db, userId))?.messagesCountedFrom ?? null;
  const dailyMessages = await countMessagesSince(db, userId, allowanceCountStart(dayStart(now), freshFrom));
  const monthlyMessages = await countMessagesSince(db, userId, allowanceCountStart(monthStart(now), freshFrom));
  return usageStats(tier, { projects, dailyMessages, monthlyMessages });
}

export async function getUsageStats(db: Executor, userId: string, now = new Date()): Promise<UsageStats> {
  const user = await getUserById(db, userId);
  if (!user) throw new Error(`User ${userId} does not exist`);
  return statsFor(db, userId, user.tier, now);
}

export type ReserveResult = { ok: true; usageId: number; stats: UsageStats } | { ok: false; limitType: 'daily' | 'monthly'; stats: UsageStats };

/**
 * Atomically checks the daily and monthly quota and records one message. The user row lock
 * serialises concurrent reservations, so at the limit exactly the remaining number succeed.
 */
export function reserveMessage(db: Db, userId: string, opts: { runId?: string | null; now?: Date } = {}): Promise<ReserveResult> {
  return db.transaction((tx) => reserveMessageIn(tx, userId, opts));
}

/** reserveMessage inside the caller's transaction, so more writes can share its fate (see startMessageRun). */
export async function reserveMessageIn(tx: Executor, userId: string, opts: { runId?: string | null; now?: Date } = {}): Promise<ReserveResult> {
  const now = opts.now ?? new Date();
  if (!(await lockUser(tx, userId))) throw new Error(`User ${userId} does not exist`);
  const user = (await getUserById(tx, userId))!;
  const before = await statsFor(tx, userId, user.tier, now);
  const limitType = messageLimitReached(before);
  if (limitType) return { ok: false, limitType, stats: before };
  const usageId = await insertMessageUsage(tx, { userId, runId: opts.runId, createdAt: now });
  return { ok: true, usageId, stats: await statsFor(tx, userId, user.tier, now) };
}
