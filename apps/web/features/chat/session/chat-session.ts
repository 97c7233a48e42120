import type { PreviewMessage } from '@sprout/core';
import type { ChatState } from './chat-state';
import type { ChatSender, SendOptions } from './chat-sender';
import type { ChatStore } from './chat-store';
import type { RunFollower } from './run-follower';

export interface ChatSessionParts {
  sproutId: string;
  store: ChatStore;
  follower: RunFollower;
  sender: ChatSender;
  /** Subscribes to the preview's runtime output (its store's bridge messages); returns the unsubscribe. */
  listenToPreview: (onMessage: (m: PreviewMessage) => void) => () => void;
  onPreviewMessage: (m: PreviewMessage) => void;
}

/** How long streams stay open after the last panel went: a remount (a layout switch, React's development double effects) keeps them. */
const DETACH_DELAY_MS = 1000;

/**
 * One project's chat in this browser tab, as the panels see it: the store to read
 * (`subscribe` / `getSnapshot`), sending and stopping (./chat-sender), following runs
 * (./run-follower), and its lifetime — while a chat panel is on screen the session follows the
 * project's active run and the preview's runtime errors. Built by ./use-chat-session.
 */
export class ChatSession {
  readonly sproutId: string;
  private attachments = 0;
  private detachTimer: ReturnType<typeof setTimeout> | undefined;
  private unsubscribePreview: (() => void) | null = null;
  private stopWatchingNetwork: (() => void) | null = null;

  constructor(private readonly parts: ChatSessionParts) {
    this.sproutId = parts.sproutId;
  }

  subscribe = (listener: () => void): (() => void) => this.parts.store.subscribe(listener);
  getSnapshot = (): ChatState => this.parts.store.getSnapshot();

  /** The chat panel is on screen: follow the project's active run and the preview's errors. */
  attach(): void {
    clearTimeout(this.detachTimer);
    this.attachments += 1;
    if (this.attachments > 1) return;
    this.unsubscribePreview = this.parts.listenToPreview(this.parts.onPreviewMessage);
    // Runs that were still being written when the panel went away: catch up on how they went.
    this.parts.follower.resumeLive();
    void this.parts.follower.followActive();
    this.stopWatchingNetwork = this.watchNetwork();
  }

  /**
   * Back online: streams that gave up are followed again (from the last event seen), and a run
   * started meanwhile (another tab) is found. Streams still retrying resume by themselves.
   */
  private watchNetwork(): (() => void) | null {
    if (typeof window === 'undefined') return null;
    const onOnline = () => {
      this.parts.follower.resumeLive();
      void this.parts.follower.followActive();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }

  detach(): void {
    this.attachments = Math.max(0, this.attachments - 1);
    if (this.attachments > 0) return;
    this.detachTimer = setTimeout(() => {
      if (this.attachments > 0) return;
      this.unsubscribePreview?.();
      this.unsubscribePreview = null;
      this.stopWatchingNetwork?.();
      this.stopWatchingNetwork = null;
      this.parts.follower.closeAll();
    }, DETACH_DELAY_MS);
  }

  send(text: string, opts: SendOptions = {}): Promise<boolean> {
    return this.parts.sender.send(text, opts);
  }

  stop(): Promise<void> {
    return this.parts.sender.stop();
  }

  /** Shows the details (files, checks) of a finished run by replaying its stored events. */
  replay(runId: string): void {
    this.parts.follower.replay(runId);
  }

  /** A run started outside the chat ("Fix it" in the publish dialog): followed live, as if the chat had started it. */
  followStarted(runId: string, kind: 'runtime-fix' | 'security-fix'): void {
    this.parts.follower.follow(runId, { live: true, kind });
  }

  reconnect(runId: string): void {
    this.parts.follower.reconnect(runId);
  }

  /** The input took the restored text back. */
  clearRestore(): void {
    this.parts.store.clearRestore();
  }
}
