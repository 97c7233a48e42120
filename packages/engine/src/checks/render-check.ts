import { parseBehaviourChecks, type BehaviourCheck } from '@sprout/core';
import type { BehaviourCheckResult, RenderCheckSummary } from '@sprout/core/contract';
import { issue, type CheckIssue } from './issues';

/**
 * The host's render check (docs/architecture.md#verified-versions-and-kept-attempts): loads a candidate version's preview in headless Chromium on
 * the server, reports what a person would have seen go wrong, then runs the project's behaviour
 * checks (checks/*.json) against it. The API implements it (apps/api/src/checks); the engine only
 * asks and reads the answer.
 */
export interface RenderProblem {
  kind: string;
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
}

/** One message the page logged while it was checked (`console.log`, `console.error`, …), for a model that views the preview. */
interface ConsoleLine {
  type: string;
  text: string;
}

export type RenderOutcome =
  | { status: 'passed'; durationMs: number; thumbnail: Uint8Array; checks?: BehaviourCheckResult[]; console?: ConsoleLine[] }
  | { status: 'failed'; durationMs: number; issues: RenderProblem[]; thumbnail: Uint8Array | null; checks?: BehaviourCheckResult[]; console?: ConsoleLine[] }
  | { status: 'skipped'; reason: string };

export type RenderCheckInput = {
  sproutId: string;
  ownerId: string;
  versionId: string;
  /** The behaviour checks to run once the page rendered (none: only the render check). */
  checks: (BehaviourCheck & { file: string })[];
  /** The candidate's sprout.data.json (null: none), so its backend requests follow its own rules. */
  dataRules: string | null;
  signal?: AbortSignal;
};

export type RenderCheckFn = (input: RenderCheckInput) => Promise<RenderOutcome>;

/** What a round's render check adds: its issues, its summaries for check.result, and the screenshot to keep. */
export interface RenderVerdict {
  issues: CheckIssue[];
  summary: RenderCheckSummary;
  behaviour: BehaviourCheckResult[] | undefined;
  screenshot: Uint8Array | null;
}

export const skippedRender = (reason: string, issues: CheckIssue[] = []): RenderVerdict => ({
  issues,
  summary: { status: 'skipped', reason, durationMs: 0, screenshotId: null },
  behaviour: undefined,
  screenshot: null,
});

const FAILED_CHECK = 'Check "';

/** A failing check as the fix round reads it: which check, which step, what the page showed. */
function behaviourIssue(r: BehaviourCheckResult): CheckIssue {
  const step = r.failedStep ? ` at step ${r.failedStep}${r.step ? ` (${r.step})` : ''}` : '';
  return issue('behaviour', r.file, `${FAILED_CHECK}${r.name}" failed${step}: ${r.message ?? 'no reason given'}`);
}

/** A check that ran and failed (the app does not do what it should), not a check file that could not be read. */
export const isFailedCheck = (i: CheckIssue) => i.source === 'behaviour' && i.message.startsWith(FAILED_CHECK);

/** Check files that cannot be run are problems of the answer that wrote them, like a build error. */
export function checkFileIssues(files: ReadonlyMap<string, string>) {
  const parsed = parseBehaviourChecks(files);
  return { checks: parsed.checks, issues: parsed.problems.map((p) => issue('behaviour', p.file, p.message)) };
}

/** Reads the host's answer for the candidate built under `versionId`; a check that throws is reported as skipped, never as the app's fault. */
export async function renderVerdict(check: RenderCheckFn, input: RenderCheckInput): Promise<RenderVerdict> {
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
  const behaviour = outcome.checks;
  const failedChecks = (behaviour ?? []).filter((c) => !c.ok).map(behaviourIssue);
  const rendered = outcome.status === 'failed' ? outcome.issues.map((p) => issue('render', p.file, p.message, p.line, p.column)) : [];
  return { issues: [...rendered, ...failedChecks], summary, behaviour, screenshot };
}
