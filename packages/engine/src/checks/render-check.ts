import type { RenderCheckSummary } from '@sprout/core/contract';
import { issue, type CheckIssue } from './issues';

/**
 * The host's render check (issue 15): loads a candidate version's preview in headless Chromium on
 * the server and reports what a person would have seen go wrong. The API implements it
 * (apps/api/src/verify); the engine only asks and reads the answer.
 */
export interface RenderProblem {
  kind: string;
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
}

export type RenderOutcome =
  | { status: 'passed'; durationMs: number; thumbnail: Uint8Array }
  | { status: 'failed'; durationMs: number; issues: RenderProblem[]; thumbnail: Uint8Array | null }
  | { status: 'skipped'; reason: string };

export type RenderCheckFn = (input: { sproutId: string; ownerId: string; versionId: string; signal?: AbortSignal }) => Promise<RenderOutcome>;

/** What a round's render check adds: its issues, its summary for check.result, and the screenshot to keep. */
export interface RenderVerdict {
  issues: CheckIssue[];
  summary: RenderCheckSummary;
  screenshot: Uint8Array | null;
}

export const skippedRender = (reason: string): RenderVerdict => ({
  issues: [],
  summary: { status: 'skipped', reason, durationMs: 0, screenshotId: null },
  screenshot: null,
});

/** Reads the host's answer for the candidate built under `versionId`; a check that throws is reported as skipped, never as the app's fault. */
export async function renderVerdict(check: RenderCheckFn, input: Parameters<RenderCheckFn>[0]): Promise<RenderVerdict> {
  let outcome: RenderOutcome;
  try {
    outcome = await check(input);
  } catch (err) {
    if (input.signal?.aborted) throw input.signal.reason;
    return skippedRender(`The render check could not run: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300));
  }
  if (outcome.status === 'skipped') return skippedRender(outcome.reason);
  const screenshot = outcome.thumbnail;
  const summary: RenderCheckSummary = {
    status: outcome.status,
    reason: null,
    durationMs: outcome.durationMs,
    screenshotId: screenshot ? input.versionId : null,
  };
  if (outcome.status === 'passed') return { issues: [], summary, screenshot };
  return { issues: outcome.issues.map((p) => issue('render', p.file, p.message, p.line, p.column)), summary, screenshot };
}
