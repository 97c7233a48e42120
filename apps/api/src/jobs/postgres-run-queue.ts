import { addJob, countWaitingJobs, type Db, type Executor } from '@sprout/db';
import { migrateJobQueue, startJobRunner, type JobLog, type JobWorker } from './job-runner';
import { RunJob } from './run-job';
import type { RunQueue } from './run-queue';

const TASK = 'run';
/**
 * A failed take (the database gone for a moment) is tried again, with graphile-worker's back-off.
 * A worker that dies leaves its job locked for 4 hours (graphile-worker's fixed lock timeout): the
 * run's lease (the engine's) ends it within seconds instead, and a later attempt finds it ended.
 */
const MAX_ATTEMPTS = 5;

export interface PostgresRunQueueOptions {
  db: Db;
  /** A connection string with a session of its own (graphile-worker LISTENs): DATABASE_LISTEN_URL. */
  connectionString: string;
  /** Whether this process executes runs (roles all and run-worker), and how many at once. */
  take: { concurrency: number; execute(job: RunJob, waitedMs: number): Promise<void> } | null;
  log: JobLog;
}

/** Runs as graphile-worker jobs in the same PostgreSQL database: the job is written with the run, in its transaction. */
export class PostgresRunQueue implements RunQueue {
  readonly kind = 'postgres';

  private constructor(
    private readonly db: Db,
    private readonly runner: JobWorker | null,
  ) {}

  static async start(o: PostgresRunQueueOptions): Promise<PostgresRunQueue> {
    if (!o.take) {
      await migrateJobQueue(o.connectionString, o.log);
      return new PostgresRunQueue(o.db, null);
    }
    const { concurrency, execute } = o.take;
    const runner = await startJobRunner({
      connectionString: o.connectionString,
      task: TASK,
      concurrency,
      execute: (payload, waitedMs) => execute(RunJob.parse(payload), waitedMs),
      log: o.log,
    });
    return new PostgresRunQueue(o.db, runner);
  }

  async add(tx: Executor, job: RunJob): Promise<void> {
    // The run's id is the job's key: a run is queued once, however often this were called.
    await addJob(tx, TASK, job, { key: job.runId, maxAttempts: MAX_ATTEMPTS });
  }

  committed(): void {}

  async waiting(): Promise<number> {
    return countWaitingJobs(this.db, TASK);
  }

  stopTaking(): void {
    void this.runner?.stop();
  }

  async close(): Promise<void> {
    await this.runner?.stop();
  }
}
