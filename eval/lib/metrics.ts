// The suite's figures (summarize) from its judged cases, and the medians and percentiles they use.
// Pure. What one run says is run-facts.ts; whether a case passed is judge-case.ts.
import type { CaseRecord } from './judge-case';
import { count } from './run-facts';

export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(xs: readonly number[], p: number): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export interface Summary {
  suite: string;
  model: string;
  runsPerCase: number;
  /** Case runs (cases × runs). */
  cases: number;
  judged: number;
  asExpected: number;
  notJudged: Record<string, number>;
  preview: { expected: number; working: number };
  checks: { passed: number; total: number; cases: number; projectsWithChecks: number };
  fixRounds: { total: number; mean: number };
  tokens: { in: number; out: number; meanIn: number; meanOut: number };
  /** Model steps (requests plus tool calls) per case run and in all, and of them the tool calls, by tool. */
  steps: { total: number; mean: number; requests: number; toolCalls: number };
  tools: Record<string, number>;
  /** Plan turns: in how many cases, how many ended as expected, how many charged nothing. */
  plans: { cases: number; turns: number; asExpected: number; uncharged: number };
  /** Approve turns (Build on a plan): how many, how many made a version, the messages they counted. */
  approvals: { turns: number; built: number; charged: number };
  firstWorkingPreviewMs: { median: number | null; p90: number | null; n: number };
  /** Turn endings other than finished, by code. */
  endings: Record<string, number>;
  /** Issues that started fix rounds, by source. */
  fixIssues: Record<string, number>;
  /** Extra model requests that are not fix rounds: continue, placeholder. */
  requests: Record<string, number>;
  /** Case runs with a round failed by the imports check alone while the type and render checks passed. */
  suspectFalsePositives: number;
  durationMs: number;
}

export function summarize(suite: string, model: string, runsPerCase: number, records: readonly CaseRecord[], durationMs: number): Summary {
  const judged = records.filter((r) => r.asExpected !== null);
  const notJudged: Record<string, number> = {};
  for (const r of records) if (r.notJudged) count(notJudged, r.notJudged);
  const endings: Record<string, number> = {};
  const fixIssues: Record<string, number> = {};
  const requests: Record<string, number> = {};
  for (const t of records.flatMap((r) => r.turns)) {
    if (t.facts.ending !== 'finished') count(endings, t.facts.ending.replace(/^failed:/, ''));
    for (const [k, v] of Object.entries(t.facts.fixIssues)) count(fixIssues, k, v);
    for (const [k, v] of Object.entries(t.facts.requests)) if (k !== 'errors' && k !== 'runtime') count(requests, k, v);
  }
  const withChecks = records.filter((r) => r.checks !== null);
  const times = records.flatMap((r) => (r.firstWorkingPreviewMs === null ? [] : [r.firstWorkingPreviewMs]));
  const n = records.length || 1;
  const fixTotal = records.reduce((s, r) => s + r.fixRounds, 0);
  const tokensIn = records.reduce((s, r) => s + r.tokensIn, 0);
  const tokensOut = records.reduce((s, r) => s + r.tokensOut, 0);
  const sum = (f: (r: CaseRecord) => number) => records.reduce((s, r) => s + f(r), 0);
  const tools: Record<string, number> = {};
  for (const r of records) for (const [k, v] of Object.entries(r.toolCalls)) count(tools, k, v);
  const toolCalls = Object.values(tools).reduce((a, b) => a + b, 0);
  return {
    suite,
    model,
    runsPerCase,
    cases: records.length,
    judged: judged.length,
    asExpected: judged.filter((r) => r.asExpected).length,
    notJudged,
    preview: { expected: records.filter((r) => r.preview.expected).length, working: records.filter((r) => r.preview.working === true).length },
    checks: {
      passed: withChecks.reduce((s, r) => s + r.checks!.passed, 0),
      total: withChecks.reduce((s, r) => s + r.checks!.total, 0),
      cases: withChecks.length,
      projectsWithChecks: records.filter((r) => r.checkFiles > 0).length,
    },
    fixRounds: { total: fixTotal, mean: fixTotal / n },
    tokens: { in: tokensIn, out: tokensOut, meanIn: tokensIn / n, meanOut: tokensOut / n },
    steps: { total: sum((r) => r.steps), mean: sum((r) => r.steps) / n, requests: sum((r) => r.modelRequests), toolCalls },
    tools,
    plans: {
      cases: records.filter((r) => r.plans.turns > 0).length,
      turns: sum((r) => r.plans.turns),
      asExpected: sum((r) => r.plans.asExpected),
      uncharged: sum((r) => r.plans.uncharged),
    },
    approvals: { turns: sum((r) => r.approvals.turns), built: sum((r) => r.approvals.built), charged: sum((r) => r.approvals.charged) },
    firstWorkingPreviewMs: { median: median(times), p90: percentile(times, 90), n: times.length },
    endings,
    fixIssues,
    requests,
    suspectFalsePositives: records.filter((r) => r.suspectFalsePositive).length,
    durationMs,
  };
}
