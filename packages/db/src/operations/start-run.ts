import type { UsageStats } from '@sprout/core';
import { and, count, eq, gte } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import { newId } from '../ids';
import { insertMessage, type MessageAttachment, type MessageRow } from '../queries/messages';
import { insertRun, type RunKind, type RunRow } from '../queries/runs';
import { lockUser } from '../queries/users';
import { runs } from '../schema';
import { isUniqueViolation } from '../unique-violation';
import { getUsageStats, reserveMessageIn } from './quota';

/**
 * Work that must exist if and only if the run does (its job on the queue that executes it): done
 * inside the transaction that inserts the run, after it.
 */
export type WithinRunStart = (tx: Executor, run: RunRow) => Promise<void>;

export type StartRunResult =
  | { ok: true; run: RunRow; message: MessageRow; stats: UsageStats }
  | { ok: false; reason: 'run_active' }
  | { ok: false; reason: 'message_limit_reached'; limitType: 'daily' | 'monthly'; stats: UsageStats };

/** True for a violation of the one-active-run-per-project index, however the driver wraps it. */
export function isActiveRunConflict(err: unknown): boolean {
  return isUniqueViolation(err, 'runs_one_active_idx');
}

/**
 * Starts a run for a user's message: reserves one message of the quota, stores the message and
 * the run, all in one transaction. The database allows one running run per project; when another
 * send won the race the whole transaction rolls back, so a refused send never costs a message.
 */
export async function startMessageRun(
  db: Db,
  input: {
    sproutId: string;
    userId: string;
    text: string;
    attachments: MessageAttachment[];
    model: string;
    baseVersionId: string | null;
    /** plan: a plan run, which builds nothing and reserves no message (only building is charged). */
    kind?: 'message' | 'plan';
  },
  within?: WithinRunStart,
): Promise<StartRunResult> {
  const runId = newId();
  const kind = input.kind ?? 'message';
  try {
    return await db.transaction(async (tx): Promise<StartRunResult> => {
      const reserved =
        kind === 'plan' ? { ok: true as const, stats: await getUsageStats(tx, input.userId) } : await reserveMessageIn(tx, input.userId, { runId });
      if (!reserved.ok) return { ok: false, reason: 'message_limit_reached', limitType: reserved.limitType, stats: reserved.stats };
      const message = await insertMessage(tx, {
        sproutId: input.sproutId,
        userId: input.userId,
        role: 'user',
        content: input.text,
        attachments: input.attachments,
        runId,
      });
      const run = await insertRun(tx, {
        id: runId,
        sproutId: input.sproutId,
        userId: input.userId,
        messageId: message.id,
        kind,
        model: input.model,
        baseVersionId: input.baseVersionId,
      });
      await within?.(tx, run);
      return { ok: true, run, message, stats: reserved.stats };
    });
  } catch (err) {
    if (isActiveRunConflict(err)) return { ok: false, reason: 'run_active' };
    throw err;
  }
}

/** Free runs Sprout starts: a repair of errors the preview reported, or of the publish security check's findings. */
export type FreeRunKind = Extract<RunKind, 'runtime-fix' | 'security-fix'>;

export type StartFreeRunResult = { ok: true; run: RunRow } | { ok: false; reason: 'run_active' | 'daily_limit' };

/**
 * Starts a free run (an automatic repair): no message, no quota, but at most `perDay` of them of its
 * kind per person in any 24 hours (counted under the user row lock, so parallel reports cannot pass it).
 */
export async function startFreeRun(
  db: Db,
  input: { sproutId: string; userId: string; parentRunId: string | null; model: string; baseVersionId: string | null; kind?: FreeRunKind },
  perDay: number,
  within?: WithinRunStart,
  now = new Date(),
): Promise<StartFreeRunResult> {
  const { kind = 'runtime-fix', ...rest } = input;
  try {
    return await db.transaction(async (tx): Promise<StartFreeRunResult> => {
      if (!(await lockUser(tx, input.userId))) throw new Error(`User ${input.userId} does not exist`);
      const since = new Date(now.getTime() - 24 * 3600_000);
      const [row] = await tx
        .select({ n: count() })
        .from(runs)
        .where(and(eq(runs.userId, input.userId), eq(runs.kind, kind), gte(runs.createdAt, since)));
      if ((row?.n ?? 0) >= perDay) return { ok: false, reason: 'daily_limit' };
      const run = await insertRun(tx, { id: newId(), ...rest, kind });
      await within?.(tx, run);
      return { ok: true, run };
    });
  } catch (err) {
    if (isActiveRunConflict(err)) return { ok: false, reason: 'run_active' };
    throw err;
  }
}
