import { getRun, type Db } from '@sprout/db';
import type { EngineDeps } from '@sprout/engine';
import type { StoredFiles } from '../file-store/stored-files';
import type { EngineService } from '../engine/engine-service';
import { fromRunJob, type RunJob } from './run-job';

export interface RunJobDeps {
  db: Db;
  engine: EngineService;
  files: StoredFiles;
  log: NonNullable<EngineDeps['log']>;
  /** Told how long each run waited for a worker. */
  waited?(seconds: number): void;
}

/**
 * Executes a run taken from the queue, here, and resolves when it has ended (the job is done then).
 * A run that ended while it waited (stopped, or ended by another instance after the worker that
 * had taken it died) is not started again, nor is one this process already executes.
 */
export async function executeRunJob(deps: RunJobDeps, job: RunJob, waitedMs: number): Promise<void> {
  if (deps.engine.runs.isRunning(job.runId)) return deps.engine.runs.settled(job.runId);
  const run = await getRun(deps.db, job.runId);
  if (!run || run.status !== 'running') return;
  deps.waited?.(waitedMs / 1000);
  deps.engine.runs.start(await fromRunJob(deps, job));
  await deps.engine.runs.settled(job.runId);
}
