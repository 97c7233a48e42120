import type { DbHandle } from '@sprout/db';
import { TYPECHECK_DEFAULTS, typecheckProject, type TypeCheckFn, type TypeCheckResult } from '@sprout/engine';
import type { Config } from '../config';
import type { StoredFiles } from '../file-store/stored-files';
import type { StoredCandidates } from '../previews/stored-candidates';
import { AnsweredQueue } from './answered-queue';
import { checkWorkerJobs } from './check-queue';
import type { AnswerCodec, JobAnswers } from './job-answers';
import type { JobLog } from './job-runner';
import { fromStoredTypeCheck, TypeCheckJob } from './type-check-job';

const RESULTS: AnswerCodec<TypeCheckResult> = { name: 'type-check-results', encode: (result) => result, decode: fromStoredTypeCheck };
/** Only TypeScript files can have type errors: a round that changed none asks no worker (typecheckProject answers `ok` at once, no compiler). */
const TYPESCRIPT = /\.(ts|tsx|mts|cts)$/;

const skippedSince = (started: number, reason: string): TypeCheckResult => ({
  status: 'skipped',
  errors: [],
  reason,
  durationMs: Math.round(performance.now() - started),
  missingNames: [],
});

/** A type check taken from the queue: the candidate's stored files through the compiler, within what is left of its time. */
async function typeCheckFromJob(candidates: StoredCandidates, job: TypeCheckJob, waitedMs: number): Promise<TypeCheckResult> {
  const started = performance.now();
  const left = job.timeoutMs - waitedMs;
  // The run stopped waiting for it by now: nobody would read the answer.
  if (left <= 0) return skippedSince(started, `it waited ${Math.round(waitedMs / 100) / 10} s for a check worker`);
  const files = await candidates.load(job.sproutId, job.versionId);
  if (!files) return skippedSince(started, "the check worker could not load the candidate's files");
  return typecheckProject(new Map(files.map((f) => [f.path, f.content])), job.changed, { timeoutMs: left - (performance.now() - started) });
}

/**
 * The advisory type check of runs' candidates as jobs, beside their render checks
 * (checkWorkerJobs): the process executing a run (which then starts no compiler) queues the check
 * and waits for its result; a check worker loads the candidate's files from the file store, where
 * the run's build stored them for its preview, and checks them with the compiler. An answer that
 * does not come within the check's own time limit is a skipped check: it is advisory, so a run
 * never fails or waits longer for it.
 */
export class TypeCheckQueue {
  private constructor(
    private readonly queue: AnsweredQueue<TypeCheckJob, TypeCheckResult>,
    private readonly candidates: StoredCandidates,
    private readonly log: JobLog,
  ) {}

  static async start(o: {
    db: DbHandle['db'];
    connectionString: string;
    answers: JobAnswers<TypeCheckResult>;
    candidates: StoredCandidates;
    take: { concurrency: number; waited?(seconds: number): void } | null;
    log: JobLog;
  }): Promise<TypeCheckQueue> {
    const queue = await AnsweredQueue.start<TypeCheckJob, TypeCheckResult>({
      db: o.db,
      connectionString: o.connectionString,
      task: 'type-check',
      input: TypeCheckJob,
      answers: o.answers,
      take: o.take && { ...o.take, execute: (job, waitedMs) => typeCheckFromJob(o.candidates, job, waitedMs) },
      log: o.log,
    });
    return new TypeCheckQueue(queue, o.candidates, o.log);
  }

  /** The engine's type check: queued for any check worker, answered with its result or skipped once the check's time is up. */
  readonly check: TypeCheckFn = async (files, changed, o) => {
    const started = performance.now();
    if (!changed.some((p) => TYPESCRIPT.test(p) && files.has(p))) return typecheckProject(files, changed, o);
    // Files that are no run's candidate have nothing stored for a worker to load.
    if (!o.candidate) return skippedSince(started, 'there is no stored candidate for a check worker to load');
    const { sproutId, versionId } = o.candidate;
    const timeoutMs = o.timeoutMs ?? TYPECHECK_DEFAULTS.timeoutMs;
    // The build stores the same files for the preview: one write serves both (StoredCandidates.save).
    const stored = await this.candidates.save(
      sproutId,
      versionId,
      [...files].map(([path, content]) => ({ path, content })),
    );
    if (!stored) return skippedSince(started, 'the candidate could not be stored for a check worker');
    const left = timeoutMs - (performance.now() - started);
    if (left <= 0) return skippedSince(started, `storing the candidate took the check's ${Math.round(timeoutMs / 100) / 10} s`);
    const about = { sproutId, versionId };
    const result = await this.queue.ask({ sproutId, versionId, changed: [...changed], timeoutMs: left }, { signal: o.signal, timeoutMs: left, about });
    // The time the run waited for it, queue included, as a check in this process counts its wait for a compiler.
    if ('answer' in result) return { ...result.answer, durationMs: Math.round(performance.now() - started) };
    if (result.ended === 'aborted') return skippedSince(started, 'the run was stopped');
    if (result.ended === 'timeout') this.log.warn(about, 'no check worker answered a type check in time');
    return skippedSince(started, `no check worker answered within ${Math.round(timeoutMs / 100) / 10} s`);
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
 * The type checks of runs as jobs wherever render checks are (checkWorkerJobs): a process executing
 * runs then needs no compiler. Null where the process executing a run checks it itself.
 */
export async function createTypeCheckQueue(
  config: Config,
  dbHandle: DbHandle,
  deps: { files: StoredFiles; candidates: StoredCandidates; log: JobLog; waited?(seconds: number): void },
): Promise<TypeCheckQueue | null> {
  const jobs = checkWorkerJobs(config, dbHandle, RESULTS, deps);
  if (!jobs) return null;
  return TypeCheckQueue.start({
    db: dbHandle.db,
    connectionString: jobs.connectionString,
    answers: jobs.answers,
    candidates: deps.candidates,
    // As many as the compilers typecheckProject runs at once here: more would wait in this process
    // for a compiler while another check worker could take them.
    take: jobs.takes ? { concurrency: TYPECHECK_DEFAULTS.concurrency, waited: deps.waited } : null,
    log: deps.log,
  });
}
