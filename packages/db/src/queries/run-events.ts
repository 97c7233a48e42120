import { and, asc, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { runEvents, runs } from '../schema';

export interface RunEventRecord {
  runId: string;
  seq: number;
  type: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** Stores a batch of a run's events; a batch written twice (a retry) is stored once. */
export async function insertRunEvents(db: Executor, events: RunEventRecord[]): Promise<void> {
  for (let i = 0; i < events.length; i += 500) {
    await db
      .insert(runEvents)
      .values(events.slice(i, i + 500))
      .onConflictDoNothing();
  }
}

/**
 * Holds, until the transaction `tx` ends, the right to write the run's terminal event: two
 * instances ending the same orphaned run at once (two sweepers) write one end, not two.
 */
export async function lockRunEnd(tx: Executor, runId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`run-end:${runId}`}))`);
}

/** A run's events after `afterSeq`, in order. */
export async function listRunEvents(db: Executor, runId: string, afterSeq = 0, limit = 100_000): Promise<RunEventRecord[]> {
  return db
    .select({ runId: runEvents.runId, seq: runEvents.seq, type: runEvents.type, data: runEvents.data, createdAt: runEvents.createdAt })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, afterSeq)))
    .orderBy(asc(runEvents.seq))
    .limit(limit);
}

export async function lastRunEventSeq(db: Executor, runId: string): Promise<number> {
  const [row] = await db
    .select({ seq: max(runEvents.seq) })
    .from(runEvents)
    .where(eq(runEvents.runId, runId));
  return row?.seq ?? 0;
}

/** The highest stored seq of each of these runs that has events (one query, however many runs). */
export async function lastRunEventSeqs(db: Executor, runIds: readonly string[]): Promise<Map<string, number>> {
  if (runIds.length === 0) return new Map();
  const rows = await db
    .select({ runId: runEvents.runId, seq: max(runEvents.seq) })
    .from(runEvents)
    .where(inArray(runEvents.runId, [...new Set(runIds)]))
    .groupBy(runEvents.runId);
  return new Map(rows.map((r) => [r.runId, r.seq ?? 0]));
}

/** The run's last event of this type, or null. */
export async function lastRunEventOfType(db: Executor, runId: string, type: string): Promise<RunEventRecord | null> {
  const rows = await db
    .select({ runId: runEvents.runId, seq: runEvents.seq, type: runEvents.type, data: runEvents.data, createdAt: runEvents.createdAt })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), eq(runEvents.type, type)))
    .orderBy(desc(runEvents.seq))
    .limit(1);
  return rows[0] ?? null;
}

/** The seq of the run's first event of one of `types` (its terminal event), or null. */
export async function findRunEventSeq(db: Executor, runId: string, types: string[]): Promise<number | null> {
  const rows = await db
    .select({ seq: runEvents.seq })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), inArray(runEvents.type, types)))
    .orderBy(asc(runEvents.seq))
    .limit(1);
  return rows[0]?.seq ?? null;
}

/**
 * Blanks the file text a run streamed (its `file.delta` events), keeping paths and order: the
 * answer of a refunded run is given back with the message, so it must not stay replayable.
 */
export async function withholdRunFileText(db: Executor, runId: string): Promise<number> {
  const rows = await db
    .update(runEvents)
    .set({ data: sql`jsonb_set(${runEvents.data}, '{text}', '""'::jsonb)` })
    .where(and(eq(runEvents.runId, runId), eq(runEvents.type, 'file.delta')))
    .returning({ seq: runEvents.seq });
  return rows.length;
}

/** The events a finished run no longer needs: what the model streamed, kept in its chat message and version. */
const STREAMED_TYPES = ['text.delta', 'file.delta'];

/**
 * Removes what runs that ended before `endedBefore` streamed (`text.delta`, `file.delta`), at most
 * `limit` events a call: a long-ended run is shown from its row, its chat message and its version,
 * never replayed, and its deltas were most of its rows. What it did (files written, checks, its end)
 * stays. Returns how many were removed; a call that removes `limit` leaves more for the next.
 */
export async function compactEndedRunEvents(db: Executor, endedBefore: Date, limit = 5_000): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    with gone as (
      delete from ${runEvents} where (${runEvents.runId}, ${runEvents.seq}) in (
        select e.run_id, e.seq from ${runEvents} e join ${runs} r on r.id = e.run_id
        where r.status <> 'running' and r.finished_at < ${endedBefore} and e.type in (${sql.join(
          STREAMED_TYPES.map((t) => sql`${t}`),
          sql`, `,
        )})
        limit ${limit}
      ) returning 1
    ) select count(*)::int as n from gone`);
  const first = (rows as unknown as { rows: { n: number }[] }).rows[0];
  return Number(first?.n ?? 0);
}
