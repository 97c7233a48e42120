import type { DbHandle } from '@sprout/db';
import type { RenderCheckFn, RenderCheckInput, RenderOutcome } from '@sprout/engine';
import { CHECK_STOPPED, POOL_CLOSED } from '../checks/chromium-pool';
import type { Config } from '../config';
import type { StoredFiles } from '../file-store/stored-files';
import { AnsweredQueue } from './answered-queue';
import { CheckJob, fromCheckJob, fromStoredVerdict, StoredVerdict, toCheckJob, toStoredVerdict } from './check-job';
import { JobAnswers, type AnswerCodec } from './job-answers';
import type { JobLog } from './job-runner';

const NO_CHECK_WORKER = 'No check worker answered in time, so this version was not checked.';
/** What a check may take in all: its page (timeout), the behaviour checks' budget, and a start on a busy pool. */
const CHECK_RUNS_MS = (timeoutMs: number) => 2 * timeoutMs + 90_000;
/** How long a queued check may wait for a free check worker besides. */
const QUEUE_WAIT_MS = 120_000;

const VERDICTS: AnswerCodec<RenderOutcome> = {
  name: 'check-verdicts',
  encode: toStoredVerdict,
  decode: (stored) => {
    const parsed = StoredVerdict.safeParse(stored);
    return parsed.success ? fromStoredVerdict(parsed.data) : null;
  },
};

/**
 * Render checks as jobs: the process executing a run (which needs no Chromium) queues its
 * candidate's check and waits for the verdict; a check worker loads the candidate from the file
 * store, checks it in its Chromium and stores the verdict.
 */
export class CheckQueue {
  private constructor(
    private readonly queue: AnsweredQueue<CheckJob, RenderOutcome>,
    private readonly waitMs: number,
    private readonly log: JobLog,
  ) {}

  static async start(o: {
    db: DbHandle['db'];
    connectionString: string;
    answers: JobAnswers<RenderOutcome>;
    take: { concurrency: number; check: RenderCheckFn; waited?(seconds: number): void } | null;
    waitMs: number;
    log: JobLog;
  }): Promise<CheckQueue> {
    const { take } = o;
    const queue = await AnsweredQueue.start<CheckJob, RenderOutcome>({
      db: o.db,
      connectionString: o.connectionString,
      task: 'check',
      input: CheckJob,
      answers: o.answers,
      take: take && {
        concurrency: take.concurrency,
        waited: take.waited,
        execute: async (job) => {
          const outcome = await take.check(fromCheckJob(job));
          // This process is stopping (its Chromium closed mid-check): the job goes back for another worker.
          if (outcome.status === 'skipped' && outcome.reason === POOL_CLOSED) throw new Error(POOL_CLOSED);
          return outcome;
        },
      },
      log: o.log,
    });
    return new CheckQueue(queue, o.waitMs, o.log);
  }

  /** The engine's render check: queued for any check worker, answered when its verdict is stored. */
  readonly check: RenderCheckFn = async (input: RenderCheckInput) => {
    const about = { sproutId: input.sproutId, versionId: input.versionId };
    const result = await this.queue.ask(toCheckJob(input), { signal: input.signal, timeoutMs: this.waitMs, about });
    if ('answer' in result) return result.answer;
    if (result.ended === 'aborted') return { status: 'skipped', reason: CHECK_STOPPED };
    if (result.ended === 'timeout') this.log.warn(about, 'no check worker answered a render check in time');
    return { status: 'skipped', reason: NO_CHECK_WORKER };
  };

  waiting(): Promise<number> {
    return this.queue.waiting();
  }

  stopTaking(): Promise<void> {
    return this.queue.stopTaking();
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

/**
 * Whether a candidate's checks are jobs here, and this process's part in them: on a PostgreSQL
 * several processes share, with render checks on, check workers (roles all and check-worker, the
 * ones with Chromium) take them and the processes executing runs wait for their answers; null on
 * the embedded database, where the process executing a run checks it itself (or when checks are
 * turned off: they answer at once, and there may be no check worker at all).
 */
function checkQueueRoles(config: Config, dbHandle: DbHandle): { connectionString: string; takes: boolean; waits: boolean } | null {
  if (dbHandle.kind !== 'postgres' || dbHandle.listenUrl === undefined || !config.renderCheck.enabled) return null;
  return {
    connectionString: dbHandle.listenUrl,
    takes: config.role === 'all' || config.role === 'check-worker',
    // Only a process executing runs waits for answers (an API instance queues none, a check worker stores them).
    waits: config.role === 'all' || config.role === 'run-worker',
  };
}

/**
 * A kind of check-worker job as this process takes part in it (checkQueueRoles): the queue's database,
 * whether it takes such jobs, and where answers are stored (heard here only where runs wait for them).
 */
export function checkWorkerJobs<T>(
  config: Config,
  dbHandle: DbHandle,
  codec: AnswerCodec<T>,
  deps: { files: StoredFiles; log: JobLog },
): { connectionString: string; takes: boolean; answers: JobAnswers<T> } | null {
  const roles = checkQueueRoles(config, dbHandle);
  if (!roles) return null;
  const listenUrl = roles.waits ? roles.connectionString : null;
  return {
    connectionString: roles.connectionString,
    takes: roles.takes,
    answers: JobAnswers.start(codec, { files: deps.files, db: dbHandle.db, listenUrl, log: deps.log }),
  };
}

/** The render checks of runs as jobs for check workers (checkWorkerJobs); null where the process executing a run checks it. */
export async function createCheckQueue(
  config: Config,
  dbHandle: DbHandle,
  deps: { files: StoredFiles; check: RenderCheckFn; log: JobLog; waited?(seconds: number): void },
): Promise<CheckQueue | null> {
  const jobs = checkWorkerJobs(config, dbHandle, VERDICTS, deps);
  if (!jobs) return null;
  return CheckQueue.start({
    db: dbHandle.db,
    connectionString: jobs.connectionString,
    answers: jobs.answers,
    take: jobs.takes ? { concurrency: config.renderCheck.concurrency, check: deps.check, waited: deps.waited } : null,
    waitMs: QUEUE_WAIT_MS + CHECK_RUNS_MS(config.renderCheck.timeoutMs),
    log: deps.log,
  });
}
