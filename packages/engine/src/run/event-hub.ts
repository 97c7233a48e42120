import type { RunEvent } from './events';

export type RunEventListener = (event: RunEvent) => void;

/**
 * Delivers run events to live subscribers. The in-process hub publishes an event before it is
 * stored (deltas reach the browser at once) and keeps it as `backlog` until it is, so a reader that
 * subscribes and then reads the database misses nothing. With several API instances,
 * `PgRunEventHub` (LISTEN/NOTIFY) also delivers events of runs executing elsewhere, read from the
 * database after they are stored: readers work unchanged.
 */
export interface RunEventHub {
  publish(event: RunEvent): void;
  /** Events up to `seq` are in the database now. */
  markPersisted(runId: string, seq: number): void;
  /** Subscribes; `backlog` holds published events that may not be stored yet, in order. */
  subscribe(runId: string, listener: RunEventListener): { backlog: RunEvent[]; unsubscribe(): void };
  /** Several instances only: asks the instance executing `runId` to stop it (see PgRunEventHub). */
  requestStop?(runId: string): Promise<void>;
  /** Several instances only: `handler` is called with runs another instance was asked to stop. */
  onStopRequest?(handler: (runId: string) => void): void;
  close?(): Promise<void>;
}

export class InProcessRunEventHub implements RunEventHub {
  private readonly listeners = new Map<string, Set<RunEventListener>>();
  private readonly unpersisted = new Map<string, RunEvent[]>();

  publish(event: RunEvent): void {
    const pending = this.unpersisted.get(event.runId) ?? [];
    pending.push(event);
    this.unpersisted.set(event.runId, pending);
    for (const listener of [...(this.listeners.get(event.runId) ?? [])]) listener(event);
  }

  markPersisted(runId: string, seq: number): void {
    const pending = this.unpersisted.get(runId);
    if (!pending) return;
    const rest = pending.filter((e) => e.seq > seq);
    if (rest.length) this.unpersisted.set(runId, rest);
    else this.unpersisted.delete(runId);
  }

  subscribe(runId: string, listener: RunEventListener): { backlog: RunEvent[]; unsubscribe(): void } {
    const set = this.listeners.get(runId) ?? new Set();
    set.add(listener);
    this.listeners.set(runId, set);
    return {
      backlog: [...(this.unpersisted.get(runId) ?? [])],
      unsubscribe: () => {
        set.delete(listener);
        if (set.size === 0 && this.listeners.get(runId) === set) this.listeners.delete(runId);
      },
    };
  }

  /** For tests and metrics: how many runs have listeners or unstored events. */
  get size(): { listening: number; unpersisted: number } {
    return { listening: this.listeners.size, unpersisted: this.unpersisted.size };
  }
}
