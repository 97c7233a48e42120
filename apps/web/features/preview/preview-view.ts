import type { PreviewState } from './preview-store';
import { previewStatus, type PreviewStatusView } from './preview-status';

// What the panel shows of the preview store's state: pure functions of it.

/** A reply is under way for the preview: being written, being sent, or a first prompt about to be. */
export const underWay = (s: PreviewState) => s.reply.running || s.reply.sending || s.firstPrompt;

/** The iframe has not loaded its current address yet. */
const frameLoading = (s: PreviewState) => !!s.session && s.loadedSrc !== s.session.url;

/** A session is being asked for, or its page is loading. */
export const busy = (s: PreviewState) => s.requesting || frameLoading(s);

/**
 * The last address that finished loading, while a newer one loads: that frame stays on screen
 * until the new one is ready, so a refresh never flashes an empty page.
 */
export const previousSrc = (s: PreviewState) => (s.session && s.loadedSrc && s.loadedSrc !== s.session.url ? s.loadedSrc : null);

/** The status line; `buildFailed`: the wanted version's build failed (the panel's build query). */
export function statusOf(s: PreviewState, buildFailed: boolean): PreviewStatusView {
  return previewStatus({
    online: s.online,
    notRunning: !s.session && !!s.error,
    phase: s.reply.phase,
    everLoaded: s.loadedSrc !== null,
    frameLoading: busy(s),
    wanted: s.wanted,
    shown: s.shown,
    waiting: s.waiting,
    buildFailed,
    viewing: s.viewing?.label ?? null,
  });
}

/** The project's starter (`starter`) is what the frame shows or is about to: while the first reply builds, it stays covered. */
export const onStarter = (s: PreviewState, starter: string | null) => !!starter && !s.viewing && (s.wanted === starter || (s.shown === starter && s.waiting));
