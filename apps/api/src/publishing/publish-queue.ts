import { z } from 'zod';
import { GateAcknowledgement } from '@sprout/core/contract';
import { ERROR_CODES, type ErrorCode } from '@sprout/core/routes';
import { getSproutForOwner, type Db, type DbHandle, type SproutRow } from '@sprout/db';
import type { Config } from '../config';
import { AppError, notFound } from '../errors';
import type { StoredFiles } from '../file-store/stored-files';
import { AnsweredQueue } from '../jobs/answered-queue';
import { JobAnswers, type AnswerCodec } from '../jobs/job-answers';
import type { JobLog } from '../jobs/job-runner';
import { publishSprout, type PublishOptions, type PublishServices } from './publish';

const PublishJob = z.object({
  sproutId: z.string().min(1),
  ownerId: z.string().min(1),
  copyTestData: z.boolean().optional(),
  slug: z.string().optional(),
  acknowledge: z.array(GateAcknowledgement).optional(),
});
type PublishJob = z.infer<typeof PublishJob>;

/** How a publish ended, as the process that asked for it reads it: published, or the error to answer. */
const PublishAnswer = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), status: z.number().int(), code: z.string(), message: z.string(), extra: z.record(z.string(), z.unknown()) }),
]);
type PublishAnswer = z.infer<typeof PublishAnswer>;

const ANSWERS: AnswerCodec<PublishAnswer> = {
  name: 'publish-answers',
  encode: (answer) => answer,
  decode: (stored) => PublishAnswer.safeParse(stored).data ?? null,
};

/**
 * How long a request waits for its publish (a free worker, then a production build): as long as its
 * connection may stay silent, less a margin, so the person gets an answer rather than a cut socket.
 */
export const publishWaitMs = (config: Config) => Math.min(240_000, Math.max(5_000, config.connectionTimeoutMs - 10_000));
/** Publishes built at once by a process taking them: each is a production build, CPU-bound. */
const CONCURRENCY = 2;

export type PublishQueue = AnsweredQueue<PublishJob, PublishAnswer>;

/** A publish taken from the queue, done here; its outcome as an answer (an error the person should see is one too). */
async function publishFromJob(s: PublishServices, job: PublishJob, log: JobLog): Promise<PublishAnswer> {
  try {
    const sprout = await getSproutForOwner(s.db, job.sproutId, job.ownerId);
    if (!sprout) throw notFound('Project not found.');
    await publishSprout(s, sprout, { copyTestData: job.copyTestData, slug: job.slug, acknowledge: job.acknowledge });
    return { ok: true };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, status: err.status, code: err.code, message: err.message, extra: err.extra };
    log.error({ err, sproutId: job.sproutId }, 'a publish failed');
    return { ok: false, status: 503, code: 'unavailable', message: 'Sprout is temporarily unavailable. Please try again in a moment.', extra: {} };
  }
}

/**
 * Publishing on a PostgreSQL several processes share: a job the processes that build (roles all and
 * run-worker) take, so a production build never runs on an instance serving requests, and a
 * publish whose worker died is built again by another. Null on the embedded database: publishing
 * runs in the process asked.
 */
export async function createPublishQueue(
  config: Config,
  dbHandle: DbHandle,
  deps: PublishServices & { files: StoredFiles; log: JobLog; waited?(seconds: number): void },
): Promise<PublishQueue | null> {
  if (dbHandle.kind !== 'postgres' || dbHandle.listenUrl === undefined) return null;
  const takes = config.role === 'all' || config.role === 'run-worker';
  // Publishing is asked for by the processes serving requests.
  const waits = config.role === 'all' || config.role === 'api';
  const answers = JobAnswers.start(ANSWERS, { files: deps.files, db: dbHandle.db, listenUrl: waits ? dbHandle.listenUrl : null, log: deps.log });
  return AnsweredQueue.start<PublishJob, PublishAnswer>({
    db: dbHandle.db,
    connectionString: dbHandle.listenUrl,
    task: 'publish',
    input: PublishJob,
    answers,
    take: takes ? { concurrency: CONCURRENCY, waited: deps.waited, execute: (job) => publishFromJob(deps, job, deps.log) } : null,
    log: deps.log,
  });
}

/** Publishes the project's current version through the queue: the answer of the worker that built it. */
export async function publishThroughQueue(queue: PublishQueue, db: Db, sprout: SproutRow, options: PublishOptions, waitMs: number): Promise<SproutRow> {
  const job: PublishJob = { sproutId: sprout.id, ownerId: sprout.ownerId, ...options };
  const result = await queue.ask(job, { timeoutMs: waitMs, about: { sproutId: sprout.id } });
  if (!('answer' in result)) throw new AppError(503, 'publish_unavailable', ERROR_CODES.publish_unavailable.message);
  const { answer } = result;
  if (!answer.ok) throw new AppError(answer.status as never, answer.code as ErrorCode, answer.message, answer.extra);
  const published = await getSproutForOwner(db, sprout.id, sprout.ownerId);
  if (!published) throw notFound('Project not found.');
  return published;
}
