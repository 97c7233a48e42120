import { z } from 'zod';
import { addJob, newId, type Db, type DbHandle } from '@sprout/db';
import type { Config } from '../config';
import { smtpSender, type OutgoingMail } from '../mailer';
import { migrateJobQueue, startJobRunner, type JobLog, type JobWorker } from './job-runner';

const TASK = 'mail';
/** With graphile-worker's back-off (e^attempt seconds) ten attempts span about six hours of an SMTP server refusing. */
const MAX_ATTEMPTS = 10;
/** Mails sent at once by a process taking them: SMTP servers limit connections per client. */
const CONCURRENCY = 4;

const MailJob = z.object({ to: z.string().min(1), subject: z.string(), text: z.string() });

/**
 * Account mail (password resets, address changes, notices) as jobs on a shared PostgreSQL: the request
 * that asks for one queues it and answers at once; a process taking mail (roles all and api) sends it,
 * and an SMTP server that refuses it (down, overloaded) gets it again later instead of the mail being lost.
 */
export class MailQueue {
  private constructor(
    private readonly db: Db,
    private readonly runner: JobWorker | null,
  ) {}

  /** `send`: this process sends queued mail with it (null: it only queues). */
  static async start(o: { db: Db; connectionString: string; send: ((mail: OutgoingMail) => Promise<void>) | null; log: JobLog }): Promise<MailQueue> {
    const { send } = o;
    if (!send) {
      await migrateJobQueue(o.connectionString, o.log);
      return new MailQueue(o.db, null);
    }
    const runner = await startJobRunner({
      connectionString: o.connectionString,
      task: TASK,
      concurrency: CONCURRENCY,
      log: o.log,
      execute: (payload) => send(MailJob.parse(payload)),
    });
    return new MailQueue(o.db, runner);
  }

  async add(mail: OutgoingMail): Promise<void> {
    await addJob(this.db, TASK, MailJob.parse(mail), { key: newId(), maxAttempts: MAX_ATTEMPTS });
  }

  async close(): Promise<void> {
    await this.runner?.stop();
  }
}

/** The mail queue on a shared PostgreSQL with SMTP_URL set; null otherwise (mail is sent, or logged, at once). */
export async function createMailQueue(config: Config, dbHandle: DbHandle, log: JobLog): Promise<MailQueue | null> {
  if (dbHandle.kind !== 'postgres' || dbHandle.listenUrl === undefined || !config.smtpUrl) return null;
  // Sending mail is light: the processes serving requests take it, the workers keep to runs and checks.
  const takes = config.role === 'all' || config.role === 'api';
  return MailQueue.start({ db: dbHandle.db, connectionString: dbHandle.listenUrl, send: takes ? smtpSender(config) : null, log });
}
