import type { PreviewSession } from '@sprout/core/contract';
import { backoffDelay, PREVIEW_BACKOFF, shouldRetry } from '@/lib/backoff';
import { errorText } from '@/lib/api/error-text';
import { splitRoute } from './route';

export interface SessionState {
  /** The session the iframe shows (or is loading). */
  session: PreviewSession | null;
  /** A session request is in flight. */
  requesting: boolean;
  /** The last session request failed (the previous frame, if any, stays). */
  error: string | null;
  /** A failed session request will be tried again by itself (with back-off, and at once when the browser is back online). */
  retrying: boolean;
  /** Increments every time the iframe starts loading a new document of the session: new logs. */
  generation: number;
  /** The last address that finished loading in the iframe. */
  loadedSrc: string | null;
}

const NO_SESSION: SessionState = { session: null, requesting: false, error: null, retrying: false, generation: 0, loadedSrc: null };

export interface SessionRequestsDeps {
  /** POST …/preview-session: a session opening the app at `path`. */
  request: (path: string) => Promise<PreviewSession>;
  /** Where the app is now (path, query and hash): each session opens it there. */
  route: () => string;
  changed: (state: SessionState) => void;
}

/**
 * The preview's sessions: one asked for when the panel starts and again only on a reload (the
 * reload button, an ended session, back from an earlier version); new versions reach the frame
 * without one. Answers of superseded requests are dropped, so quick reloads settle on the last one.
 * A request that fails is tried again with back-off (lib/backoff).
 */
export class SessionRequests {
  state: SessionState = NO_SESSION;
  private seq = 0;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: SessionRequestsDeps) {}

  private set(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    this.deps.changed(this.state);
  }

  reload(): void {
    const n = ++this.seq;
    clearTimeout(this.retryTimer);
    this.set({ retrying: false, requesting: true });
    const { path, hash } = splitRoute(this.deps.route());
    this.deps.request(path).then(
      (next) => {
        if (n !== this.seq) return;
        this.failures = 0;
        // The hash never reaches the server: the browser keeps it across the session's redirect.
        this.set({ session: { ...next, url: next.url + hash }, generation: this.state.generation + 1, error: null, requesting: false });
      },
      (err: unknown) => {
        if (n !== this.seq) return;
        this.failures += 1;
        const retrying = shouldRetry(this.failures, PREVIEW_BACKOFF);
        if (retrying) this.retryTimer = setTimeout(() => this.reload(), backoffDelay(this.failures, PREVIEW_BACKOFF));
        this.set({ error: errorText(err), requesting: false, retrying });
      },
    );
  }

  /** Back online after a failed request: try at once, with a fresh count of failures. */
  retryNow(): void {
    this.failures = 0;
    this.reload();
  }

  /** Loads another address of the preview's origin in the frame (an earlier version), in this session. */
  navigate(url: string): void {
    const s = this.state.session;
    this.set({ session: s && url.startsWith(`${s.origin}/`) ? { ...s, url } : s, generation: this.state.generation + 1 });
  }

  /** The iframe loaded `src`: only the newest address counts (the frame it replaces may still fire its own load). */
  loaded(src: string | null): void {
    if (src && src === this.state.session?.url) this.set({ loadedSrc: src });
  }

  /** The panel went away: no retry, and no late answer, lands any more. */
  dispose(): void {
    clearTimeout(this.retryTimer);
    this.seq += 1;
  }
}
