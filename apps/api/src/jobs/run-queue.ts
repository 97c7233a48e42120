import type { Executor, RunRow, WithinRunStart } from '@sprout/db';
import type { RunInput } from '@sprout/engine';
import { toRunJob, type RunJob } from './run-job';

/**
 * Where runs wait for a process to execute them. A run and its job exist together or not at all:
 * `add` writes the job in the transaction that inserts the run; `committed` is told once that
 * transaction is in. On PostgreSQL the queue is graphile-worker's, in the same database, and any
 * process taking runs (SPROUT_ROLE all or run-worker) executes it; on the embedded database there
 * is one process, which starts the run at once.
 */
export interface RunQueue {
  readonly kind: 'in-process' | 'postgres';
  add(tx: Executor, job: RunJob): Promise<void>;
  committed(input: RunInput): void;
  /** Runs waiting for a worker: queued, not taken yet. */
  waiting(): Promise<number>;
  /** A deploy's stop: no more runs are taken here (those running finish, or are interrupted by the engine's close). */
  stopTaking(): void;
  /** Resolves once nothing taken here is still going (the engine's runs have ended). */
  close(): Promise<void>;
}

/** One process per database: a run starts in this process as soon as its transaction is in. */
export class InProcessRunQueue implements RunQueue {
  readonly kind = 'in-process';

  constructor(private readonly start: (input: RunInput) => void) {}

  async add(): Promise<void> {}

  committed(input: RunInput): void {
    this.start(input);
  }

  async waiting(): Promise<number> {
    return 0;
  }

  stopTaking(): void {}

  async close(): Promise<void> {}
}

/**
 * A run's start through the queue: `within` (startMessageRun's, startFreeRun's) writes its job in
 * the transaction that inserts it; `committed`, called once that transaction is in, tells the queue.
 */
export function queuedStart(
  queue: RunQueue,
  inputOf: (tx: Executor, run: RunRow) => Promise<RunInput>,
  imageKeys: ReadonlyMap<string, string> = new Map(),
): { within: WithinRunStart; committed(): void } {
  let input: RunInput | null = null;
  return {
    within: async (tx, run) => {
      input = await inputOf(tx, run);
      await queue.add(tx, toRunJob(input, imageKeys));
    },
    committed: () => {
      if (input) queue.committed(input);
    },
  };
}
