// The eval's arithmetic, pure: what one run's events say (runFacts), whether a case ended as expected
// (judgeCase), and the suite's figures (summarize). The runner (drive.ts) only collects what these read.
import type { Plan, RunEvent } from '@sprout/core/contract';
import { planMismatches } from './plan';
import { replyMismatches } from './reply';
import type { EvalCase, Need, Turn, TurnExpectation } from './suite';

/** A run event with the time it arrived at the eval (Date.now()); stored events have only `at`. */
export type TimedEvent = RunEvent & { receivedAt?: number };

type RenderStatus = 'passed' | 'failed' | 'skipped';

export interface RunFacts {
  runId: string | null;
  /** `finished`, `failed:<code>`, `stopped`, or `none` when the events end without a terminal one. */
  ending: string;
  failureMessage: string | null;
  versionId: string | null;
  fixRounds: number;
  tokensIn: number;
  tokensOut: number;
  /** Whether the run gave its message back (run.finished / run.failed `refunded`); null when it did not say. */
  refunded: boolean | null;
  /** Model requests: the first, and one per `fix.started` (fix rounds, continuations, placeholders); 0 without events. */
  modelRequests: number;
  /** `tool.called` events by tool name (a model that uses tools). */
  toolCalls: Record<string, number>;
  /** Each tool step as the chat shows it, in order: `→ Running the checks`, `← Checks: build failed (1 error)`. */
  toolSteps: string[];
  /** Model steps: model requests plus tool calls. */
  steps: number;
  /** What a plan run proposed (`plan.proposed`), or null. */
  plan: Plan | null;
  remainingIssues: number;
  /** Extra model requests by reason (fix.started): errors, runtime, placeholder, continue. */
  requests: Record<string, number>;
  /** The sources of the issues that started fix rounds (errors and runtime), one count per issue. */
  fixIssues: Record<string, number>;
  /** Every extra request as the run made it (fix rounds, continuations, placeholders) and what it said was wrong. */
  fixRequests: { round: number; reason: string; issues: string[] }[];
  /** `problem` events by kind (not applied: placeholder, no-match, forbidden, …). */
  problems: Record<string, number>;
  /** Whether the render check loaded a candidate in any round, and the last round's status. */
  render: { ran: boolean; last: RenderStatus | null; lastReason: string | null };
  /** The last round that ran behaviour checks: how many passed, and the names of those that failed. */
  behaviour: { passed: number; total: number; failed: string[] } | null;
  /** When the first preview.ready with ok true arrived (ms since the epoch). */
  firstWorkingPreviewAt: number | null;
  /** Advisory type errors of the last round. */
  typeErrors: number;
  /** The reply's text as the chat shows it (every text.delta). */
  reply: string;
  /**
   * Issues of rounds that only a fixer's name check found while the type check and the render check
   * passed (and no behaviour check failed): most likely the fixer, not the app, is wrong.
   */
  suspectFalsePositives: string[];
}

const count = (into: Record<string, number>, key: string, n = 1) => {
  into[key] = (into[key] ?? 0) + n;
};

const arrivedAt = (e: TimedEvent) => e.receivedAt ?? Date.parse(e.at);

/** An issue as the fix prompt lists it, shortened: `[render] client/src/App.tsx:12: Uncaught TypeError: …`. */
function issueText(i: { source: string; file: string | null; line: number | null; message: string }): string {
  const where = i.file ? `${i.file}${i.line ? `:${i.line}` : ''}: ` : '';
  const text = `[${i.source}] ${where}${i.message}`;
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

type CheckResultData = Extract<RunEvent, { type: 'check.result' }>['data'];

/** A round failed only by the imports check while the compiler and the browser found the app fine. */
function isSuspectRound(d: CheckResultData): boolean {
  return (
    !d.ok &&
    d.issues.length > 0 &&
    d.issues.every((i) => i.source === 'imports') &&
    d.typeCheck?.status === 'ok' &&
    d.render?.status === 'passed' &&
    (d.behaviour ?? []).every((b) => b.ok)
  );
}

/** What one run's event list says: its ending, cost, fix rounds and their reasons, checks and first working preview. */
export function runFacts(events: readonly TimedEvent[]): RunFacts {
  const facts: RunFacts = {
    runId: events[0]?.runId ?? null,
    ending: 'none',
    failureMessage: null,
    versionId: null,
    fixRounds: 0,
    tokensIn: 0,
    tokensOut: 0,
    refunded: null,
    modelRequests: 0,
    toolCalls: {},
    toolSteps: [],
    steps: 0,
    plan: null,
    remainingIssues: 0,
    requests: {},
    fixIssues: {},
    fixRequests: [],
    problems: {},
    render: { ran: false, last: null, lastReason: null },
    behaviour: null,
    firstWorkingPreviewAt: null,
    typeErrors: 0,
    reply: '',
    suspectFalsePositives: [],
  };
  for (const e of events) {
    switch (e.type) {
      case 'text.delta':
        facts.reply += e.data.text;
        break;
      case 'fix.started':
        count(facts.requests, e.data.reason);
        if (e.data.reason === 'errors' || e.data.reason === 'runtime') for (const i of e.data.issues) count(facts.fixIssues, i.source);
        facts.fixRequests.push({ round: e.data.round, reason: e.data.reason, issues: e.data.issues.map(issueText) });
        break;
      case 'problem':
        count(facts.problems, e.data.kind);
        break;
      case 'check.result': {
        const r = e.data.render;
        facts.render.last = r?.status ?? null;
        facts.render.lastReason = r?.reason ?? null;
        if (r && r.status !== 'skipped') facts.render.ran = true;
        facts.typeErrors = e.data.typeErrors?.length ?? 0;
        if (e.data.behaviour?.length) {
          const failed = e.data.behaviour.filter((b) => !b.ok).map((b) => b.name);
          facts.behaviour = { passed: e.data.behaviour.length - failed.length, total: e.data.behaviour.length, failed };
        }
        if (isSuspectRound(e.data)) facts.suspectFalsePositives.push(...e.data.issues.map(issueText));
        break;
      }
      case 'tool.called':
        count(facts.toolCalls, e.data.name);
        facts.toolSteps.push(`→ ${e.data.summary}`);
        break;
      case 'tool.result':
        facts.toolSteps.push(`← ${e.data.summary}`);
        break;
      case 'plan.proposed':
        facts.plan = e.data;
        break;
      case 'preview.ready':
        if (e.data.ok && facts.firstWorkingPreviewAt === null) facts.firstWorkingPreviewAt = arrivedAt(e);
        break;
      case 'run.finished':
        Object.assign(facts, { ending: 'finished', versionId: e.data.versionId, remainingIssues: e.data.remainingIssues, refunded: e.data.refunded ?? null });
        Object.assign(facts, { fixRounds: e.data.fixRounds, tokensIn: e.data.tokensIn, tokensOut: e.data.tokensOut });
        break;
      case 'run.failed':
        Object.assign(facts, { ending: `failed:${e.data.code}`, failureMessage: e.data.message, refunded: e.data.refunded });
        Object.assign(facts, { fixRounds: e.data.fixRounds, tokensIn: e.data.tokensIn, tokensOut: e.data.tokensOut });
        break;
      case 'run.stopped':
        Object.assign(facts, { ending: 'stopped', fixRounds: e.data.fixRounds, tokensIn: e.data.tokensIn, tokensOut: e.data.tokensOut });
        break;
    }
  }
  facts.modelRequests = events.length ? 1 + facts.fixRequests.length : 0;
  facts.steps = facts.modelRequests + Object.values(facts.toolCalls).reduce((a, b) => a + b, 0);
  return facts;
}

/** What the eval saw of one turn: the run's facts, when the message was sent, and the project's files after it. */
export interface ObservedTurn {
  prompt: string;
  /** A message (`build`), a plan request (`plan`) or Build pressed on a plan (`approve`). */
  kind: Turn['kind'];
  /** Messages the turn counted against the person's allowance (GET /usage after minus before); null: could not be read. */
  charged: number | null;
  /** An approve turn: the plan run it built and the answers sent. */
  approved?: { planRunId: string; answers: Record<string, string>; notes: string | null; skipped?: string[] };
  facts: RunFacts;
  /** Date.now() just before the message was posted. */
  sentAt: number;
  /** The project's files once the run ended (null: could not be read). */
  files: Record<string, string> | null;
  /** Recorded replies the run did not ask for (replay only). */
  unusedReplies: number;
  /** Requests the run made after the recording ran out (answered with an error). */
  missingReplies: number;
  /** Why the turn could not be driven (the message was refused, the stream broke), if so. */
  error?: string;
}

export interface ObservedCase {
  /** 1..N (--runs). */
  run: number;
  turns: ObservedTurn[];
  /** The project at the end: its current version, whether that builds, and the render status of the run that made it. */
  final: { currentVersionId: string | null; buildOk: boolean | null };
  durationMs: number;
}

interface TurnRecord extends ObservedTurn {
  expected: TurnExpectation;
  mismatches: string[];
}

export interface CaseRecord {
  name: string;
  title: string;
  defect: string;
  run: number;
  /** Each turn's ending, joined with " → ". */
  ending: string;
  expectedEnding: string;
  /** null: a mismatch that depends on a check the server did not run (see `notJudged`). */
  asExpected: boolean | null;
  reasons: string[];
  notJudged: string | null;
  preview: { expected: boolean; working: boolean | null; detail: string | null };
  /** The behaviour checks of the current version, as its run's last round saw them; null when none ran (or no version of the case is current). */
  checks: { passed: number; total: number; failed: string[] } | null;
  /** checks/*.json files in the final project. */
  checkFiles: number;
  fixRounds: number;
  tokensIn: number;
  tokensOut: number;
  /** From sending the first message to the first preview.ready with ok true. */
  firstWorkingPreviewMs: number | null;
  /** Non-finished endings (their codes), fix-round issue sources (`fix:<source>`), extra requests (`request:<reason>`). */
  failureKinds: string[];
  /** Whether a round of the case was failed by the imports check alone while the type and render checks passed. */
  suspectFalsePositive: boolean;
  /** Model steps of every turn (model requests plus tool calls), the requests, and the tool calls by tool. */
  steps: number;
  modelRequests: number;
  toolCalls: Record<string, number>;
  /** The case's plan turns: how many, how many ended as expected (plan, ending, charge), how many charged nothing. */
  plans: { turns: number; asExpected: number; uncharged: number };
  /** The case's approve turns (Build pressed on a plan): how many, how many made a version, and the messages they counted. */
  approvals: { turns: number; built: number; charged: number };
  durationMs: number;
  turns: TurnRecord[];
}

const NEED_WORDS: Record<Need, string> = { render: 'the render check', behaviour: 'the behaviour checks' };

/** `{ read_file: 1, run_checks: 2 }` → "read_file 1, run_checks 2" (names in order; zero counts left out). */
const byTool = (calls: Record<string, number>) =>
  Object.entries(calls)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

/** Whether a turn with this expectation should make a version: a plan turn never does unless it says so. */
const wantsVersion = (e: TurnExpectation, kind: Turn['kind']) => e.version ?? (kind !== 'plan' && e.ending === 'finished');

function turnMismatches(expected: TurnExpectation, t: ObservedTurn, recorded: boolean): string[] {
  const out: string[] = [];
  if (t.error) out.push(t.error);
  const f = t.facts;
  const kind = t.kind;
  if (f.ending !== expected.ending) out.push(`ended ${f.ending}${f.failureMessage ? ` (${f.failureMessage.slice(0, 200)})` : ''}, expected ${expected.ending}`);
  if (recorded && expected.fixRounds !== undefined && f.fixRounds !== expected.fixRounds)
    out.push(`${f.fixRounds} fix round${f.fixRounds === 1 ? '' : 's'}, expected ${expected.fixRounds}`);
  if (recorded && expected.toolCalls) {
    const said = (calls: Record<string, number>) => byTool(calls) || 'none';
    const names = new Set([...Object.keys(expected.toolCalls), ...Object.keys(f.toolCalls)]);
    if ([...names].some((n) => (expected.toolCalls![n] ?? 0) !== (f.toolCalls[n] ?? 0)))
      out.push(`tool calls ${said(f.toolCalls)}, expected ${said(expected.toolCalls)}`);
  }
  if (recorded && expected.toolSteps) {
    let at = 0;
    for (const text of expected.toolSteps) {
      const found = f.toolSteps.findIndex((step, i) => i >= at && step.toLowerCase().includes(text.toLowerCase()));
      if (found === -1) {
        out.push(`no tool step ${at ? 'after the one before says' : 'says'} "${text}" (the steps: ${f.toolSteps.join(' | ') || 'none'})`);
        break;
      }
      at = found + 1;
    }
  }
  const version = wantsVersion(expected, kind);
  if (f.ending === expected.ending && version !== (f.versionId !== null)) out.push(version ? 'made no version, expected one' : 'made a version, expected none');
  if (kind === 'plan' && expected.ending === 'finished' && !t.error) out.push(...planMismatches(expected.plan, f.plan));
  // A plan turn is never charged; another turn's charge is judged when the case states it.
  const charged = expected.charged ?? (kind === 'plan' ? 0 : undefined);
  if (charged !== undefined && !t.error) {
    if (t.charged === null) out.push('could not read the usage to check what the turn was charged');
    else if (t.charged !== charged) out.push(`charged ${t.charged} message${t.charged === 1 ? '' : 's'}, expected ${charged}`);
  }
  for (const fe of expected.files ?? []) {
    const content = t.files?.[fe.path];
    if (t.files === null) out.push(`could not read the files to check ${fe.path}`);
    else if (fe.absent && content !== undefined) out.push(`${fe.path} exists, expected it absent`);
    else if (fe.contains !== undefined && !content?.includes(fe.contains))
      out.push(content === undefined ? `${fe.path} is missing` : `${fe.path} does not contain "${fe.contains}"`);
    else if (fe.notContains !== undefined && content?.includes(fe.notContains)) out.push(`${fe.path} still contains "${fe.notContains}"`);
  }
  if (expected.reply) out.push(...replyMismatches(expected.reply, f.reply));
  if (t.missingReplies > 0) out.push(`the run asked for ${t.missingReplies} more repl${t.missingReplies === 1 ? 'y' : 'ies'} than were recorded`);
  return out;
}

/**
 * Whether a case ended as expected. `recorded`: the model was the recording (fix rounds are judged,
 * and the case's `expect`); otherwise a real model answered (`withModel`, fix rounds free).
 */
export function judgeCase(c: EvalCase, observed: ObservedCase, recorded: boolean): CaseRecord {
  const expectations = c.turns.map((t) => (recorded ? t.expect : t.withModel));
  const turns: TurnRecord[] = observed.turns.map((t, i) => ({ ...t, expected: expectations[i]!, mismatches: turnMismatches(expectations[i]!, t, recorded) }));
  const reasons = turns.flatMap((t, i) => t.mismatches.map((m) => (turns.length > 1 ? `turn ${i + 1}: ${m}` : m)));
  if (turns.length < c.turns.length) reasons.push(`only ${turns.length} of ${c.turns.length} turns were sent`);

  const facts = turns.map((t) => t.facts);
  const versions = new Set(facts.flatMap((f) => (f.versionId ? [f.versionId] : [])));
  const maker = facts.findLast((f) => f.versionId !== null && f.versionId === observed.final.currentVersionId);
  const previewExpected = expectations.some((e, i) => wantsVersion(e, c.turns[i]!.kind));
  let working: boolean | null = null;
  let detail: string | null = null;
  if (previewExpected) {
    if (!observed.final.currentVersionId || !versions.has(observed.final.currentVersionId)) detail = 'the project is not on a version the case made';
    else if (observed.final.buildOk !== true)
      detail = observed.final.buildOk === null ? 'the build status could not be read' : 'the current version does not build';
    else if (maker?.render.last === 'failed') detail = 'the current version failed its render check';
    working = detail === null;
    if (!working) reasons.push(`no working preview at the end: ${detail}`);
  }

  const lastFiles = turns.findLast((t) => t.files !== null)?.files ?? null;
  const checkFiles = lastFiles ? Object.keys(lastFiles).filter((p) => /^checks\/[^/]+\.json$/.test(p)).length : 0;
  // The checks of the version the project ended on: a failed attempt's checks say nothing about what is current.
  const checks = maker?.behaviour ?? null;
  const suspects = facts.flatMap((f) => f.suspectFalsePositives);
  if (suspects.length)
    reasons.push(`suspect false positive: only the imports check failed a round the type check and the render check passed (${suspects.join('; ')})`);
  if (c.header.expectChecks === 'all' && checks && checks.passed < checks.total)
    reasons.push(`${checks.total - checks.passed} of ${checks.total} behaviour checks failed: ${checks.failed.join(', ')}`);

  const ran: Record<Need, boolean> = { render: facts.some((f) => f.render.ran), behaviour: facts.some((f) => f.behaviour !== null) };
  const missing = recorded ? c.header.needs.filter((n) => !ran[n]) : [];
  const notJudged = reasons.length > 0 && missing.length > 0 ? `${missing.map((n) => NEED_WORDS[n]).join(' and ')} did not run` : null;

  const firstSent = turns[0]?.sentAt ?? 0;
  const firstPreview = facts.find((f) => f.firstWorkingPreviewAt !== null)?.firstWorkingPreviewAt ?? null;
  const failureKinds = [
    ...facts.filter((f) => f.ending !== 'finished').map((f) => f.ending.replace(/^failed:/, '')),
    ...facts.flatMap((f) => Object.entries(f.fixIssues).map(([source]) => `fix:${source}`)),
    ...facts.flatMap((f) => Object.entries(f.requests).flatMap(([reason]) => (reason === 'errors' || reason === 'runtime' ? [] : [`request:${reason}`]))),
  ];
  return {
    name: c.name,
    title: c.header.title,
    defect: c.header.defect,
    run: observed.run,
    ending: facts.map((f) => f.ending).join(' → '),
    expectedEnding: expectations.map((e) => e.ending).join(' → '),
    asExpected: notJudged ? null : reasons.length === 0,
    reasons,
    notJudged,
    preview: { expected: previewExpected, working, detail },
    checks,
    checkFiles,
    fixRounds: facts.reduce((n, f) => n + f.fixRounds, 0),
    tokensIn: facts.reduce((n, f) => n + f.tokensIn, 0),
    tokensOut: facts.reduce((n, f) => n + f.tokensOut, 0),
    firstWorkingPreviewMs: firstPreview === null ? null : Math.max(0, firstPreview - firstSent),
    failureKinds,
    suspectFalsePositive: suspects.length > 0,
    steps: facts.reduce((n, f) => n + f.steps, 0),
    modelRequests: facts.reduce((n, f) => n + f.modelRequests, 0),
    toolCalls: facts.reduce<Record<string, number>>((into, f) => {
      for (const [k, v] of Object.entries(f.toolCalls)) count(into, k, v);
      return into;
    }, {}),
    plans: {
      turns: c.turns.filter((t) => t.kind === 'plan').length,
      asExpected: turns.filter((t) => t.kind === 'plan' && t.mismatches.length === 0).length,
      uncharged: turns.filter((t) => t.kind === 'plan' && t.charged === 0).length,
    },
    approvals: {
      turns: c.turns.filter((t) => t.kind === 'approve').length,
      built: turns.filter((t) => t.kind === 'approve' && t.facts.versionId !== null).length,
      charged: turns.reduce((n, t) => n + (t.kind === 'approve' ? (t.charged ?? 0) : 0), 0),
    },
    durationMs: observed.durationMs,
    turns,
  };
}

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
