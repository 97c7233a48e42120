import type { DbHandle } from '@sprout/db';
import type { RenderCheckFn } from '@sprout/engine';
import type { Config } from '../config';
import type { StoredFiles } from '../file-store/stored-files';
import { CheckQueue } from './check-queue';
import { CheckVerdicts } from './check-verdicts';
import type { JobLog } from './job-runner';

/** What a check may take in all: its page (timeout), the behaviour checks' budget, and a start on a busy pool. */
const CHECK_RUNS_MS = (timeoutMs: number) => 2 * timeoutMs + 90_000;
/** How long a queued check may wait for a free check worker besides. */
const QUEUE_WAIT_MS = 120_000;

/**
 * The render checks of runs on a PostgreSQL several processes share: jobs that a check worker (roles
 * all and check-worker, the ones with Chromium) takes; null on the embedded database, where the
 * process executing a run checks it itself (or when checks are turned off: they answer at once).
 */
export async function createCheckQueue(
  config: Config,
  dbHandle: DbHandle,
  deps: { files: StoredFiles; check: RenderCheckFn; log: JobLog; waited?(seconds: number): void },
): Promise<CheckQueue | null> {
  // Checks turned off answer at once, wherever they are asked.
  if (dbHandle.kind !== 'postgres' || dbHandle.listenUrl === undefined || !config.renderCheck.enabled) return null;
  const takes = config.role === 'all' || config.role === 'check-worker';
  // Only a process executing runs waits for verdicts (an API instance queues none, a check worker stores them).
  const waits = config.role === 'all' || config.role === 'run-worker';
  const verdicts = await CheckVerdicts.start({ files: deps.files, db: dbHandle.db, listenUrl: waits ? dbHandle.listenUrl : null, log: deps.log });
  return CheckQueue.start({
    db: dbHandle.db,
    connectionString: dbHandle.listenUrl,
    verdicts,
    take: takes ? { concurrency: config.renderCheck.concurrency, check: deps.check, waited: deps.waited } : null,
    waitMs: QUEUE_WAIT_MS + CHECK_RUNS_MS(config.renderCheck.timeoutMs),
    log: deps.log,
  });
}
