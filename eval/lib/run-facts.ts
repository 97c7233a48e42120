// What one run's events say (runFacts): its ending, requests, checks, fix rounds, tools and times, read
// the same way for a live run and a stored one. Pure.
import type { Plan, RunEvent } from '@sprout/core/contract';

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

/** Adds `n` to `into[key]`. */
export const count = (into: Record<string, number>, key: string, n = 1) => {
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
