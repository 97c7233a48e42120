import type { PreviewPhase, ReplyActivity } from '@/features/preview';
import type { ChatState } from './chat-state';
import type { RunView } from './run-view';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Where a reply under way is, for the preview: building its files, checking its candidate, fixing; null once its version exists. */
export function runPreviewPhase(v: RunView | null): PreviewPhase | null {
  if (!v || v.status !== 'running' || v.version) return null;
  if (v.kind === 'plan') return { kind: 'planning', label: 'Planning… nothing is built or charged yet', busy: true };
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

/** The project's run being written, if any. */
function activeRun(s: ChatState): RunView | null {
  const run = s.activeRunId ? s.runs[s.activeRunId] : undefined;
  return run && run.status === 'running' ? run : null;
}

/** The last reply followed here is a plan nobody has built yet (its Build starts a newer run). */
function planAwaitsBuild(s: ChatState): boolean {
  const last = s.runs[s.followed.at(-1) ?? ''];
  return !!last && last.kind === 'plan' && last.status === 'finished' && !!last.plan && !last.plan.approved;
}

/** What the preview is told of the reply being written: whether one is, whether a message is being sent, where it is, and whether a plan awaits its Build. */
export function replyActivity(s: ChatState): ReplyActivity {
  const run = activeRun(s);
  return { running: !!run, sending: s.sending, phase: runPreviewPhase(run), planReady: !run && !s.sending && planAwaitsBuild(s) };
}
