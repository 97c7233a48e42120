import type { Run, RunEvent } from '@sprout/core/contract';
import { INITIAL_CHAT_STATE, type ChatAttachment, type ChatState, type PendingMessage, type StreamState } from './chat-state';
import { applyRunEvent, emptyRunView, viewStatusOf, type RunView } from './run-view';

let localCounter = 0;

/**
 * One project's chat state for React (`subscribe` / `getSnapshot` for useSyncExternalStore), and
 * the named changes the session makes to it. No I/O: what to send or follow is decided elsewhere.
 */
export class ChatStore {
  private state: ChatState = INITIAL_CHAT_STATE;
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ChatState => this.state;

  private set(changes: Partial<ChatState> | ((s: ChatState) => Partial<ChatState>)): void {
    const next = typeof changes === 'function' ? changes(this.state) : changes;
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  private setRun(runId: string, update: (v: RunView) => RunView): void {
    this.set((s) => ({ runs: { ...s.runs, [runId]: update(s.runs[runId] ?? emptyRunView(runId)) } }));
  }

  // ---- messages sent from this page (optimistic) ----------------------------------------------

  /** The message is in the chat at once, marked as sending. */
  addPending(text: string, attachments: ChatAttachment[], planBuild = false): PendingMessage {
    localCounter += 1;
    const pending: PendingMessage = {
      localId: `local-${localCounter}`,
      text,
      attachments,
      status: 'sending',
      runId: null,
      messageId: null,
      createdAt: new Date().toISOString(),
      ...(planBuild ? { planBuild } : {}),
    };
    this.set((s) => ({ pending: [...s.pending, pending], sending: true }));
    return pending;
  }

  markSent(localId: string, runId: string, messageId: string): void {
    this.set((s) => ({
      sending: false,
      pending: s.pending.map((p) => (p.localId === localId ? { ...p, status: 'sent' as const, runId, messageId } : p)),
    }));
  }

  /** Takes a message back out of the chat (if it was put in) and hands its text to the input. */
  rollback(localId: string | null, text: string, attachments: ChatAttachment[]): void {
    this.set((s) => ({
      sending: localId ? false : s.sending,
      pending: localId ? s.pending.filter((p) => p.localId !== localId) : s.pending,
      restore: { text, attachments, nonce: (s.restore?.nonce ?? 0) + 1 },
    }));
  }

  /** The input took the restored text back. */
  clearRestore(): void {
    if (this.state.restore) this.set({ restore: null });
  }

  /** Optimistic messages the stored chat now holds (by id) are no longer needed. */
  dropDelivered(storedIds: Set<string>): void {
    const delivered = (p: PendingMessage) => !!p.messageId && storedIds.has(p.messageId);
    if (!this.state.pending.some(delivered)) return;
    this.set((s) => ({ pending: s.pending.filter((p) => !delivered(p)) }));
  }

  // ---- runs -----------------------------------------------------------------------------------

  /** A run is followed from now on; `live`: it is the run being written in front of the person. */
  startFollowing(runId: string, live: boolean, kind?: RunView['kind'], model?: string | null): void {
    this.set((s) => ({
      runs: s.runs[runId] ? s.runs : { ...s.runs, [runId]: { ...emptyRunView(runId, kind), model: model ?? null } },
      followed: live && !s.followed.includes(runId) ? [...s.followed, runId] : s.followed,
      activeRunId: live ? runId : s.activeRunId,
      streams: { ...s.streams, [runId]: 'connecting' },
    }));
  }

  setStream(runId: string, stream: StreamState): void {
    if (this.state.streams[runId] === stream) return;
    this.set((s) => ({ streams: { ...s.streams, [runId]: stream } }));
  }

  /** Events of one or more runs, in the order they arrived. */
  applyEvents(batch: readonly { runId: string; event: RunEvent }[]): void {
    if (batch.length === 0) return;
    this.set((s) => {
      const runs = { ...s.runs };
      for (const { runId, event } of batch) runs[runId] = applyRunEvent(runs[runId] ?? emptyRunView(runId), event);
      return { runs };
    });
  }

  /** Brings a run whose end arrived as no event to its stored end state. */
  settleRun(runId: string, run: Run): void {
    this.setRun(runId, (v) => ({
      ...v,
      status: viewStatusOf(run.status),
      summary: run.summary ?? v.summary,
      model: run.model ?? v.model,
      tokensIn: run.tokensIn,
      tokensOut: run.tokensOut,
      fixRounds: run.fixRounds,
      refunded: run.status === 'succeeded' ? run.refunded : v.refunded,
      error: run.status === 'failed' ? { code: run.errorCode ?? 'error', message: run.error ?? 'This reply failed.', refunded: run.refunded } : v.error,
    }));
    this.setStream(runId, 'closed');
  }

  /** The active run ended: the input is free again. */
  endRun(runId: string): void {
    this.set((s) => (s.activeRunId === runId ? { activeRunId: null, stopping: false } : {}));
  }

  setStopping(stopping: boolean): void {
    this.set({ stopping });
  }
}
