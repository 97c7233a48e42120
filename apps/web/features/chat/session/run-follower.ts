import type { Run, RunEvent } from '@sprout/core/contract';
import { TERMINAL_EVENTS } from '@sprout/core';
import type { ChatCalls } from '../api';
import { followRunStream, type RunStreamResult } from '@/lib/api/run-stream';
import type { ChatStore } from './chat-store';
import { EventBatch } from './event-batch';
import type { RunView } from './run-view';

/** What a run followed live does beyond the chat (./run-effects). */
export interface LiveRunListener {
  /** Each event of a live run as it arrives (before the chat shows it, a frame later). */
  event(runId: string, event: RunEvent): void;
  /** A live run made this version, learned from its stored state rather than an event. */
  version(versionId: string): void;
  /** A live run ended (once per run); `finished`: it ran to its end rather than being stopped. */
  ended(runId: string, finished: boolean): void;
}

export interface RunFollowerDeps {
  sproutId: string;
  store: ChatStore;
  calls: () => ChatCalls;
  /** The events stream's URL (`{api}/build/v1/runs/:id/events`). */
  eventsUrl: (runId: string) => string;
  getToken: (forceRefresh?: boolean) => Promise<string | null>;
  listener: LiveRunListener;
}

/**
 * Follows runs over SSE (lib/api/run-stream): live runs — the one being written in front of
 * the person, or the project's running run found on load — event by event, batched per frame;
 * finished runs as a replay of their stored events, shown once complete. A stream that ends
 * without the run's end asks for the run's state, and follows again while it still runs.
 */
export class RunFollower {
  private controllers = new Map<string, AbortController>();
  private live = new Set<string>();
  private replays = new Map<string, RunEvent[]>();
  private batch: EventBatch;

  constructor(private readonly deps: RunFollowerDeps) {
    this.batch = new EventBatch((events) => deps.store.applyEvents(events));
  }

  isFollowing(runId: string): boolean {
    return this.controllers.has(runId);
  }

  /** `live`: the run becomes the active one, and its end plays the sound and updates the caches. */
  follow(runId: string, opts: { live: boolean; kind?: RunView['kind']; model?: string | null }): void {
    const { store } = this.deps;
    if (this.controllers.has(runId)) return;
    const existing = store.getSnapshot().runs[runId];
    if (existing && existing.status !== 'running' && existing.lastSeq > 0) return;
    const ctrl = new AbortController();
    this.controllers.set(runId, ctrl);
    if (opts.live) this.live.add(runId);
    store.startFollowing(runId, opts.live, opts.kind, opts.model);
    void followRunStream({
      url: this.deps.eventsUrl(runId),
      getToken: (force) => this.deps.getToken(force),
      after: store.getSnapshot().runs[runId]?.lastSeq ?? 0,
      signal: ctrl.signal,
      onEvent: (e) => this.onEvent(runId, e),
      onConnection: (c) => store.setStream(runId, c),
    }).then((result) => this.onStreamEnd(runId, result));
  }

  /** Follows the project's running run, if there is one (page load, a 409 on send). */
  async followActive(): Promise<void> {
    try {
      const { run } = await this.deps.calls().activeRun(this.deps.sproutId);
      if (run && run.status === 'running') this.follow(run.id, { live: true, kind: run.kind, model: run.model });
    } catch (err) {
      console.warn('Could not check for a running reply', err);
    }
  }

  /** Shows the details (files, checks) of a finished run by replaying its stored events. */
  replay(runId: string): void {
    this.follow(runId, { live: false });
  }

  /** Tries again after the connection to a run was lost. */
  reconnect(runId: string): void {
    this.follow(runId, { live: this.live.has(runId) });
  }

  /** Live runs whose streams were closed (the panel went away) are followed again to learn how they went. */
  resumeLive(): void {
    for (const v of Object.values(this.deps.store.getSnapshot().runs)) {
      if (v.status === 'running' && this.live.has(v.id) && !this.controllers.has(v.id)) this.follow(v.id, { live: true });
    }
  }

  closeAll(): void {
    for (const c of this.controllers.values()) c.abort();
    this.controllers.clear();
  }

  /** Brings a run whose end arrived as no event to its stored end state. */
  settle(runId: string, run: Run): void {
    this.deps.store.settleRun(runId, run);
    if (run.resultVersionId && this.live.has(runId)) this.deps.listener.version(run.resultVersionId);
    this.end(runId, run.status !== 'stopped');
  }

  private end(runId: string, finished: boolean): void {
    if (!this.live.delete(runId)) return;
    this.deps.listener.ended(runId, finished);
  }

  private onEvent(runId: string, event: RunEvent): void {
    // A replay of a finished run arrives in a burst: it is shown once complete (see onStreamEnd).
    if (!this.live.has(runId)) {
      const buffer = this.replays.get(runId) ?? [];
      buffer.push(event);
      this.replays.set(runId, buffer);
      return;
    }
    this.batch.push(runId, event);
    this.deps.listener.event(runId, event);
    if (TERMINAL_EVENTS.has(event.type)) this.end(runId, event.type !== 'run.stopped');
  }

  private async onStreamEnd(runId: string, result: RunStreamResult): Promise<void> {
    const { store } = this.deps;
    this.controllers.delete(runId);
    const replayed = this.replays.get(runId);
    this.replays.delete(runId);
    if (result.kind === 'aborted') {
      store.setStream(runId, 'closed');
      return;
    }
    this.batch.flush();
    if (replayed?.length) store.applyEvents(replayed.map((event) => ({ runId, event })));
    if (result.kind === 'ended' && result.terminal) {
      store.setStream(runId, 'closed');
      return;
    }
    if (result.kind === 'failed' && result.status !== 404) {
      store.setStream(runId, 'lost');
      return;
    }
    // The stream ended without a terminal event we saw (or the run is gone): ask for its state.
    try {
      const run = await this.deps.calls().run(runId);
      if (run.status === 'running') {
        store.setStream(runId, 'reconnecting');
        setTimeout(() => this.follow(runId, { live: this.live.has(runId) }), 1000);
        return;
      }
      this.settle(runId, run);
    } catch {
      store.setStream(runId, 'lost');
    }
  }
}
