import type { DbHandle } from '@sprout/db';
import type { Config } from '../config';
import { startSharedDeliveryQueue, type DeliveryQueue } from '../jobs/delivery-queue';
import type { JobLog } from '../jobs/job-runner';
import { ForwardBatch, forwardSettles } from './forward-events';

export type ForwardQueue = DeliveryQueue<ForwardBatch>;

/**
 * Forwarding as jobs on a shared PostgreSQL with ANALYTICS_WRITE_KEY set; null otherwise (each batch
 * is forwarded from the process that stored it, a few attempts in the background). An endpoint that
 * is down gets the batch again later, for about six hours, instead of it being lost.
 */
export async function createForwardQueue(config: Config, dbHandle: DbHandle, log: JobLog): Promise<ForwardQueue | null> {
  const { writeKey, url } = config.analytics;
  return startSharedDeliveryQueue(config, dbHandle, {
    task: 'analytics',
    payload: ForwardBatch,
    // A throw asks the queue for another attempt later.
    deliver: writeKey
      ? async (batch) => {
          if (!(await forwardSettles({ url, writeKey }, batch, log))) throw new Error('analytics endpoint failed; tried again later');
        }
      : null,
    maxAttempts: 10,
    concurrency: 4,
    log,
  });
}
