// Whether a case ended as expected (judgeCase): each turn's observed facts against what the case
// expects of it. Pure: the runner (drive.ts) collects what it reads.
import { planMismatches } from './plan';
import { replyMismatches } from './reply';
import { count, type RunFacts } from './run-facts';
import type { EvalCase, Need, Turn, TurnExpectation } from './suite';

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
