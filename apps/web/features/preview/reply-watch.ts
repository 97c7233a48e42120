import type { PreviewPhase } from './preview-status';

/** How long a first prompt in the address may take to become a reply before the preview stops waiting for it. */
const FIRST_PROMPT_WAIT_MS = 20_000;

/** What the chat tells the preview of the reply being written. */
export interface ReplyActivity {
  /** A reply is being written. */
  running: boolean;
  /** A message is being sent. */
  sending: boolean;
  /** Where the reply is, until its version exists. */
  phase: PreviewPhase | null;
  /** The last reply was a plan, not built yet: the person is reading it, and its Build makes the app. */
  planReady?: boolean;
}

export interface ReplyState {
  reply: ReplyActivity;
  /** The chat is sending the page's first prompt (`?prompt=`), whose reply has not started yet. */
  firstPrompt: boolean;
}

const NO_REPLY: ReplyState = { reply: { running: false, sending: false, phase: null }, firstPrompt: false };

/**
 * The reply the preview follows: whether one is being written or sent and where it is (its events
 * drive the preview's status), and, from the moment a page opened with a first prompt until that
 * prompt's reply starts, that one is about to be — so the preview never shows the starter as if it
 * were the app being asked for.
 */
export class ReplyWatch {
  state: ReplyState = NO_REPLY;
  private wasSending = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stop: (() => void) | null = null;

  constructor(private readonly changed: () => void) {}

  private set(patch: Partial<ReplyState>): void {
    this.state = { ...this.state, ...patch };
    this.changed();
  }

  /** Follows `source` (the chat) from now on, instead of any source before. */
  follow(source: { subscribe: (listener: () => void) => () => void; get: () => ReplyActivity }): void {
    this.stop?.();
    const update = () => this.update(source.get());
    this.stop = source.subscribe(update);
    update();
  }

  private update(next: ReplyActivity): void {
    const was = this.state.reply;
    const same =
      was.running === next.running &&
      was.sending === next.sending &&
      was.phase?.kind === next.phase?.kind &&
      was.phase?.label === next.phase?.label &&
      !!was.planReady === !!next.planReady;
    if (same) return;
    this.set({ reply: next });
    if (this.state.firstPrompt && next.running) this.settle();
    // A send that ended without a reply (refused, the paywall) ends the wait as well.
    if (next.sending) this.wasSending = true;
    else if (this.wasSending && !next.running) {
      this.wasSending = false;
      this.settle();
    }
  }

  /** The chat sends the page's first prompt: its reply counts as under way until it starts, 20 s pass, or its send ends without one. */
  expectFirstPrompt(): void {
    clearTimeout(this.timer);
    const waiting = !this.state.reply.running;
    if (waiting) this.timer = setTimeout(() => this.settle(), FIRST_PROMPT_WAIT_MS);
    this.set({ firstPrompt: waiting });
  }

  private settle(): void {
    clearTimeout(this.timer);
    if (this.state.firstPrompt) this.set({ firstPrompt: false });
  }
}
