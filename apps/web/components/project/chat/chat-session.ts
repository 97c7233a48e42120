'use client';
import { toast } from '@/lib/client/toast';
import { ApiError } from '@/lib/client/api';
import { track } from '@/lib/client/analytics';
import { playRunFinishedSound } from '@/lib/client/notification-sound';
import { putSproutInCaches, queryKeys } from '@/lib/client/queries';
import { followRunStream, type RunStreamResult } from '@/lib/client/run-stream';
import type { Sprout } from '@/lib/client/types';
import { openPaywall } from '@/components/paywall';
import { onPreviewMessage, refreshPreview } from '../preview-panel';
import { applyRunEvent, emptyRunView, viewStatusOf, type RunView } from './run-view';
import { RuntimeErrorForwarder, uploadImage } from './runtime-errors';
import { INITIAL_CHAT_STATE, type ChatAttachment, type ChatDeps, type ChatState, type PendingMessage, type SendSource, type StreamState } from './chat-state';
import { buildKeys, type AttachmentDto, type MessageDto, type RunDto, type RunEvent } from './types';

export { INITIAL_CHAT_STATE, messageFlagOverrides } from './chat-state';
export type { ChatAttachment, ChatDeps, ChatState, PendingMessage, SendSource, StreamState } from './chat-state';

let localCounter = 0;

/**
 * One project's chat in this browser tab: sending (optimistic, with rollback), following runs over
 * SSE (events batched per animation frame), stop, re-attaching to an active run, forwarding preview
 * runtime errors, and keeping the project's caches in step with new versions. A small external
 * store: the chat, code and history panels read it with `useChatSession`.
 */
export class ChatSession {
  private state: ChatState = INITIAL_CHAT_STATE;
  private listeners = new Set<() => void>();
  private controllers = new Map<string, AbortController>();
  private live = new Set<string>();
  private queue: { runId: string; event: RunEvent }[] = [];
  private replays = new Map<string, RunEvent[]>();
  private shownVersions = new Set<string>();
  private flushHandle: number | null = null;
  private attachments = 0;
  private detachTimer: ReturnType<typeof setTimeout> | undefined;
  private unsubscribePreview: (() => void) | null = null;
  private firstSent = false;
  private runtime = new RuntimeErrorForwarder(
    () => this.deps.request,
    (runId) => !!this.state.activeRunId && this.state.activeRunId !== runId,
    (runId) => this.follow(runId, { live: true, kind: 'runtime-fix' }),
  );

  constructor(
    readonly sproutId: string,
    private deps: ChatDeps,
  ) {}

  setDeps(deps: ChatDeps): void {
    this.deps = deps;
  }

  // ---- store ----------------------------------------------------------------------------------

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

  // ---- lifetime -------------------------------------------------------------------------------

  /** The chat panel is on screen: follow the project's active run and the preview's errors. */
  attach(): void {
    clearTimeout(this.detachTimer);
    this.attachments += 1;
    if (this.attachments > 1) return;
    this.unsubscribePreview = onPreviewMessage(this.sproutId, (m) => this.runtime.onMessage(m));
    // Runs that were still being written when the panel went away: catch up on how they went.
    for (const v of Object.values(this.state.runs)) {
      if (v.status === 'running' && this.live.has(v.id) && !this.controllers.has(v.id)) this.follow(v.id, { live: true });
    }
    void this.checkActiveRun();
  }

  detach(): void {
    this.attachments = Math.max(0, this.attachments - 1);
    if (this.attachments > 0) return;
    // Deferred: a remount (React's development double effects, a layout switch) keeps the streams.
    this.detachTimer = setTimeout(() => {
      if (this.attachments > 0) return;
      this.unsubscribePreview?.();
      this.unsubscribePreview = null;
      for (const c of this.controllers.values()) c.abort();
      this.controllers.clear();
    }, 1000);
  }

  /** Follows the project's running run, if there is one (page load, a 409 on send). */
  async checkActiveRun(): Promise<void> {
    try {
      const { run } = await this.deps.request<{ run: RunDto | null }>('GET', `/sprouts/${encodeURIComponent(this.sproutId)}/runs/active`);
      if (run && run.status === 'running') this.follow(run.id, { live: true, kind: run.kind, model: run.model });
    } catch (err) {
      console.warn('Could not check for a running reply', err);
    }
  }

  // ---- sending --------------------------------------------------------------------------------

  /** Sends a message through POST /sprouts/:id/messages and follows its run. Resolves to whether it was accepted. */
  async send(text: string, opts: { attachments?: ChatAttachment[]; source?: SendSource } = {}): Promise<boolean> {
    const source = opts.source ?? 'chat';
    if (source === 'first') {
      if (this.firstSent) return false;
      this.firstSent = true;
    }
    if (this.state.activeRunId) {
      toast.error('A reply is still being written for this project. Wait for it to finish or stop it.');
      this.rollback(null, text, opts.attachments ?? []);
      return false;
    }
    const attachments = opts.attachments ?? [];
    localCounter += 1;
    const pending: PendingMessage = {
      localId: `local-${localCounter}`,
      text,
      attachments,
      status: 'sending',
      runId: null,
      messageId: null,
      createdAt: new Date().toISOString(),
    };
    this.set((s) => ({ pending: [...s.pending, pending], sending: true }));

    const body: Record<string, unknown> = { text };
    if (attachments.length) body.attachments = attachments.map((a) => a.uploadId);
    const flags = this.deps.flagOverrides();
    if (flags) body.flags = flags;
    try {
      const { runId, messageId } = await this.deps.request<{ runId: string; messageId: string }>('POST', `/sprouts/${encodeURIComponent(this.sproutId)}/messages`, body);
      this.set((s) => ({
        sending: false,
        pending: s.pending.map((p) => (p.localId === pending.localId ? { ...p, status: 'sent' as const, runId, messageId } : p)),
      }));
      if (source !== 'first') track('Prompt Sent', { length: text.length, source, sproutId: this.sproutId, attachments: attachments.length });
      this.follow(runId, { live: true });
      return true;
    } catch (err) {
      this.set({ sending: false });
      this.rollback(pending.localId, text, attachments);
      this.explainSendError(err);
      return false;
    }
  }

  private rollback(localId: string | null, text: string, attachments: ChatAttachment[]): void {
    this.set((s) => ({
      pending: localId ? s.pending.filter((p) => p.localId !== localId) : s.pending,
      restore: { text, attachments, nonce: (s.restore?.nonce ?? 0) + 1 },
    }));
  }

  private explainSendError(err: unknown): void {
    if (err instanceof ApiError && err.status === 402) {
      const paywall = err.body.paywall as { source: string; limitType?: string } | undefined;
      openPaywall(paywall && typeof paywall.source === 'string' ? paywall : { source: 'message_limit_reached', limitType: 'daily' });
      return;
    }
    if (err instanceof ApiError && err.status === 409) {
      toast.error(err.serverMessage ?? 'A reply is still being written for this project.');
      void this.checkActiveRun();
      return;
    }
    const message = err instanceof ApiError ? (err.serverMessage ?? `${err.statusText} (${err.status})`) : 'Something went wrong.';
    toast.error(`Your message was not sent: ${message}`);
  }

  /** The input took the restored text back. */
  clearRestore(): void {
    if (this.state.restore) this.set({ restore: null });
  }

  /** Uploads an image (raw body) for a message: POST /build/v1/uploads?sproutId=. */
  upload(file: Blob): Promise<AttachmentDto> {
    return uploadImage(this.deps.apiUrl, this.sproutId, file, (force) => this.deps.getToken(force));
  }

  // ---- stop -----------------------------------------------------------------------------------

  async stop(): Promise<void> {
    const runId = this.state.activeRunId;
    if (!runId || this.state.stopping) return;
    this.set({ stopping: true });
    try {
      const run = await this.deps.request<RunDto>('POST', `/runs/${encodeURIComponent(runId)}/stop`);
      // The stream delivers run.stopped; a run that had already ended just settles.
      if (run.status !== 'running' && !this.controllers.has(runId)) this.settle(runId, run);
    } catch (err) {
      this.set({ stopping: false });
      toast.error(`Could not stop the reply: ${err instanceof ApiError ? (err.serverMessage ?? err.statusText) : 'network error'}`);
    }
  }

  // ---- following runs -------------------------------------------------------------------------

  /**
   * Follows a run's events. `live`: the run is (or was just) running in front of the person — it
   * becomes the active run, and its end plays the sound and updates the caches. Otherwise the events
   * are a replay of a finished run, shown for its details.
   */
  follow(runId: string, opts: { live: boolean; kind?: RunView['kind']; model?: string | null }): void {
    if (this.controllers.has(runId)) return;
    const existing = this.state.runs[runId];
    if (existing && existing.status !== 'running' && existing.lastSeq > 0) return;
    const ctrl = new AbortController();
    this.controllers.set(runId, ctrl);
    if (opts.live) this.live.add(runId);
    this.set((s) => ({
      runs: s.runs[runId] ? s.runs : { ...s.runs, [runId]: { ...emptyRunView(runId, opts.kind), model: opts.model ?? null } },
      followed: opts.live && !s.followed.includes(runId) ? [...s.followed, runId] : s.followed,
      activeRunId: opts.live ? runId : s.activeRunId,
      streams: { ...s.streams, [runId]: 'connecting' },
    }));
    void followRunStream({
      url: `${this.deps.apiUrl}/build/v1/runs/${encodeURIComponent(runId)}/events`,
      getToken: (force) => this.deps.getToken(force),
      after: this.state.runs[runId]?.lastSeq ?? 0,
      signal: ctrl.signal,
      onEvent: (e) => this.onEvent(runId, e as RunEvent),
      onConnection: (c) => this.setStream(runId, c),
    }).then((result) => this.onStreamEnd(runId, result));
  }

  /** Shows the details (files, checks) of a finished run by replaying its stored events. */
  replay(runId: string): void {
    this.follow(runId, { live: false });
  }

  /** Tries again after the connection to a run was lost. */
  reconnect(runId: string): void {
    this.follow(runId, { live: this.live.has(runId) });
  }

  private setStream(runId: string, state: StreamState): void {
    if (this.state.streams[runId] === state) return;
    this.set((s) => ({ streams: { ...s.streams, [runId]: state } }));
  }

  private onEvent(runId: string, event: RunEvent): void {
    // A replay of a finished run arrives in a burst: it is shown once complete (see onStreamEnd).
    if (!this.live.has(runId)) {
      const buffer = this.replays.get(runId) ?? [];
      buffer.push(event);
      this.replays.set(runId, buffer);
      return;
    }
    this.queue.push({ runId, event });
    this.sideEffects(runId, event);
    this.scheduleFlush();
  }

  /** Text and file deltas arrive many times a second: apply them once per frame. */
  private scheduleFlush(): void {
    if (this.flushHandle !== null) return;
    const flush = () => {
      this.flushHandle = null;
      this.flush();
    };
    // Hidden tabs get no animation frames; a timer keeps the state current there.
    if (typeof document !== 'undefined' && document.visibilityState === 'visible' && typeof requestAnimationFrame === 'function') {
      this.flushHandle = requestAnimationFrame(flush) as unknown as number;
    } else {
      this.flushHandle = setTimeout(flush, 50) as unknown as number;
    }
  }

  private flush(): void {
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.set((s) => {
      const runs = { ...s.runs };
      for (const { runId, event } of batch) runs[runId] = applyRunEvent(runs[runId] ?? emptyRunView(runId), event);
      return { runs };
    });
  }

  private sideEffects(runId: string, event: RunEvent): void {
    switch (event.type) {
      case 'version.created':
        this.showVersion(event.data.versionId);
        return;
      case 'preview.ready':
        if (event.data.ok) this.runtime.open(runId, event.data.acceptRuntimeErrorsUntil);
        return;
      case 'run.finished':
        if (event.data.versionId) this.showVersion(event.data.versionId);
        this.ended(runId, true);
        return;
      case 'run.failed':
        this.ended(runId, true);
        return;
      case 'run.stopped':
        this.ended(runId, false);
        return;
    }
  }

  /** The project's current version is now `versionId`: the preview, code and history follow. */
  private showVersion(versionId: string): void {
    if (this.shownVersions.has(versionId)) return;
    this.shownVersions.add(versionId);
    const { qc } = this.deps;
    const sprout = qc.getQueryData<Sprout>(queryKeys.sprout(this.sproutId));
    if (sprout) {
      // The preview panel reloads itself when currentVersionId changes in this cache (and already
      // shows it when it is current: the page loaded after the version was made).
      if (sprout.currentVersionId !== versionId) putSproutInCaches(qc, { ...sprout, currentVersionId: versionId, updatedAt: new Date().toISOString() });
    } else {
      refreshPreview(this.sproutId);
    }
    void qc.invalidateQueries({ queryKey: buildKeys.versions(this.sproutId) });
  }

  private ended(runId: string, sound: boolean): void {
    if (!this.live.has(runId)) return;
    this.live.delete(runId);
    if (sound) void playRunFinishedSound();
    this.set((s) => (s.activeRunId === runId ? { activeRunId: null, stopping: false } : {}));
    const { qc } = this.deps;
    void qc.invalidateQueries({ queryKey: queryKeys.usage });
    void qc.invalidateQueries({ queryKey: buildKeys.versions(this.sproutId) });
    void qc.invalidateQueries({ queryKey: buildKeys.messages(this.sproutId) }).then(() => this.dropDelivered());
  }

  /** Optimistic messages the stored chat now holds are no longer needed. */
  private dropDelivered(): void {
    const stored = this.deps.qc.getQueryData<{ messages: MessageDto[] }>(buildKeys.messages(this.sproutId))?.messages ?? [];
    const ids = new Set(stored.map((m) => m.id));
    if (!this.state.pending.some((p) => p.messageId && ids.has(p.messageId))) return;
    this.set((s) => ({ pending: s.pending.filter((p) => !(p.messageId && ids.has(p.messageId))) }));
  }

  private async onStreamEnd(runId: string, result: RunStreamResult): Promise<void> {
    this.controllers.delete(runId);
    const replayed = this.replays.get(runId);
    this.replays.delete(runId);
    if (result.kind === 'aborted') {
      this.setStream(runId, 'closed');
      return;
    }
    this.flush();
    if (replayed?.length) this.setRun(runId, (v) => replayed.reduce(applyRunEvent, v));
    if (result.kind === 'ended' && result.terminal) {
      this.setStream(runId, 'closed');
      return;
    }
    if (result.kind === 'failed' && result.status !== 404) {
      this.setStream(runId, 'lost');
      return;
    }
    // The stream ended without a terminal event we saw (or the run is gone): ask for its state.
    try {
      const run = await this.deps.request<RunDto>('GET', `/runs/${encodeURIComponent(runId)}`);
      if (run.status === 'running') {
        this.setStream(runId, 'reconnecting');
        setTimeout(() => this.follow(runId, { live: this.live.has(runId) }), 1000);
        return;
      }
      this.settle(runId, run);
    } catch {
      this.setStream(runId, 'lost');
    }
  }

  /** Brings a run whose end we did not see as an event to its stored end state. */
  private settle(runId: string, run: RunDto): void {
    this.setRun(runId, (v) => ({
      ...v,
      status: viewStatusOf(run.status),
      summary: run.summary ?? v.summary,
      model: run.model ?? v.model,
      tokensIn: run.tokensIn,
      tokensOut: run.tokensOut,
      fixRounds: run.fixRounds,
      error: run.status === 'failed' ? { code: run.errorCode ?? 'error', message: run.error ?? 'This reply failed.', refunded: false } : v.error,
    }));
    this.setStream(runId, 'closed');
    if (run.resultVersionId && this.live.has(runId)) this.showVersion(run.resultVersionId);
    this.ended(runId, run.status !== 'stopped');
  }
}
