import type { DbHandle } from '@sprout/db';
import type { Config } from '../config';
import { DeliveryQueue } from '../jobs/delivery-queue';
import type { JobLog } from '../jobs/job-runner';
import { ForwardBatch, forwardBatch, type ForwardTarget } from './forward-events';

export type ForwardQueue = DeliveryQueue<ForwardBatch>;

/** Delivers a batch for the queue: done when the endpoint took it or refused it for good; a throw asks for another attempt later. */
function deliverBatch(target: ForwardTarget, log: Pick<JobLog, 'warn'>) {
  return async (batch: ForwardBatch): Promise<void> => {
    const result = await forwardBatch(target, batch);
    if (result.ok) return;
    if (!result.later) {
      log.warn({ status: result.status, count: batch.events.length }, 'analytics forward refused');
      return;
    }
    throw new Error(`analytics endpoint failed (${result.status ?? String(result.error)})`);
  };
}

/**
 * Forwarding as jobs on a shared PostgreSQL with ANALYTICS_WRITE_KEY set; null otherwise (each batch
 * is forwarded from the process that stored it, a few attempts in the background). An endpoint that
 * is down gets the batch again later, for about six hours, instead of it being lost.
 */
export async function createForwardQueue(config: Config, dbHandle: DbHandle, log: JobLog): Promise<ForwardQueue | null> {
  const { writeKey, url } = config.analytics;
  if (dbHandle.kind !== 'postgres' || dbHandle.listenUrl === undefined || !writeKey) return null;
  // Light work: the processes serving requests take it, the workers keep to runs and checks.
  const takes = config.role === 'all' || config.role === 'api';
  return DeliveryQueue.start({
    db: dbHandle.db,
    connectionString: dbHandle.listenUrl,
    task: 'analytics',
    payload: ForwardBatch,
    deliver: takes ? deliverBatch({ url, writeKey }, log) : null,
    maxAttempts: 10,
    concurrency: 4,
    log,
  });
}
