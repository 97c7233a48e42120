import {
  claimEndedRunsWithoutEnd,
  compactEndedRunEvents,
  getRun,
  interruptOrphanedRuns,
  isRunLeaseFresh,
  newId,
  renewRunLeases,
  type RunRow,
} from '@sprout/db';
import { INTERRUPTED_FAILURE, RunAbort, RunFailure, TIMEOUT_FAILURE, type Failure } from './run-failure';
import { completeEndedRun, endOrphanRun } from './run-outcome';
import { TERMINAL_EVENTS, type RunEvent } from './events';
import { observeRun } from './run-metrics';
import { executeRun } from './execute-run';
import { DEFAULT_TIMEOUT_MS, type EngineDeps, type RunInput } from './run-types';

interface ActiveRun {
  controller: AbortController;
  done: Promise<void>;
}

export interface RunManagerOptions {
  /** This process among the API instances sharing the database (random by default). */
  instanceId?: string;
  /**
   * Runs are leased: the instance executing a run renews its `heartbeat_at` every third of this,
   * and a running run not renewed for this long was orphaned by a process that died. Default 30 s.
   */
  leaseSeconds?: number;
  /** Several instances share the database: look for orphaned runs of dead instances every half lease. */
  sweep?: boolean;
  /** How long after a run ends what it streamed is kept (default a day; compactEndedRunEvents). */
  streamedKeptMs?: number;
  /**
   * Runs wait in a queue shared by several processes: one no process has taken yet is orphaned only
   * after waiting this long (no worker at all). None: every run starts where it was created.
   */
  queueWaitSeconds?: number;
}

/** How often ended runs' streamed events are compacted (each instance; a batch at a time). */
const COMPACT_EVERY_MS = 10 * 60_000;
const DAY_MS = 86_400_000;
const BATCH = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The runs this process executes, in the background of the request that started them. Each can be
 * stopped (also from another instance); closing the manager interrupts them all and waits until
 * each has ended in the database. Runs are leased, so instances sharing one database only ever end
 * runs whose process is gone.
 */
export class RunManager {
  private readonly active = new Map<string, ActiveRun>();
  private closed = false;
  readonly instanceId: string;
  readonly leaseSeconds: number;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly sweeper: NodeJS.Timeout | null;
  private readonly compactor: NodeJS.Timeout;
  private readonly streamedKeptMs: number;
  private readonly queueWaitSeconds: number | undefined;

  constructor(
    readonly deps: EngineDeps,
    options: RunManagerOptions = {},
  ) {
    this.instanceId = options.instanceId ?? newId(12);
    this.leaseSeconds = options.leaseSeconds ?? 30;
    this.heartbeat = setInterval(() => void this.renewLeases(), (this.leaseSeconds * 1000) / 3);
    this.heartbeat.unref();
    this.sweeper = options.sweep ? setInterval(() => void this.sweep(), (this.leaseSeconds * 1000) / 2) : null;
    this.sweeper?.unref();
    this.streamedKeptMs = options.streamedKeptMs ?? DAY_MS;
    this.queueWaitSeconds = options.queueWaitSeconds;
    this.compactor = setInterval(() => void this.compact(), COMPACT_EVERY_MS);
    this.compactor.unref();
    // A stop pressed on another instance for a run executing here.
    deps.hub.onStopRequest?.((runId) => this.active.get(runId)?.controller.abort(new RunAbort('stop')));
  }

  start(input: RunInput): void {
    if (this.closed) throw new Error('The run manager is closed.');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new RunFailure(TIMEOUT_FAILURE)), this.deps.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const done = executeRun(this.deps, input, controller.signal)
      .catch((err: unknown) => this.deps.log?.error({ err, runId: input.runId }, 'run crashed'))
      .finally(() => {
        clearTimeout(timer);
        this.active.delete(input.runId);
      });
    this.active.set(input.runId, { controller, done });
    // Claims the run for this instance at once (the row was inserted with a fresh lease).
    void this.renewLeases([input.runId]);
  }

  /** How many runs this process executes right now. */
  get activeCount(): number {
    return this.active.size;
  }

  isRunning(runId: string): boolean {
    return this.active.has(runId);
  }

  /**
   * Stops a run. One this process executes is aborted and ends itself as 'stopped'; one another
   * live instance executes is asked to stop (and waited for); one no process executes any more
   * (left by a crash) is ended here. Resolves once the stop is recorded or requested.
   */
  async stop(run: RunRow): Promise<'stopping' | 'stopped' | 'already-ended'> {
    const active = this.active.get(run.id);
    if (active) {
      active.controller.abort(new RunAbort('stop'));
      return 'stopping';
    }
    const fresh = await getRun(this.deps.db, run.id);
    if (!fresh || fresh.status !== 'running') return 'already-ended';
    // Still queued (no process has taken it): ended here, and the worker that takes it finds it ended.
    const taken = fresh.ownerInstance !== null;
    if (taken && this.deps.hub.requestStop && (await isRunLeaseFresh(this.deps.db, run.id, this.leaseSeconds))) {
      await this.deps.hub.requestStop(run.id);
      // The owner records the stop itself; one that does not within the wait is gone.
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
        await sleep(100);
        const now = await getRun(this.deps.db, run.id);
        if (!now || now.status !== 'running') return 'stopped';
      }
    }
    const latest = await getRun(this.deps.db, run.id);
    if (!latest || latest.status !== 'running') return 'stopped';
    await this.endOrphan(latest, 'stopped');
    return 'stopped';
  }

  /** Resolves when the run has ended (immediately when it is not running here). */
  async settled(runId: string): Promise<void> {
    await this.active.get(runId)?.done;
  }

  /**
   * At start-up: runs still marked running whose process died (a crash, a kill, a restart) end as
   * 'interrupted' — the message is given back and the chat says what happened — with a terminal
   * event. `all`: every running run (one process per database, as with PGlite); otherwise only runs
   * whose lease is stale, so other live instances keep theirs.
   */
  async recoverInterrupted(opts: { all?: boolean } = {}): Promise<number> {
    const staleSeconds = opts.all ? null : this.leaseSeconds;
    // The runs this process executes are alive whatever their lease says: on a machine so busy
    // that a renewal ran late, its own sweeper (due at the same moment) must not end them.
    const exclude = [...this.active.keys()];
    const message = INTERRUPTED_FAILURE.message;
    const rows = await interruptOrphanedRuns(this.deps.db, { message, staleSeconds, queuedSeconds: this.queueWaitSeconds, exclude });
    for (const run of rows) {
      // Already marked interrupted above: this adds the refund, the chat message and the terminal event.
      await this.endOrphan(run, 'interrupted', INTERRUPTED_FAILURE);
    }
    // Ended in the database, but the process died before the terminal event: followers still wait.
    const unfinished = await claimEndedRunsWithoutEnd(this.deps.db, { staleSeconds, terminalTypes: [...TERMINAL_EVENTS], exclude });
    for (const run of unfinished) this.observe(run, await completeEndedRun(this.deps.db, this.deps.hub, run));
    return rows.length + unfinished.length;
  }

  /**
   * A rolling deploy's stop: the runs executing here are let finish, up to `withinMs` (new ones may
   * still start, and are waited for too); resolves with how many are still going at the limit, which
   * `close` then interrupts (and refunds).
   */
  async drain(withinMs: number): Promise<{ left: number }> {
    const deadline = Date.now() + withinMs;
    while (this.active.size > 0 && Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now())));
      await Promise.race([Promise.all([...this.active.values()].map((a) => a.done)), limit]);
      clearTimeout(timer);
    }
    return { left: this.active.size };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearInterval(this.compactor);
    if (this.sweeper) clearInterval(this.sweeper);
    const all = [...this.active.values()];
    for (const a of all) a.controller.abort(new RunFailure(INTERRUPTED_FAILURE));
    await Promise.all(all.map((a) => a.done));
  }

  /** Ends a run no process executes any more; its end counts here, where it was found. */
  private async endOrphan(run: RunRow, status: 'stopped' | 'interrupted', failure?: Failure): Promise<void> {
    this.observe(run, await endOrphanRun(this.deps.db, this.deps.hub, run, status, failure));
  }

  private observe(run: RunRow, end: RunEvent | null): void {
    const kind = run.kind === 'runtime-fix' || run.kind === 'security-fix' ? run.kind : 'message';
    if (end && this.deps.metrics) observeRun(this.deps.metrics, { kind, model: run.model ?? 'unknown' }, this.deps.log)(end);
  }

  private async renewLeases(ids = [...this.active.keys()]): Promise<void> {
    if (ids.length === 0) return;
    try {
      const alive = new Set(await renewRunLeases(this.deps.db, this.instanceId, ids));
      for (const id of ids) {
        if (alive.has(id)) continue;
        // A run that made its version ended itself and only sends its type check's result now: the
        // lease has nothing left to guard, and aborting would cut that check short.
        if ((await getRun(this.deps.db, id))?.status === 'succeeded') continue;
        // Ended by someone else meanwhile (a sweeper after a long database outage): stop working on it.
        this.active.get(id)?.controller.abort(new RunAbort('lost'));
      }
    } catch (err) {
      this.deps.log?.warn({ err }, 'renewing run leases failed');
    }
  }

  /** Removes what long-ended runs streamed, a batch after another while there is more (resolves when done). */
  async compact(): Promise<number> {
    let removed = 0;
    try {
      for (;;) {
        const batch = await compactEndedRunEvents(this.deps.db, new Date(Date.now() - this.streamedKeptMs), BATCH);
        removed += batch;
        if (batch < BATCH || this.closed) break;
      }
    } catch (err) {
      this.deps.log?.warn({ err }, "compacting ended runs' events failed");
    }
    return removed;
  }

  private async sweep(): Promise<void> {
    try {
      const n = await this.recoverInterrupted();
      if (n) this.deps.log?.warn({ ended: n }, 'runs of an instance that is gone were ended (interrupted, or given the end their process did not write)');
    } catch (err) {
      this.deps.log?.warn({ err }, 'looking for orphaned runs failed');
    }
  }
}
