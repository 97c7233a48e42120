import { previewVersionMessage, type PreviewUpdateMessage } from '@sprout/core';
import type { PreviewManifest } from '@sprout/core/contract';
import { backoffDelay, PREVIEW_BACKOFF, shouldRetry } from '@/lib/backoff';

/** How long the frame has to say which version it shows after an announcement or a load. */
const CONFIRM_MS = 8000;
/** Reloads the frame may do for one version before the panel stops announcing it (a page that cannot show it never loops). */
const MAX_RELOADS = 2;

export interface VersionState {
  /** The version the preview should show: the project's current one, a run's newest, or one chosen in History. */
  wanted: string | null;
  /** The version the frame says it shows; null while unknown (a new document, the browser's error page). */
  shown: string | null;
  /** An announcement or a load is on its way: no verdict about `shown` yet. */
  waiting: boolean;
  /**
   * The frame could not fetch the version (offline, or the network failed it): it is announced again
   * by itself after 1, 2, 4… s, and at once when the browser is back online.
   */
  unreachable: boolean;
}

export interface VersionAnnouncerDeps {
  /** The frame's window and the preview's origin, once both exist. */
  target: () => { window: Window; origin: string } | null;
  changed: (state: VersionState) => void;
}

/**
 * Hands each version the preview should show to the iframe (postMessage to the preview's origin
 * only), where the hot update client applies it in place or the page reloads at the same address.
 * The frame answers every announcement with the version it shows (`current`, `hot`), that it
 * reloads, or that it could not fetch it; what it answered, or its silence, is how the panel knows
 * whether the preview is up to date.
 */
export class VersionAnnouncer {
  state: VersionState;
  private latest: string | null;
  private confirmTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  // Announcements the frame answered `unreachable` in a row. The browser's `online` event alone is
  // not enough: a fetch can fail while it says online (the frame's network coming back after the
  // page's, a blip with no event at all), and nothing would ask again.
  private failures = 0;
  private readonly reloads = new Map<string, number>();

  constructor(
    private readonly deps: VersionAnnouncerDeps,
    wanted: string | null,
  ) {
    this.latest = wanted;
    this.state = { wanted, shown: null, waiting: true, unreachable: false };
  }

  private set(patch: Partial<VersionState>): void {
    this.state = { ...this.state, ...patch };
    this.deps.changed(this.state);
  }

  private expect(): void {
    clearTimeout(this.confirmTimer);
    this.confirmTimer = setTimeout(() => this.set({ waiting: false }), CONFIRM_MS);
    this.set({ waiting: true });
  }

  /** Announces `id` (with its module list when known, so the frame need not ask for it). */
  post(id: string, manifest?: PreviewManifest): void {
    this.latest = id;
    clearTimeout(this.retryTimer);
    this.set({ wanted: id, unreachable: false });
    const target = this.deps.target();
    if (!target) return;
    this.expect();
    target.window.postMessage(previewVersionMessage(id, manifest), target.origin);
  }

  /** The frame is about to load a document of version `id` itself (an earlier version on view, the current one again). */
  want(id: string): void {
    this.latest = id;
    this.set({ wanted: id, unreachable: false });
    this.expect();
  }

  /** The iframe loaded a document: ask it which version it shows (and to show the wanted one). */
  loaded(): void {
    this.set({ shown: null });
    const id = this.latest;
    if (!id || (this.reloads.get(id) ?? 0) > MAX_RELOADS) {
      clearTimeout(this.confirmTimer);
      this.set({ waiting: false });
      return;
    }
    this.post(id);
  }

  /** Back online: a fresh start, with every retry available again. */
  resend(): void {
    this.failures = 0;
    if (this.latest) this.post(this.latest);
  }

  /** The frame's answer to an announcement or a load (`expired` is the session's to handle). */
  answer(update: PreviewUpdateMessage): void {
    const { versionId: id, outcome } = update;
    if (outcome === 'current' || outcome === 'hot') {
      if (id === this.latest) {
        clearTimeout(this.confirmTimer);
        this.failures = 0;
        this.set({ shown: id, waiting: false });
      } else this.set({ shown: id });
    } else if (outcome === 'reload') {
      // A new document is on its way: its load asks again.
      this.reloads.set(id, (this.reloads.get(id) ?? 0) + 1);
      this.set({ shown: null });
      this.expect();
    } else if (outcome === 'unreachable') {
      clearTimeout(this.confirmTimer);
      this.failures += 1;
      clearTimeout(this.retryTimer);
      if (shouldRetry(this.failures, PREVIEW_BACKOFF))
        this.retryTimer = setTimeout(
          () => {
            if (this.latest) this.post(this.latest);
          },
          backoffDelay(this.failures, PREVIEW_BACKOFF),
        );
      this.set({ waiting: false, unreachable: true });
    } else if (outcome === 'expired') {
      this.set({ shown: null });
    }
  }

  dispose(): void {
    clearTimeout(this.confirmTimer);
    clearTimeout(this.retryTimer);
  }
}
