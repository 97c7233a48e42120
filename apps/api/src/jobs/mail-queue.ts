import { z } from 'zod';
import type { DbHandle } from '@sprout/db';
import type { Config } from '../config';
import { smtpSender, type OutgoingMail } from '../mailer';
import { startSharedDeliveryQueue, type DeliveryQueue } from './delivery-queue';
import type { JobLog } from './job-runner';

const MailJob = z.object({ to: z.string().min(1), subject: z.string(), text: z.string() });

export type MailQueue = DeliveryQueue<OutgoingMail>;

/**
 * Account mail (password resets, address changes, notices) as jobs on a shared PostgreSQL with
 * SMTP_URL set; null otherwise (mail is sent, or logged, at once). An SMTP server that refuses a mail
 * gets it again later, for about six hours.
 */
export async function createMailQueue(config: Config, dbHandle: DbHandle, log: JobLog): Promise<MailQueue | null> {
  return startSharedDeliveryQueue(config, dbHandle, {
    task: 'mail',
    payload: MailJob,
    deliver: smtpSender(config),
    maxAttempts: 10,
    // SMTP servers limit connections per client.
    concurrency: 4,
    log,
  });
}
