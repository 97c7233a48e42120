import { z } from 'zod';
import { addJob, countWaitingJobs, newId, removeJob, type Db } from '@sprout/db';
import type { JobAnswers, WaitResult } from './job-answers';
import { migrateJobQueue, startJobRunner, type JobLog, type JobWorker } from './job-runner';

/** How often a worker says it is still on a job, and how long a silence means it died. */
const ALIVE_EVERY_MS = 3_000;
const QUIET_MS = 15_000;
/** A job whose worker died is queued once more; a second death ends the wait. */
const ATTEMPTS = 2;
/** A worker that failed to store its answer (the store gone for a moment) tries once more. */
const MAX_ATTEMPTS = 2;

export interface AnsweredQueueOptions<In, Out> {
  db: Db;
  /** A connection string with a session of its own (graphile-worker LISTENs): DATABASE_LISTEN_URL. */
  connectionString: string;
  task: string;
  /** What a job carries besides its id, checked when it is taken. */
  input: z.ZodType<In>;
  answers: JobAnswers<Out>;
  /**
   * Whether this process takes these jobs, how many at once, and how (a throw hands the job back for
   * another try); `waitedMs`: how long the job waited in the queue, which a job with a time limit spends.
   */
  take: { concurrency: number; execute(input: In, waitedMs: number): Promise<Out>; waited?(seconds: number): void } | null;
  log: JobLog;
}

/**
 * Jobs whose asker waits for the answer (a render check, a type check, a publish) while the work runs on whichever
 * process takes the task: the asker queues the job and waits for the answer the worker stores
 * (job-answers.ts). A worker that dies mid-job stops saying it is alive, and the asker queues the
 * job once more instead of waiting out its deadline (graphile-worker keeps a dead worker's job
 * locked for hours).
 */
export class AnsweredQueue<In, Out> {
  private constructor(
    private readonly o: AnsweredQueueOptions<In, Out>,
    private readonly runner: JobWorker | null,
  ) {}

  static async start<In, Out>(o: AnsweredQueueOptions<In, Out>): Promise<AnsweredQueue<In, Out>> {
    if (!o.take) {
      await migrateJobQueue(o.connectionString, o.log);
      return new AnsweredQueue(o, null);
    }
    const { execute, concurrency, waited } = o.take;
    const Job = z.object({ id: z.string().min(1), input: o.input });
    const runner = await startJobRunner({
      connectionString: o.connectionString,
      task: o.task,
      concurrency,
      log: o.log,
      execute: async (payload, waitedMs) => {
        const job = Job.parse(payload);
        const sayAlive = () => o.answers.alive(job.id).catch((err: unknown) => o.log.warn({ err, task: o.task }, 'a job could not say it is alive'));
        // Said before anything else: the asker counts silence only from the first word, so a worker
        // dying before it would leave the asker waiting out its whole deadline.
        await sayAlive();
        const beat = setInterval(() => void sayAlive(), ALIVE_EVERY_MS);
        try {
          waited?.(waitedMs / 1000);
          // A retry after the answer was stored (the completion was lost) has nothing left to do.
          if ((await o.answers.read(job.id)) !== null) return;
          await o.answers.put(job.id, await execute(job.input as In, waitedMs));
        } finally {
          clearInterval(beat);
        }
      },
    });
    return new AnsweredQueue(o, runner);
  }

  /**
   * Queues the job and waits for its answer until `timeoutMs` passes or `signal` aborts; queued again,
   * once, when the worker on it went quiet. A job nobody took by then is removed from the queue.
   */
  async ask(input: In, o: { signal?: AbortSignal; timeoutMs: number; about: object }): Promise<WaitResult<Out>> {
    const deadline = Date.now() + o.timeoutMs;
    let result: WaitResult<Out> = { ended: 'timeout' };
    // Listening before the job exists: silence counts only from the worker's first "alive".
    await this.o.answers.ready();
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const id = newId();
      // Waiting before the job exists: a worker may take it and say it is alive before the queueing
      // returns here (on a busy loop both sockets are read in one turn, in no set order), and a word
      // nobody waited for is not kept. A worker that then died unheard would hold this ask to its deadline.
      const queued = new AbortController();
      const answered = this.o.answers.wait(id, {
        signal: o.signal ? AbortSignal.any([o.signal, queued.signal]) : queued.signal,
        timeoutMs: deadline - Date.now(),
        quietMs: QUIET_MS,
      });
      try {
        await addJob(this.o.db, this.o.task, { id, input }, { key: id, maxAttempts: MAX_ATTEMPTS });
      } catch (err) {
        queued.abort();
        await answered;
        throw err;
      }
      result = await answered;
      if ('answer' in result) return result;
      // Not taken yet: nobody should work on it any more (a job already going on finishes unread).
      await removeJob(this.o.db, id).catch((err: unknown) => this.o.log.warn({ err, id }, 'a job could not be removed'));
      if (result.ended !== 'quiet') return result;
      this.o.log.warn({ ...o.about, id, attempt, task: this.o.task }, 'the worker on a job went quiet (it died?)');
    }
    return result;
  }

  waiting(): Promise<number> {
    return countWaitingJobs(this.o.db, this.o.task);
  }

  /** No more jobs are taken here; resolves when those taken are done (or handed back). */
  stopTaking(): Promise<void> {
    return this.runner?.stop() ?? Promise.resolve();
  }

  async close(): Promise<void> {
    await this.stopTaking();
    await this.o.answers.close();
  }
}
