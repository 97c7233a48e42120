import type { DbHandle } from '@sprout/db';
import type { Config } from '../config';
import { executeRunJob, type RunJobDeps } from './execute-run-job';
import { PostgresRunQueue } from './postgres-run-queue';
import { InProcessRunQueue, type RunQueue } from './run-queue';

/**
 * The run queue of this process: graphile-worker's on a PostgreSQL several processes share (this
 * one takes runs when its role does), else in-process.
 */
export async function createRunQueue(config: Config, dbHandle: DbHandle, deps: RunJobDeps): Promise<RunQueue> {
  if (dbHandle.kind !== 'postgres' || dbHandle.listenUrl === undefined) return new InProcessRunQueue((input) => deps.engine.runs.start(input));
  const takes = config.role === 'all' || config.role === 'run-worker';
  return PostgresRunQueue.start({
    db: dbHandle.db,
    connectionString: dbHandle.listenUrl,
    take: takes ? { concurrency: config.runWorkerConcurrency, execute: (job, waitedMs) => executeRunJob(deps, job, waitedMs) } : null,
    log: deps.log,
  });
}
