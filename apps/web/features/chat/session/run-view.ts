import type { CheckIssue, ChecklistItem, KeptPlan, Run, RunEvent, RunEventPayloads } from '@sprout/core/contract';

/** What the chat shows of one run, built from its events in order (pure: no I/O). */
export type ViewStatus = 'running' | 'finished' | 'failed' | 'stopped';

type FileStatus = 'writing' | 'written' | 'edited' | 'deleted' | 'renamed' | 'skipped';

export type RunPart =
  | { type: 'text'; id: string; text: string }
  | {
      type: 'file';
      id: string;
      path: string;
      status: FileStatus;
      /** The file's content as it streamed (writes only). */
      content: string;
      bytes: number | null;
      created: boolean;
      blocks: number | null;
      from: string | null;
      /** Why it was not applied (status `skipped`). */
      problem: string | null;
    }
  | ({ type: 'check'; id: string } & RunEventPayloads['check.result'])
  | { type: 'fix'; id: string; round: number; reason: RunEventPayloads['fix.started']['reason']; issues: CheckIssue[] }
  | { type: 'problem'; id: string; kind: string; message: string; path: string | null }
  /**
   * A tool a model that uses tools called (tool.called), `running` until its result (tool.result):
   * `summary` says what it does, then what it found ("Read client/src/App.tsx (84 lines)").
   */
  | { type: 'tool'; id: string; name: string; input: Record<string, unknown>; summary: string; status: 'running' | 'done' };

export type FilePart = Extract<RunPart, { type: 'file' }>;
export type ToolPart = Extract<RunPart, { type: 'tool' }>;

export interface RunView {
  id: string;
  kind: Run['kind'];
  status: ViewStatus;
  parts: RunPart[];
  model: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
  fixRounds: number;
  durationMs: number | null;
  startedAt: string | null;
  version: { id: string; number: number; summary: string | null } | null;
  summary: string | null;
  /** Who sees what in the app, when the run changed it: the reply opens with it (engine's sharing line). */
  sharing: string | null;
  remainingIssues: number;
  error: { code: string; message: string; refunded: boolean } | null;
  preview: RunEventPayloads['preview.ready'] | null;
  /** The latest candidate the server built and is checking, until the run ends. */
  candidate: RunEventPayloads['preview.candidate'] | null;
  /** A run that changed nothing and was not charged. */
  refunded: boolean;
  /** Secrets the run's functions read that the preview has none of, and the sentence asking for them (empty: the reply's own words asked). */
  missingSecrets: { names: string[]; text: string } | null;
  /** A plan run's plan (plan.proposed, or the stored run), and whether it was approved. */
  plan: KeptPlan | null;
  /** The build of an approved plan: the plan's checklist as its behaviour checks ended. */
  checklist: ChecklistItem[] | null;
  lastSeq: number;
}

export function emptyRunView(id: string, kind: RunView['kind'] = 'message'): RunView {
  return {
    id,
    kind,
    status: 'running',
    parts: [],
    model: null,
    tokensIn: null,
    tokensOut: null,
    fixRounds: 0,
    durationMs: null,
    startedAt: null,
    version: null,
    summary: null,
    sharing: null,
    remainingIssues: 0,
    error: null,
    preview: null,
    candidate: null,
    refunded: false,
    missingSecrets: null,
    plan: null,
    checklist: null,
    lastSeq: 0,
  };
}

/** An interrupted run (the API restarted while it wrote) ended without its work, like a failed one. */
export function viewStatusOf(status: Run['status']): ViewStatus {
  return status === 'succeeded' ? 'finished' : status === 'interrupted' ? 'failed' : status;
}

/** A run as the stored chat knows it (no events followed): status, totals, error. */
export function runViewFromDto(run: Run): RunView {
  return {
    ...emptyRunView(run.id, run.kind),
    status: viewStatusOf(run.status),
    model: run.model,
    tokensIn: run.tokensIn,
    tokensOut: run.tokensOut,
    fixRounds: run.fixRounds,
    // Only the engine's own figure (run.finished) is shown: one recomputed from the stored times
    // would say another number after a reload.
    durationMs: null,
    startedAt: run.createdAt,
    summary: run.summary,
    refunded: run.status === 'succeeded' && run.refunded,
    plan: run.plan ?? null,
    error: run.status === 'failed' ? { code: run.errorCode ?? 'error', message: run.error ?? 'This reply failed.', refunded: run.refunded } : null,
  };
}

const lastIndex = <T>(list: readonly T[], pred: (item: T) => boolean) => {
  for (let i = list.length - 1; i >= 0; i--) if (pred(list[i]!)) return i;
  return -1;
};

function fileCard(seq: number, path: string, status: FileStatus, extra: Partial<FilePart> = {}): FilePart {
  return { type: 'file', id: `f${seq}`, path, status, content: '', bytes: null, created: false, blocks: null, from: null, problem: null, ...extra };
}

/** Updates the card of `path` still being written, or adds one (its start was not seen: a replay from the middle). */
function streamed(v: RunView, seq: number, path: string, update: (p: FilePart) => FilePart, created: Partial<FilePart> & { status: FileStatus }): RunView {
  const i = lastIndex(v.parts, (p) => p.type === 'file' && p.path === path && p.status === 'writing');
  if (i === -1) return { ...v, parts: [...v.parts, fileCard(seq, path, created.status, created)] };
  const parts = v.parts.slice();
  parts[i] = update(parts[i] as FilePart);
  return { ...v, parts };
}

const totals = (v: RunView, t: { model: string; tokensIn: number; tokensOut: number; fixRounds: number; durationMs: number }): RunView => ({
  ...v,
  model: t.model || v.model,
  tokensIn: t.tokensIn,
  tokensOut: t.tokensOut,
  fixRounds: t.fixRounds,
  durationMs: t.durationMs,
});

/** The next view after one event (events arrive in seq order; older ones are ignored). */
export function applyRunEvent(v: RunView, e: RunEvent): RunView {
  if (e.seq <= v.lastSeq) return v;
  const next = reduce(v, e);
  return next === v ? { ...v, lastSeq: e.seq } : { ...next, lastSeq: e.seq };
}

function reduce(v: RunView, e: RunEvent): RunView {
  switch (e.type) {
    case 'run.started':
      return { ...v, kind: e.data.kind, model: e.data.model, startedAt: e.at, status: 'running' };
    case 'text.delta': {
      const last = v.parts[v.parts.length - 1];
      if (last?.type === 'text') return { ...v, parts: [...v.parts.slice(0, -1), { ...last, text: last.text + e.data.text }] };
      return { ...v, parts: [...v.parts, { type: 'text', id: `t${e.seq}`, text: e.data.text }] };
    }
    case 'file.started':
      return { ...v, parts: [...v.parts, fileCard(e.seq, e.data.path, 'writing')] };
    case 'file.delta': {
      const { path, text } = e.data;
      return streamed(v, e.seq, path, (p) => ({ ...p, content: p.content + text }), { status: 'writing', content: text });
    }
    case 'file.written': {
      const { path, bytes, created } = e.data;
      return streamed(v, e.seq, path, (p) => ({ ...p, status: 'written', bytes, created }), { status: 'written', bytes, created });
    }
    case 'edit.applied':
      return { ...v, parts: [...v.parts, fileCard(e.seq, e.data.path, 'edited', { blocks: e.data.blocks })] };
    case 'file.deleted':
      return { ...v, parts: [...v.parts, fileCard(e.seq, e.data.path, 'deleted')] };
    case 'file.renamed':
      return { ...v, parts: [...v.parts, fileCard(e.seq, e.data.to, 'renamed', { from: e.data.from })] };
    case 'problem': {
      const { kind, message, path } = e.data;
      // A write that was not applied: the card that streamed it says so instead of a second note.
      const i = path
        ? lastIndex(v.parts, (p) => p.type === 'file' && p.path === path && (p.status === 'writing' || (kind === 'placeholder' && p.status === 'written')))
        : -1;
      if (i !== -1) {
        const parts = v.parts.slice();
        parts[i] = { ...(parts[i] as FilePart), status: 'skipped', problem: message };
        return { ...v, parts };
      }
      return { ...v, parts: [...v.parts, { type: 'problem', id: `p${e.seq}`, kind, message, path: path ?? null }] };
    }
    case 'check.result':
      return { ...v, parts: [...v.parts, { type: 'check', id: `c${e.seq}`, ...e.data }] };
    case 'tool.called':
      return { ...v, parts: [...v.parts, { type: 'tool', id: `k${e.seq}`, ...e.data, status: 'running' }] };
    case 'tool.result':
      return toolDone(v, e.seq, e.data);
    case 'fix.started':
      return { ...v, fixRounds: Math.max(v.fixRounds, e.data.round), parts: [...v.parts, { type: 'fix', id: `x${e.seq}`, ...e.data }] };
    case 'version.created':
      return {
        ...v,
        version: { id: e.data.versionId, number: e.data.number, summary: e.data.summary },
        summary: e.data.summary ?? v.summary,
        sharing: e.data.sharing ?? v.sharing,
      };
    case 'preview.ready':
      return { ...v, preview: e.data };
    case 'plan.checked':
      return { ...v, checklist: e.data.items };
    case 'plan.proposed':
      return { ...v, plan: { plan: e.data, approved: v.plan?.approved ?? null } };
    case 'preview.candidate':
      // Its module list is the preview's (run-effects hands it on), not the chat's to keep.
      return { ...v, candidate: { versionId: e.data.versionId, round: e.data.round } };
    case 'run.finished':
      return {
        ...totals(v, e.data),
        status: 'finished',
        summary: e.data.summary ?? v.summary,
        remainingIssues: e.data.remainingIssues,
        refunded: e.data.refunded === true,
        missingSecrets: e.data.missingSecrets?.length ? { names: e.data.missingSecrets, text: e.data.missingSecretsText ?? '' } : null,
        parts: settle(v.parts),
      };
    case 'run.failed':
      return {
        ...totals(v, e.data),
        status: 'failed',
        error: { code: e.data.code, message: e.data.message, refunded: e.data.refunded },
        parts: settle(v.parts),
      };
    case 'run.stopped':
      return { ...totals(v, e.data), status: 'stopped', parts: settle(v.parts) };
    default:
      return v;
  }
}

/**
 * A tool's result: the first call of that tool with the same input still running says what it found
 * (calls of one step run side by side, their results come as each ends); a result whose call was not
 * seen (a replay from the middle) is a step of its own.
 */
function toolDone(v: RunView, seq: number, data: RunEventPayloads['tool.result']): RunView {
  const input = JSON.stringify(data.input);
  const i = v.parts.findIndex((p) => p.type === 'tool' && p.status === 'running' && p.name === data.name && JSON.stringify(p.input) === input);
  if (i === -1) return { ...v, parts: [...v.parts, { type: 'tool', id: `k${seq}`, ...data, status: 'done' }] };
  const parts = v.parts.slice();
  parts[i] = { ...(parts[i] as ToolPart), summary: data.summary, status: 'done' };
  return { ...v, parts };
}

/** What a run's end leaves of its steps: files cut off are skipped, tools still running are over. */
function settle(parts: RunPart[]): RunPart[] {
  const written = settleWriting(parts);
  if (!written.some((p) => p.type === 'tool' && p.status === 'running')) return written;
  return written.map((p) => (p.type === 'tool' && p.status === 'running' ? { ...p, status: 'done' as const } : p));
}

/** Cards still "writing" when a run ends were cut off: nothing of them was applied. */
function settleWriting(parts: RunPart[]): RunPart[] {
  if (!parts.some((p) => p.type === 'file' && p.status === 'writing')) return parts;
  return parts.map((p) =>
    p.type === 'file' && p.status === 'writing'
      ? { ...p, status: 'skipped' as const, problem: p.problem ?? 'Not applied: the reply ended before this file was complete.' }
      : p,
  );
}

/**
 * Who sees what, to show above the reply: the run's line once its version says it, unless the reply
 * already opens with it (the offline builder writes it itself).
 */
export function sharingLead(v: Pick<RunView, 'sharing' | 'parts'>): string | null {
  if (!v.sharing) return null;
  const first = v.parts.find((p): p is Extract<RunPart, { type: 'text' }> => p.type === 'text' && !!p.text.trim());
  return first?.text.trimStart().startsWith(v.sharing) ? null : v.sharing;
}
