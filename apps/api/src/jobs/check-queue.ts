import { addJob, countWaitingJobs, newId, removeJob, type Db } from '@sprout/db';
import type { RenderCheckFn } from '@sprout/engine';
import { CHECK_STOPPED, POOL_CLOSED } from '../checks/chromium-pool';
import { CheckJob, fromCheckJob, toCheckJob } from './check-job';
import type { CheckVerdicts } from './check-verdicts';
import { migrateJobQueue, startJobRunner, type JobLog, type JobWorker } from './job-runner';

const TASK = 'check';
/** How often a check worker says it is still checking, and how long a silence means it died. */
const ALIVE_EVERY_MS = 3_000;
const QUIET_MS = 15_000;
/** A check whose worker died is queued once more; a second death lets the run go on unchecked. */
const ATTEMPTS = 2;
/** A check worker that failed to store its answer (the store gone for a moment) tries once more. */
const MAX_ATTEMPTS = 2;

const NO_CHECK_WORKER = 'No check worker answered in time, so this version was not checked.';

export interface CheckQueueOptions {
  db: Db;
  /** A connection string with a session of its own (graphile-worker LISTENs): DATABASE_LISTEN_URL. */
  connectionString: string;
  verdicts: CheckVerdicts;
  /** Whether this process checks candidates (roles all and check-worker): with its Chromium, how many at once. */
  take: { concurrency: number; check: RenderCheckFn; waited?(seconds: number): void } | null;
  /** How long a run waits for a verdict (queued and checked) before it goes on unchecked. */
  waitMs: number;
  log: JobLog;
}

/**
 * Render checks as graphile-worker jobs: the process executing a run (which needs no Chromium)
 * queues its candidate's check and waits for the verdict; a check worker loads the candidate from
 * the file store, checks it in its Chromium and stores the verdict (check-verdicts.ts).
 */
export class CheckQueue {
  private constructor(
    private readonly o: CheckQueueOptions,
    private readonly runner: JobWorker | null,
  ) {}

  static async start(o: CheckQueueOptions): Promise<CheckQueue> {
    if (!o.take) {
      await migrateJobQueue(o.connectionString, o.log);
      return new CheckQueue(o, null);
    }
    const { check, concurrency, waited } = o.take;
    const runner = await startJobRunner({
      connectionString: o.connectionString,
      task: TASK,
      concurrency,
      log: o.log,
      execute: async (payload, waitedMs) => {
        const job = CheckJob.parse(payload);
        waited?.(waitedMs / 1000);
        // A retry after the answer was stored (the completion was lost) has nothing left to do.
        if (await o.verdicts.read(job.checkId)) return;
        const sayAlive = () => void o.verdicts.alive(job.checkId).catch((err: unknown) => o.log.warn({ err }, 'a check could not say it is alive'));
        sayAlive();
        const beat = setInterval(sayAlive, ALIVE_EVERY_MS);
        const outcome = await check(fromCheckJob(job)).finally(() => clearInterval(beat));
        // This process is stopping (its Chromium closed mid-check): the job goes back for another worker.
        if (outcome.status === 'skipped' && outcome.reason === POOL_CLOSED) throw new Error(POOL_CLOSED);
        await o.verdicts.put(job.checkId, outcome);
      },
    });
    return new CheckQueue(o, runner);
  }

  /** The engine's render check: queued for any check worker, answered when its verdict is stored. */
  readonly check: RenderCheckFn = async (input) => {
    const deadline = Date.now() + this.o.waitMs;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const checkId = newId();
      await addJob(this.o.db, TASK, toCheckJob(checkId, input), { key: checkId, maxAttempts: MAX_ATTEMPTS });
      const result = await this.o.verdicts.wait(checkId, { signal: input.signal, timeoutMs: deadline - Date.now(), quietMs: QUIET_MS });
      if ('verdict' in result) return result.verdict;
      // Not taken yet: nobody should check it any more (a check already going on finishes unread).
      await removeJob(this.o.db, checkId).catch((err: unknown) => this.o.log.warn({ err, checkId }, 'a check job could not be removed'));
      if (result.ended === 'aborted') return { status: 'skipped', reason: CHECK_STOPPED };
      const at = { checkId, sproutId: input.sproutId, versionId: input.versionId };
      if (result.ended === 'timeout') {
        this.o.log.warn(at, 'no check worker answered a render check in time');
        break;
      }
      this.o.log.warn({ ...at, attempt }, 'the check worker checking a candidate went quiet (it died?)');
    }
    return { status: 'skipped', reason: NO_CHECK_WORKER };
  };

  waiting(): Promise<number> {
    return countWaitingJobs(this.o.db, TASK);
  }

  /** No more checks are taken here; resolves when those taken are done (or handed back). */
  stopTaking(): Promise<void> {
    return this.runner?.stop() ?? Promise.resolve();
  }

  async close(): Promise<void> {
    await this.stopTaking();
    await this.o.verdicts.close();
  }
}
