import type { RunView } from '../chat/run-view';

/*
 * What the preview's status line says, from everything that decides it: the network, the preview
 * session, the reply being written (a run drives the status until its version reaches the frame),
 * the frame's own report of the version it shows, and the build. Pure: the panel gathers the facts.
 */

export type PreviewStatusKind =
  | 'offline'
  | 'not-running'
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Where a reply under way is, for the preview: building its files, checking its candidate, fixing; null once its version exists. */
export function runPreviewPhase(v: RunView | null): PreviewStatusView | null {
  if (!v || v.status !== 'running' || v.version) return null;
  const lastFix = v.parts.findLastIndex((p) => p.type === 'fix');
  const fix = lastFix === -1 ? null : v.parts[lastFix];
  const round = fix?.type === 'fix' ? fix.round : 0;
  const since = v.parts.slice(lastFix + 1);
  const files = new Set(since.flatMap((p) => (p.type === 'file' && p.status !== 'skipped' ? [p.path] : []))).size;
  const checked = since.some((p) => p.type === 'check');
  if (v.candidate && v.candidate.round === round && !checked) return { kind: 'checking', label: 'Checking… opening your app in a browser', busy: true };
  if (fix?.type === 'fix' && fix.reason !== 'continue') {
    const label = files ? `Fixing… writing ${plural(files, 'file')}` : `Fixing ${plural(fix.issues.length || 1, 'problem')}…`;
    return { kind: 'fixing', label, busy: true };
  }
  if (checked) return { kind: 'checking', label: 'Checking…', busy: true };
  return { kind: 'building', label: files ? `Building… writing ${plural(files, 'file')}` : 'Building…', busy: true };
}

export interface PreviewFacts {
  online: boolean;
  /** The preview session could not be started (and no frame is showing). */
  notRunning: boolean;
  /** The reply under way, if any. */
  run: RunView | null;
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
  const phase = runPreviewPhase(f.run);
  if (phase && !f.viewing) return phase;
  if (!f.everLoaded) return { kind: 'starting', label: 'Starting…', busy: true };
  if (f.frameLoading) return { kind: 'loading', label: 'Updating…', busy: true };
  if (f.shown !== f.wanted)
    return f.waiting ? { kind: 'loading', label: 'Updating…', busy: true } : { kind: 'stale', label: 'Preview out of date', busy: false };
  if (f.viewing) return { kind: 'viewing', label: `Viewing ${f.viewing} · not the current version`, busy: false };
  if (f.buildFailed) return { kind: 'build-failed', label: 'Build failed', busy: false };
  return { kind: 'ready', label: 'Latest version', busy: false };
}
