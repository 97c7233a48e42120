import type { z } from 'zod';
import { addJob, newId, type Db, type DbHandle } from '@sprout/db';
import type { Config } from '../config';
import { migrateJobQueue, startJobRunner, type JobLog, type JobWorker } from './job-runner';

export interface DeliveryQueueOptions<T> {
  db: Db;
  /** A connection string with a session of its own (graphile-worker LISTENs): DATABASE_LISTEN_URL. */
  connectionString: string;
  task: string;
  /** What a job carries, checked when it is queued and again when it is taken. */
  payload: z.ZodType<T>;
  /** How this process delivers a job (a throw is a failed attempt, tried again with back-off); null: it only queues. */
  deliver: ((item: T) => Promise<void>) | null;
  /** With graphile-worker's back-off (e^attempt seconds), ten attempts span about six hours. */
  maxAttempts: number;
  /** Jobs delivered at once by a process taking them. */
  concurrency: number;
  log: JobLog;
}

/**
 * Fire-and-forget work for an outside service (mail to the SMTP server, events to the analytics
 * endpoint) as jobs on a shared PostgreSQL: the request that causes one queues it and answers at
 * once; a process taking the task delivers it, and a service that refuses for a while (down,
 * overloaded) gets it again later instead of it being lost with the process that was trying.
 */
export class DeliveryQueue<T> {
  private constructor(
    private readonly o: DeliveryQueueOptions<T>,
    private readonly runner: JobWorker | null,
  ) {}

  static async start<T>(o: DeliveryQueueOptions<T>): Promise<DeliveryQueue<T>> {
    const { deliver } = o;
    if (!deliver) {
      // Every role queues, so the queue's tables exist before the first job.
      await migrateJobQueue(o.connectionString, o.log);
      return new DeliveryQueue(o, null);
    }
    const runner = await startJobRunner({
      connectionString: o.connectionString,
      task: o.task,
      concurrency: o.concurrency,
      log: o.log,
      execute: (payload) => deliver(o.payload.parse(payload)),
    });
    return new DeliveryQueue(o, runner);
  }

  async add(item: T): Promise<void> {
    await addJob(this.o.db, this.o.task, this.o.payload.parse(item), { key: newId(), maxAttempts: this.o.maxAttempts });
  }

  /** Takes no more jobs here; resolves when those taken are delivered (or handed back). */
  async close(): Promise<void> {
    await this.runner?.stop();
  }
}

/**
 * A delivery queue when this deployment can share one (PostgreSQL, with a connection of its own to
 * listen on) and the outside service is configured (`deliver` is not null); null otherwise: the
 * caller then delivers from the process at hand. Delivery is light work: the processes serving
 * requests take it, the workers keep to runs and checks; every role queues.
 */
export async function startSharedDeliveryQueue<T>(
  config: Pick<Config, 'role'>,
  dbHandle: DbHandle,
  o: Omit<DeliveryQueueOptions<T>, 'db' | 'connectionString' | 'deliver'> & { deliver: ((item: T) => Promise<void>) | null },
): Promise<DeliveryQueue<T> | null> {
  const { deliver } = o;
  if (dbHandle.kind !== 'postgres' || dbHandle.listenUrl === undefined || !deliver) return null;
  const takes = config.role === 'all' || config.role === 'api';
  return DeliveryQueue.start({ ...o, db: dbHandle.db, connectionString: dbHandle.listenUrl, deliver: takes ? deliver : null });
}
