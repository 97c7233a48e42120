import { and, desc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { runEvents, runs, sprouts } from '../schema';

export type RunRow = typeof runs.$inferSelect;
/** interrupted: the process executing it died (crash, kill, restart); its message was given back. */
export type RunStatus = 'running' | 'succeeded' | 'failed' | 'stopped' | 'interrupted';
export type RunKind = 'message' | 'runtime-fix' | 'security-fix' | 'plan';

export async function insertRun(
  db: Executor,
  input: {
    id: string;
    sproutId: string;
    userId: string;
    messageId?: string | null;
    kind?: RunKind;
    parentRunId?: string | null;
    model: string;
    baseVersionId: string | null;
  },
): Promise<RunRow> {
  const rows = await db
    .insert(runs)
    .values({
      id: input.id,
      sproutId: input.sproutId,
      userId: input.userId,
      messageId: input.messageId ?? null,
      kind: input.kind ?? 'message',
      parentRunId: input.parentRunId ?? null,
      status: 'running',
      model: input.model,
      baseVersionId: input.baseVersionId,
    })
    .returning();
  return rows[0]!;
}

export async function getRun(db: Executor, id: string): Promise<RunRow | null> {
  const rows = await db.select().from(runs).where(eq(runs.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The run if it belongs to `ownerId` (as the owner of its project, which is not deleted); otherwise null. */
export async function getRunForOwner(db: Executor, id: string, ownerId: string): Promise<RunRow | null> {
  const rows = await db
    .select({ run: runs, deletedAt: sprouts.deletedAt })
    .from(runs)
    .innerJoin(sprouts, eq(sprouts.id, runs.sproutId))
    .where(and(eq(runs.id, id), eq(sprouts.ownerId, ownerId)))
    .limit(1);
  const row = rows[0];
  return row && row.deletedAt === null ? row.run : null;
}

export async function getActiveRun(db: Executor, sproutId: string): Promise<RunRow | null> {
  const rows = await db
    .select()
    .from(runs)
    .where(and(eq(runs.sproutId, sproutId), eq(runs.status, 'running')))
    .limit(1);
  return rows[0] ?? null;
}

export async function getRunsByIds(db: Executor, ids: string[]): Promise<RunRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(runs).where(inArray(runs.id, ids));
}

export async function listRuns(db: Executor, sproutId: string, limit = 50): Promise<RunRow[]> {
  return db.select().from(runs).where(eq(runs.sproutId, sproutId)).orderBy(desc(runs.createdAt)).limit(limit);
}

/**
 * Ends a run that is still running; false when it had already ended (a stop racing a finish: the
 * first one wins and the other changes nothing).
 */
export async function finishRun(
  db: Executor,
  id: string,
  end: {
    status: Exclude<RunStatus, 'running'>;
    resultVersionId?: string | null;
    summary?: string | null;
    error?: string | null;
    errorCode?: string | null;
    tokensIn?: number | null;
    tokensOut?: number | null;
    /** Of tokensIn, how many the provider read from its prompt cache. */
    tokensInCached?: number | null;
    fixRounds?: number;
    now?: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(runs)
    .set({
      status: end.status,
      resultVersionId: end.resultVersionId ?? null,
      summary: end.summary ?? null,
      error: end.error ?? null,
      errorCode: end.errorCode ?? null,
      tokensIn: end.tokensIn ?? null,
      tokensOut: end.tokensOut ?? null,
      tokensInCached: end.tokensInCached ?? null,
      ...(end.fixRounds !== undefined ? { fixRounds: end.fixRounds } : {}),
      finishedAt: end.now ?? new Date(),
      // Whoever ends it holds the lease while it writes the end (refund, chat message, terminal
      // event): a sweeper looking for ended runs without an end leaves it alone meanwhile.
      heartbeatAt: sql`now()`,
    })
    .where(and(eq(runs.id, id), eq(runs.status, 'running')))
    .returning({ id: runs.id });
  return rows.length === 1;
}

/**
 * What a run has spent so far, kept on its row while it goes on (before each model call), so a run
 * whose process dies is metered for what it had spent, not for nothing.
 */
export async function recordRunTokens(db: Executor, id: string, t: { tokensIn: number; tokensInCached: number; tokensOut: number }): Promise<void> {
  await db.update(runs).set({ tokensIn: t.tokensIn, tokensInCached: t.tokensInCached, tokensOut: t.tokensOut }).where(eq(runs.id, id));
}

/**
 * Renews the lease of the runs an instance executes (and claims them for it). Returns the ids that
 * are still running: a run missing from the answer was ended by someone else (a stop on another
 * instance, or a sweeper that took it for orphaned). A run this instance ended keeps its lease
 * renewed too, until its terminal event is written (a committed version's type check comes first):
 * a stale lease on an ended run without that event says its process died in between.
 */
export async function renewRunLeases(db: Executor, instanceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(runs)
    .set({ ownerInstance: instanceId, heartbeatAt: sql`now()` })
    .where(and(inArray(runs.id, ids), or(eq(runs.status, 'running'), eq(runs.ownerInstance, instanceId))))
    .returning({ id: runs.id, status: runs.status });
  return rows.filter((r) => r.status === 'running').map((r) => r.id);
}

/**
 * How far back ended runs are looked at for a missing terminal event: longer than any run lasts. A
 * browser that opens the project later shows an ended run from its row, without following it.
 */
const UNFINISHED_WITHIN_SECONDS = 3600;

/**
 * Ended runs whose process died before writing their terminal event (killed between the commit of
 * a version and `run.finished`, or between a failure's record and `run.failed`): created in the
 * last hour, lease stale (`staleSeconds`; null: any, one process per database at its start), and
 * their last stored event (the terminal one is always last) not of `terminalTypes`. Each is claimed
 * (its lease renewed) for exactly one caller, so concurrent sweepers never both write its end.
 */
export async function claimEndedRunsWithoutEnd(
  db: Executor,
  opts: { staleSeconds: number | null; terminalTypes: readonly string[]; exclude?: readonly string[] },
): Promise<RunRow[]> {
  const stale = opts.staleSeconds === null ? sql`true` : sql`${runs.heartbeatAt} < now() - make_interval(secs => ${opts.staleSeconds})`;
  // One step back along run_events' (run_id, seq) index per candidate, however long its run was.
  const lastType = sql`coalesce((select ${runEvents.type} from ${runEvents} where ${runEvents.runId} = ${runs.id} order by ${runEvents.seq} desc limit 1), '')`;
  return db
    .update(runs)
    .set({ heartbeatAt: sql`now()` })
    .where(
      and(
        ne(runs.status, 'running'),
        notAmong(opts.exclude),
        sql`${runs.createdAt} > now() - make_interval(secs => ${UNFINISHED_WITHIN_SECONDS})`,
        stale,
        sql`${lastType} not in (${sql.join(
          opts.terminalTypes.map((t) => sql`${t}`),
          sql`, `,
        )})`,
      ),
    )
    .returning();
}

/** True while the run's lease is fresh: an instance is executing it (clock of the database). */
export async function isRunLeaseFresh(db: Executor, id: string, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .select({ id: runs.id })
    .from(runs)
    .where(and(eq(runs.id, id), eq(runs.status, 'running'), sql`${runs.heartbeatAt} > now() - make_interval(secs => ${leaseSeconds})`))
    .limit(1);
  return rows.length === 1;
}

/**
 * Runs left 'running' by a process that died (crash, kill, restart) become 'interrupted'. With
 * `staleSeconds` only runs whose lease was not renewed for that long (several instances share the
 * database: the others' runs are alive); with null every running run (one process per database,
 * at its start). Each row is returned to exactly one caller, so concurrent sweepers never both end one.
 */
export async function interruptOrphanedRuns(
  db: Executor,
  opts: { message: string; staleSeconds: number | null; queuedSeconds?: number; exclude?: readonly string[] },
): Promise<RunRow[]> {
  // A run no process has taken yet waits in the queue: it is orphaned only once it waited too long.
  const taken =
    opts.queuedSeconds === undefined
      ? sql`true`
      : sql`(${runs.ownerInstance} is not null or ${runs.createdAt} < now() - make_interval(secs => ${opts.queuedSeconds}))`;
  const stale = opts.staleSeconds === null ? sql`true` : sql`${runs.heartbeatAt} < now() - make_interval(secs => ${opts.staleSeconds}) and ${taken}`;
  return db
    .update(runs)
    .set({ status: 'interrupted', error: opts.message, errorCode: 'interrupted', finishedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(and(eq(runs.status, 'running'), notAmong(opts.exclude), stale))
    .returning();
}

/** Leaves out the runs the sweeping process executes itself: alive whatever their lease says. */
const notAmong = (ids: readonly string[] = []) => (ids.length > 0 ? notInArray(runs.id, [...ids]) : undefined);

/** Runs started to repair `runId` (runtime-fix runs). */
export async function listChildRuns(db: Executor, runId: string): Promise<RunRow[]> {
  return db.select().from(runs).where(eq(runs.parentRunId, runId));
}

/** Keeps what a plan run proposed (or, on approval, the plan with its answers) on the run. */
export async function setRunPlan(db: Executor, runId: string, kept: unknown): Promise<void> {
  await db.update(runs).set({ plan: kept }).where(eq(runs.id, runId));
}

/**
 * Marks a proposed plan approved, once: false when it was approved already (a second Build, a
 * double click) or the run has no plan. Done in the transaction that starts the build.
 */
export async function approveRunPlan(db: Executor, runId: string, approved: unknown): Promise<boolean> {
  const rows = await db
    .update(runs)
    .set({ plan: sql`jsonb_set(${runs.plan}, '{approved}', ${JSON.stringify(approved)}::jsonb)` })
    .where(and(eq(runs.id, runId), sql`${runs.plan} is not null`, sql`((${runs.plan}->'approved') is null or ${runs.plan}->'approved' = 'null'::jsonb)`))
    .returning({ id: runs.id });
  return rows.length > 0;
}

/** The latest approved plan of a project (kept on its plan run), for the context of later runs. */
export async function latestApprovedPlan(db: Executor, sproutId: string): Promise<unknown | null> {
  const rows = await db
    .select({ plan: runs.plan })
    .from(runs)
    .where(and(eq(runs.sproutId, sproutId), eq(runs.kind, 'plan'), sql`(${runs.plan}->'approved' is not null and ${runs.plan}->'approved' <> 'null'::jsonb)`))
    .orderBy(desc(runs.createdAt))
    .limit(1);
  return rows[0]?.plan ?? null;
}

/** Keeps a plan's checklist as its latest build ended, on the plan run. */
export async function setRunPlanChecked(db: Executor, planRunId: string, items: unknown): Promise<void> {
  await db
    .update(runs)
    .set({ plan: sql`jsonb_set(${runs.plan}, '{checked}', ${JSON.stringify(items)}::jsonb)` })
    .where(and(eq(runs.id, planRunId), sql`${runs.plan} is not null`));
}
