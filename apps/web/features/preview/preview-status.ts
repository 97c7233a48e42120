/*
 * What the preview's status line says, from everything that decides it: the network, the preview
 * session, the reply being written (its phase drives the status until its version reaches the frame),
 * the frame's own report of the version it shows, and the build. Pure: ./preview-view gathers the facts.
 */

export type PreviewStatusKind =
  | 'offline'
  | 'not-running'
  | 'planning'
  | 'building'
  | 'checking'
  | 'fixing'
  | 'starting'
  | 'loading'
  | 'build-failed'
  | 'viewing'
  | 'stale'
  | 'ready';

export interface PreviewStatusView {
  kind: PreviewStatusKind;
  label: string;
  /** Work is under way (a spinner rather than a dot). */
  busy: boolean;
}

/** Where a reply under way is, as the preview says it: planning (no files), building its files, checking its candidate, fixing. */
export type PreviewPhase = PreviewStatusView & { kind: 'planning' | 'building' | 'checking' | 'fixing' };

export interface PreviewFacts {
  online: boolean;
  /** The preview session could not be started (and no frame is showing). */
  notRunning: boolean;
  /** Where the reply under way is, until its version exists (the chat says). */
  phase: PreviewPhase | null;
  /** A page has been shown at least once. */
  everLoaded: boolean;
  /** The frame is loading a new document. */
  frameLoading: boolean;
  /** The version the preview should show, and the one the frame says it shows (null: not known). */
  wanted: string | null;
  shown: string | null;
  /** An announcement or a load is on its way: no verdict about `shown` yet. */
  waiting: boolean;
  buildFailed: boolean;
  /** A version chosen in History is what `wanted` is ("Version 2"), not the current one. */
  viewing: string | null;
}

export function previewStatus(f: PreviewFacts): PreviewStatusView {
  if (!f.online) return { kind: 'offline', label: 'Offline · showing the last version that loaded', busy: false };
  if (f.notRunning) return { kind: 'not-running', label: 'Not running', busy: false };
  if (f.phase && !f.viewing) return f.phase;
  if (!f.everLoaded) return { kind: 'starting', label: 'Starting…', busy: true };
  if (f.frameLoading) return { kind: 'loading', label: 'Updating…', busy: true };
  if (f.shown !== f.wanted)
    return f.waiting ? { kind: 'loading', label: 'Updating…', busy: true } : { kind: 'stale', label: 'Preview out of date', busy: false };
  if (f.viewing) return { kind: 'viewing', label: `Viewing ${f.viewing} · not the current version`, busy: false };
  if (f.buildFailed) return { kind: 'build-failed', label: 'Build failed', busy: false };
  return { kind: 'ready', label: 'Latest version', busy: false };
}
