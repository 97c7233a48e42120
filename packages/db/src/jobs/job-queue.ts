import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Executor } from '../create-db';

// The job queue's tables are graphile-worker's (schema graphile_worker, made by its own migrations
// when an API process starts on PostgreSQL): these are the two statements Sprout itself sends them.

/**
 * Queues a job of `task` in the caller's transaction, under `key`: a job with that key still waiting
 * is replaced, not doubled. Retried up to `maxAttempts` times with graphile-worker's back-off. Jobs
 * of one `queue` run one at a time, across every worker.
 */
export async function addJob(tx: Executor, task: string, payload: unknown, opts: { key: string; maxAttempts: number; queue?: string }): Promise<void> {
  await tx.execute(
    sql`select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json, job_key => ${opts.key}, max_attempts => ${opts.maxAttempts}, queue_name => ${opts.queue ?? null}::text)`,
  );
}

/** Jobs of `task` waiting for a worker: due or not, not taken yet. */
export async function countWaitingJobs(db: Executor, task: string): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = ${task} and locked_at is null`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** Removes the job under `key` if no worker has taken it (graphile-worker leaves a taken one be). */
export async function removeJob(db: Executor, key: string): Promise<void> {
  await db.execute(sql`select graphile_worker.remove_job(${key})`);
}

/**
 * A pool for a job queue's worker (graphile-worker takes it as `pgPool`): its error handlers stay
 * until it has ended, so a connection the server drops while the worker stops (a restart, a test
 * database dropped) is reported, never an uncaught exception. graphile-worker's own pool removes
 * its handlers before its unawaited end.
 */
export function createJobPool(connectionString: string, max: number, onError: (err: Error) => void): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}
