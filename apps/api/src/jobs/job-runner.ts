import { Logger, run, runMigrations } from 'graphile-worker';
import { createJobPool } from '@sprout/db';

/** How often a worker looks for jobs besides being told of new ones (LISTEN): retries, and a lost notification. */
const POLL_MS = 2_000;

export type JobLog = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

function jobLogger(log: JobLog): Logger {
  return new Logger(() => (level, message, meta) => {
    if (level === 'error') log.error({ ...meta }, `job queue: ${message}`);
    else if (level === 'warning') log.warn({ ...meta }, `job queue: ${message}`);
  });
}

/** Makes graphile-worker's tables (every role writes jobs, so they exist before the first one); migrations take a lock. */
export async function migrateJobQueue(connectionString: string, log: JobLog): Promise<void> {
  const pgPool = createJobPool(connectionString, 2, (err) => log.warn({ err }, 'job queue: a migration connection failed'));
  try {
    await runMigrations({ pgPool, logger: jobLogger(log), noHandleSignals: true });
  } finally {
    await pgPool.end();
  }
}

export interface JobRunnerOptions {
  /** A connection string with a session of its own (graphile-worker LISTENs): DATABASE_LISTEN_URL. */
  connectionString: string;
  task: string;
  /** Jobs of this task taken at once by this process. */
  concurrency: number;
  /** Resolves when the job is done; a throw is a failed attempt, tried again with back-off. */
  execute(payload: unknown, waitedMs: number): Promise<void>;
  log: JobLog;
}

export interface JobWorker {
  /** Takes no more jobs; resolves when those taken here are done. Stops once, however often it is asked. */
  stop(): Promise<void>;
}

/**
 * Takes one task's jobs in this process. Each task has a runner of its own, so a process taking
 * runs and checks (role all) gives each its own concurrency: fifty runs waiting on a model never
 * keep a check from starting.
 */
export async function startJobRunner(o: JobRunnerOptions): Promise<JobWorker> {
  // Each job holds a connection only while it is taken and completed, not while it goes on.
  const pgPool = createJobPool(o.connectionString, Math.min(o.concurrency, 4) + 1, (err) =>
    o.log.warn({ err, task: o.task }, 'job queue: a connection failed'),
  );
  const runner = await run({
    pgPool,
    logger: jobLogger(o.log),
    noHandleSignals: true,
    concurrency: o.concurrency,
    pollInterval: POLL_MS,
    taskList: {
      [o.task]: async (payload, helpers) => o.execute(payload, Math.max(0, Date.now() - helpers.job.run_at.getTime())),
    },
  }).catch(async (err: unknown) => {
    await pgPool.end();
    throw err;
  });
  let stopping: Promise<void> | null = null;
  return {
    // Graceful: graphile-worker waits for the jobs taken here.
    stop: () =>
      (stopping ??= runner
        .stop('the process is stopping')
        .then(() => pgPool.end())
        .catch((err: unknown) => o.log.warn({ err, task: o.task }, 'a job worker did not stop cleanly'))),
  };
}
