import type { ApprovePlanBody, ElementRef, SendMessageBody } from '@sprout/core/contract';
import { toast } from '@/lib/browser/toast';
import { track } from '@/features/telemetry';
import type { ChatCalls } from '../api';
import { errorText, hasStatus, paywallOf } from '@/lib/api/error-text';
import { openPaywall, heldMessage, holdMessage, releaseHeldMessage } from '@/features/paywall';
import type { ChatAttachment, SendSource } from './chat-state';
import type { ChatStore } from './chat-store';
import type { RunFollower } from './run-follower';

const heldMessageText = (sproutId: string) => heldMessage(sproutId)?.text ?? null;

export interface SendOptions {
  attachments?: ChatAttachment[];
  source?: SendSource;
  /** The element selected in the preview: the message is about it. */
  element?: ElementRef;
  /** plan: Sprout answers with a plan to approve, not code (and nothing is charged). */
  mode?: 'plan' | 'build';
  /** Build on a plan: its run, the answers picked and the person's changes. */
  approve?: ApprovePlanBody;
}

export interface ChatSenderDeps {
  sproutId: string;
  store: ChatStore;
  follower: RunFollower;
  calls: () => ChatCalls;
  flagOverrides: () => SendMessageBody['flags'] | undefined;
}

/**
 * The one way a message goes to Sprout — typed, retried, or the project's first prompt: optimistic
 * (in the chat at once, back in the input when refused), then its run followed live. Stop ends the
 * run being written.
 */
export class ChatSender {
  constructor(private readonly deps: ChatSenderDeps) {}

  /**
   * POST /sprouts/:id/messages (or, for `approve`, …/plan/approve: Build on a plan, whose message is
   * `text`). Resolves to whether it was accepted.
   */
  async send(text: string, opts: SendOptions = {}): Promise<boolean> {
    const { store, sproutId } = this.deps;
    const source = opts.source ?? 'chat';
    const attachments = opts.attachments ?? [];
    if (store.getSnapshot().activeRunId) {
      toast.error('A reply is still being written for this project. Wait for it to finish or stop it.');
      store.rollback(null, text, attachments);
      return false;
    }
    const pending = store.addPending(text, attachments, !!opts.approve);
    const body: SendMessageBody = { text };
    if (attachments.length) body.attachments = attachments.map((a) => a.uploadId);
    if (opts.element) body.element = opts.element;
    if (opts.mode === 'plan') body.mode = 'plan';
    const flags = this.deps.flagOverrides();
    if (flags) body.flags = flags;
    try {
      const calls = this.deps.calls();
      const { runId, messageId } = opts.approve ? await calls.approvePlan(sproutId, opts.approve) : await calls.sendMessage(sproutId, body);
      store.markSent(pending.localId, runId, messageId);
      if (heldMessageText(sproutId) === text) releaseHeldMessage(sproutId);
      // The first prompt was counted when its project was created (features/projects/create/create-project).
      if (source !== 'first') track('Prompt Sent', { length: text.length, source, sproutId, attachments: attachments.length });
      this.deps.follower.follow(runId, { live: true });
      return true;
    } catch (err) {
      store.rollback(pending.localId, text, attachments);
      this.explain(err, text);
      return false;
    }
  }

  private explain(err: unknown, text: string): void {
    const paywall = paywallOf(err, { source: 'message_limit_reached', limitType: 'daily' });
    if (paywall) {
      // Kept through pricing and checkout, and offered again on return (../composer/held-message-banner).
      holdMessage(this.deps.sproutId, text);
      openPaywall(paywall);
      return;
    }
    if (hasStatus(err, 409)) {
      toast.error(err.serverMessage ?? 'A reply is still being written for this project.');
      void this.deps.follower.followActive();
      return;
    }
    toast.error(`Your message was not sent: ${errorText(err, { otherwise: 'Something went wrong.' })}`);
  }

  async stop(): Promise<void> {
    const { store, follower } = this.deps;
    const { activeRunId: runId, stopping } = store.getSnapshot();
    if (!runId || stopping) return;
    store.setStopping(true);
    try {
      const run = await this.deps.calls().stopRun(runId);
      // The stream delivers run.stopped; a run that had already ended just settles.
      if (run.status !== 'running' && !follower.isFollowing(runId)) follower.settle(runId, run);
    } catch (err) {
      store.setStopping(false);
      toast.error(`Could not stop the reply: ${errorText(err, { status: 'short', otherwise: 'network error' })}`);
    }
  }
}
