import type { CheckIssue } from '../checks/types';

/** The payload of every run event type, as streamed over SSE and stored in run_events. */
export interface RunEventPayloads {
  'run.started': { runId: string; sproutId: string; kind: 'message' | 'runtime-fix'; model: string; baseVersionId: string | null; messageId: string | null };
  'text.delta': { text: string };
  'file.started': { path: string };
  'file.delta': { path: string; text: string };
  /** A complete file was written to the run's working copy (the version is created at the end). */
  'file.written': { path: string; bytes: number; created: boolean };
  'edit.applied': { path: string; blocks: number };
  'file.deleted': { path: string };
  'file.renamed': { from: string; to: string };
  /** Something in the answer could not be applied or understood; it is not guessed. */
  problem: { kind: string; message: string; path?: string };
  /**
   * `ok` and `issues` decide fix rounds. The type check is advisory (the preview strips types):
   * `typeErrors` are the compiler's errors in the files the run changed, `typeCheck` says whether it ran.
   * One per round. A round that ends the checks sends it when its type check ends, which for a run
   * that makes a version is after `version.created` and `preview.ready` (the preview does not wait
   * for the compiler) and before `run.finished`; `durationMs` is the build's and linters' time.
   */
  'check.result': { round: number; ok: boolean; issues: CheckIssue[]; fixes: string[]; durationMs: number; typeErrors: CheckIssue[]; typeCheck: TypeCheckSummary };
  /** Another model request: `continue` (cut-off answer), `placeholder` (lazy files), `errors` / `runtime` (fix rounds 1–2). */
  'fix.started': { round: number; reason: 'continue' | 'placeholder' | 'errors' | 'runtime'; issues: CheckIssue[] };
  'version.created': { versionId: string; number: number; summary: string | null };
  'preview.ready': { versionId: string; ok: boolean; errors: CheckIssue[]; acceptRuntimeErrorsUntil: string };
  'run.finished': RunTotals & { versionId: string | null; summary: string | null; remainingIssues: number };
  'run.failed': RunTotals & { code: string; message: string; refunded: boolean };
  'run.stopped': RunTotals;
}

export interface TypeCheckSummary {
  status: 'ok' | 'errors' | 'skipped';
  /** Why it was skipped (too slow, too big, no compiler), or that only the first errors are listed. */
  reason: string | null;
  durationMs: number;
}

export interface RunTotals {
  model: string;
  tokensIn: number;
  tokensOut: number;
  fixRounds: number;
  durationMs: number;
}

export type RunEventType = keyof RunEventPayloads;

export const TERMINAL_EVENTS: ReadonlySet<string> = new Set<RunEventType>(['run.finished', 'run.failed', 'run.stopped']);

/** One event of a run, numbered from 1 in the order it happened (the SSE `id:`). */
export interface RunEvent<T extends RunEventType = RunEventType> {
  runId: string;
  seq: number;
  type: T;
  data: RunEventPayloads[T];
  at: string;
}
