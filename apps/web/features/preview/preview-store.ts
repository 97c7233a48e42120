import {
  isPreviewMessage,
  isPreviewRoute,
  isPreviewScroll,
  isPreviewUpdate,
  restoreScrollMessage,
  type PreviewMessage,
  type PreviewScrollMessage,
} from '@sprout/core';
import type { PreviewManifest, PreviewSession } from '@sprout/core/contract';
import { toast } from '@/lib/browser/toast';
import { ReplyWatch, type ReplyActivity, type ReplyState } from './reply-watch';
import { routeAtVersion, saveRoute, storedRoute, withoutVersionParam } from './route';
import { SessionRequests, type SessionState } from './session-requests';
import { VersionAnnouncer, type VersionState } from './version-announcer';

/** An earlier version to look at in the preview: its id and its name for the person ("Version 2"). */
export interface ViewedVersion {
  id: string;
  label: string;
}

export interface PreviewState extends SessionState, VersionState, ReplyState {
  /** The project's current version (its cache). */
  current: string | null;
  /** An earlier version chosen in History, shown at `?version=` until the person goes back or the project moves on. */
  viewing: ViewedVersion | null;
  /** A run's candidate the frame shows while the server checks it, until it is a version or dropped. */
  candidate: string | null;
  online: boolean;
  /** Where the app in the frame is (path, query and hash), as its bridge reports it. */
  route: string | null;
}

export interface PreviewDeps {
  /** POST …/preview-session for this project, opening the app at `path`. */
  requestSession: (path: string) => Promise<PreviewSession>;
  /** Back online: the project is asked for again (its current version may have moved on). */
  refreshProject: () => void;
}

/** What the store listens to: the page's window, or a stand-in in tests. */
export interface PreviewWindow {
  addEventListener(type: string, listener: EventListener): void;
  removeEventListener(type: string, listener: EventListener): void;
  readonly navigator?: { readonly onLine?: boolean };
}

export type { ReplyActivity };

/**
 * One project's preview in this tab, as every part of the page sees it (one store per project,
 * `previewStoreFor`): its session (./session-requests), the version it should show and the one the
 * frame says it shows (./version-announcer), a run's candidate, an earlier version on view, the
 * app's route and scroll position, and the reply being written (./reply-watch). The chat tells it
 * of runs (`showCandidate`, `showVersion`, `dropCandidate`, `followReplies`), History what to view,
 * the panel what the project's cache says (`setCurrent`); hooks only read it (`subscribe` /
 * `getSnapshot`). While a panel is mounted it follows the frame's bridge (from the preview's origin
 * and our own iframe only) and the network: back online it catches up by itself.
 */
export class PreviewStore {
  /** The iframe showing the session (the panel's viewport sets it). */
  readonly frame: { current: HTMLIFrameElement | null } = { current: null };
  private deps: PreviewDeps | null = null;
  private session = this.newSession();
  private versions = this.newAnnouncer(null);
  private readonly replies = new ReplyWatch(() => this.changed());
  private own: Pick<PreviewState, 'current' | 'viewing' | 'candidate' | 'online' | 'route'> = {
    current: null,
    viewing: null,
    candidate: null,
    online: true,
    route: null,
  };
  private scroll: PreviewScrollMessage | null = null;
  private origin: string | null = null;
  private lastError: string | null = null;
  private snapshot: PreviewState;
  private readonly listeners = new Set<() => void>();
  private readonly messageListeners = new Set<(m: PreviewMessage) => void>();
  private readonly versionListeners = new Set<() => void>();

  constructor(
    readonly sproutId: string,
    private readonly win: PreviewWindow | null = typeof window === 'undefined' ? null : window,
  ) {
    this.snapshot = this.compose();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = (): PreviewState => this.snapshot;

  private compose(): PreviewState {
    return { ...this.session.state, ...this.versions.state, ...this.replies.state, ...this.own };
  }

  private changed(): void {
    this.snapshot = this.compose();
    for (const l of this.listeners) l();
  }

  private set(patch: Partial<PreviewStore['own']>): void {
    this.own = { ...this.own, ...patch };
    this.changed();
  }

  private newSession(): SessionRequests {
    return new SessionRequests({
      request: (path) => (this.deps ? this.deps.requestSession(path) : Promise.reject(new Error('The preview is not on screen.'))),
      route: () => this.currentRoute(),
      changed: (s) => this.sessionChanged(s),
    });
  }

  private newAnnouncer(wanted: string | null): VersionAnnouncer {
    const target = () => {
      const window = this.frame.current?.contentWindow;
      return this.origin && window ? { window, origin: this.origin } : null;
    };
    return new VersionAnnouncer({ target, changed: () => this.changed() }, wanted);
  }

  private sessionChanged(s: SessionState): void {
    // A failed reload keeps the old frame on screen and says so (once per failure).
    if (s.error && s.session && s.error !== this.lastError) toast.error(`Could not reload the preview: ${s.error}`);
    this.lastError = s.error;
    const origin = s.session?.origin ?? null;
    const first = origin !== this.origin;
    this.origin = origin;
    this.changed();
    // The frame of a first session is there now: tell it the version to show.
    if (first && this.own.current) this.versions.post(this.own.current);
  }

  /** Called by the panel on every render: what the store asks the API and the page's caches for. */
  connect(deps: PreviewDeps): void {
    this.deps = deps;
  }

  /** A panel shows the preview: a fresh frame, and the bridge and the network followed until it goes. */
  mount(): () => void {
    this.startFrame();
    this.set({ online: this.win?.navigator?.onLine !== false });
    const win = this.win;
    if (!win) return () => {};
    const onMessage = (event: Event) => this.onBridge(event as MessageEvent);
    const onOnline = () => this.backOnline();
    const onOffline = () => this.set({ online: false });
    win.addEventListener('message', onMessage);
    win.addEventListener('online', onOnline);
    win.addEventListener('offline', onOffline);
    return () => {
      win.removeEventListener('message', onMessage);
      win.removeEventListener('online', onOnline);
      win.removeEventListener('offline', onOffline);
      // The next panel (this page again, later) starts from a clean frame, not this one's session.
      this.startFrame();
      this.changed();
    };
  }

  /** Nothing of a frame: no session, no answer awaited, nothing on view. */
  private startFrame(): void {
    this.session.dispose();
    this.versions.dispose();
    this.session = this.newSession();
    this.versions = this.newAnnouncer(this.own.current);
    this.own = { ...this.own, viewing: null, route: null };
    this.origin = null;
    this.lastError = null;
    this.scroll = null;
  }

  /** A new preview session (the reload button, permissions changed). */
  reload(): void {
    this.session.reload();
  }

  /** The project's current version is `id` (its cache changed, or the panel mounted): the frame shows it. */
  setCurrent(id: string | null): void {
    const moved = id !== this.own.current;
    this.own = { ...this.own, current: id };
    if (id) this.versions.post(id);
    else this.changed();
    // The project moved on (a reply, a restore): the latest is what to show.
    if (moved && this.own.viewing) this.backToLatest();
  }

  /** A run's candidate built: the frame shows it at once, while the server opens it and runs its checks. */
  showCandidate(id: string, manifest?: PreviewManifest): void {
    this.own = { ...this.own, candidate: id };
    this.versions.post(id, manifest);
    this.announced();
  }

  /** The project has a new version: straight to the frame (hot update in place, or a reload inside it), no new session. */
  showVersion(id: string, manifest?: PreviewManifest): void {
    if (this.own.candidate === id) this.own = { ...this.own, candidate: null };
    this.versions.post(id, manifest);
    this.announced();
  }

  /** The run ended without making its candidate a version: the frame goes back to `current`. */
  dropCandidate(current: string | null): void {
    if (!this.own.candidate) return;
    if (!current) return this.set({ candidate: null });
    this.own = { ...this.own, candidate: null };
    this.versions.post(current);
    this.announced();
  }

  /** Shows `version` (History) where the app is now, or the current version again (null). */
  view(version: ViewedVersion | null): void {
    const { current, viewing } = this.own;
    if (!version || version.id === current) {
      if (viewing) this.backToLatest();
      return;
    }
    const session = this.session.state.session;
    if (!session) return;
    this.own = { ...this.own, viewing: version };
    this.versions.want(version.id);
    this.session.navigate(`${session.origin}${routeAtVersion(this.currentRoute(), version.id)}`);
  }

  private backToLatest(): void {
    this.own = { ...this.own, viewing: null };
    if (this.own.current) this.versions.want(this.own.current);
    else this.changed();
    this.session.reload();
  }

  /** The iframe loaded `src`: back to where it was scrolled, and asked which version it shows. */
  frameLoaded(src: string | null): void {
    this.session.loaded(src);
    const window = this.frame.current?.contentWindow;
    if (this.origin && window && this.scroll) window.postMessage(restoreScrollMessage(this.scroll), this.origin);
    this.versions.loaded();
  }

  /** Where the app is (for a new session, a new tab): what its bridge reported, else where this tab last saw it. */
  currentRoute(): string {
    return this.own.route ?? storedRoute(this.sproutId);
  }

  private onBridge(event: MessageEvent): void {
    const origin = this.origin;
    if (!origin) return;
    // Each guard on its own: a guard that fails would narrow `event` for the next one.
    const report: { origin: string; data: unknown } = event;
    // Where the app is scrolled, also in the frame still on screen while a new one loads.
    if (isPreviewScroll(report, origin)) {
      this.scroll = report.data;
      return;
    }
    const own = this.frame.current?.contentWindow;
    if (own && event.source !== own) return;
    if (isPreviewUpdate(report, origin)) {
      this.versions.answer(report.data);
      if (report.data.outcome === 'expired') this.session.reload();
    } else if (isPreviewRoute(report, origin)) {
      const route = withoutVersionParam(report.data.path);
      saveRoute(this.sproutId, route);
      this.set({ route });
    } else if (isPreviewMessage(report, origin)) {
      for (const l of this.messageListeners) l(report.data);
    }
  }

  /**
   * Back online, the preview catches up by itself: the project is asked for again, a frame that
   * showed the browser's error page (or nothing we know) gets a new session, one that missed a
   * version is sent it again, and a failed session request is tried at once.
   */
  private backOnline(): void {
    this.set({ online: true });
    this.deps?.refreshProject();
    const { session, error } = this.session.state;
    const { shown, wanted, unreachable } = this.versions.state;
    if (session) {
      if (shown === null) this.session.reload();
      else if (shown !== wanted || unreachable) this.versions.resend();
    }
    if (error && this.own.current) this.session.retryNow();
  }

  /** Runtime output of the frame (console, errors), already checked against the preview's origin. */
  onMessage(listener: (message: PreviewMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  /** Every version a run hands the preview (a candidate, a version, back to the current one). */
  onVersion(listener: () => void): () => void {
    this.versionListeners.add(listener);
    return () => this.versionListeners.delete(listener);
  }

  private announced(): void {
    for (const l of this.versionListeners) l();
  }

  /** The chat's replies, as they go: the status and the starter's cover follow them. */
  followReplies(source: { subscribe: (listener: () => void) => () => void; get: () => ReplyActivity }): void {
    this.replies.follow(source);
  }

  /** The chat is sending the project's first prompt (from `?prompt=`): the starter stays covered until its reply starts. */
  expectFirstPrompt(): void {
    this.replies.expectFirstPrompt();
  }
}

const stores = new Map<string, PreviewStore>();

/** The project's preview store in this tab (one per project, shared by the page's panels and the chat). */
export function previewStoreFor(sproutId: string): PreviewStore {
  // On the server a page is rendered for one request: nothing is kept for the next one.
  if (typeof window === 'undefined') return new PreviewStore(sproutId, null);
  let store = stores.get(sproutId);
  if (!store) {
    store = new PreviewStore(sproutId);
    stores.set(sproutId, store);
  }
  return store;
}
