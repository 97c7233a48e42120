import { and, count, eq, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { messageUsage, runs } from '../schema';

export async function countMessagesSince(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messageUsage)
    .where(and(eq(messageUsage.userId, userId), gte(messageUsage.createdAt, since), isNull(messageUsage.refundedAt)));
  return Number(row?.n ?? 0);
}

export async function insertMessageUsage(db: Executor, input: { userId: string; runId?: string | null; createdAt?: Date }): Promise<number> {
  const rows = await db
    .insert(messageUsage)
    .values({ userId: input.userId, runId: input.runId ?? null, createdAt: input.createdAt ?? new Date() })
    .returning({ id: messageUsage.id });
  return rows[0]!.id;
}

/** Gives a reserved message back (e.g. its run was interrupted by a crash); idempotent. */
export async function refundMessage(db: Executor, usageId: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(messageUsage)
    .set({ refundedAt: now })
    .where(and(eq(messageUsage.id, usageId), isNull(messageUsage.refundedAt)))
    .returning({ id: messageUsage.id });
  return rows.length === 1;
}

export async function attachUsageToRun(db: Executor, usageId: number, runId: string): Promise<void> {
  await db.update(messageUsage).set({ runId }).where(eq(messageUsage.id, usageId));
}

/** Gives back the message reserved for a run (its answer failed through no fault of the user); idempotent. */
export async function refundMessageForRun(db: Executor, runId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(messageUsage)
    .set({ refundedAt: now })
    .where(and(eq(messageUsage.runId, runId), isNull(messageUsage.refundedAt)))
    .returning({ id: messageUsage.id });
  return rows.length > 0;
}

/** Messages given back since `since` for runs that succeeded without a version (answers that changed nothing). */
export async function countNoChangeRefundsSince(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messageUsage)
    .innerJoin(runs, eq(runs.id, messageUsage.runId))
    .where(and(eq(messageUsage.userId, userId), gte(messageUsage.refundedAt, since), eq(runs.status, 'succeeded'), isNull(runs.resultVersionId)));
  return Number(row?.n ?? 0);
}

/** Messages given back since `since` for runs that failed with one of `codes` (answers that did not work). */
export async function countFailedRefundsSince(db: Executor, userId: string, since: Date, codes: readonly string[]): Promise<number> {
  if (codes.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(messageUsage)
    .innerJoin(runs, eq(runs.id, messageUsage.runId))
    .where(and(eq(messageUsage.userId, userId), gte(messageUsage.refundedAt, since), eq(runs.status, 'failed'), inArray(runs.errorCode, [...codes])));
  return Number(row?.n ?? 0);
}

/** Which of these runs had their message given back (a failure, or an answer that changed nothing). */
export async function refundedRunIds(db: Executor, runIds: readonly string[]): Promise<Set<string>> {
  if (runIds.length === 0) return new Set();
  const rows = await db
    .select({ runId: messageUsage.runId })
    .from(messageUsage)
    .where(and(inArray(messageUsage.runId, [...runIds]), isNotNull(messageUsage.refundedAt)));
  return new Set(rows.flatMap((r) => (r.runId ? [r.runId] : [])));
}
