import type { ModelMessage } from 'ai';
import { newId, recordRunTokens } from '@sprout/db';
import type { WorkingCopy } from '../apply/working-copy';
import type { CheckIssue } from '../checks/issues';
import type { BehaviourCheckResult } from '@sprout/core/contract';
import type { BuiltContext } from '../context/build-context';
import { estimateTokensOf } from '../context/tokens';
import { settleToolUse, type AskedStop } from '../tools/tool-endings';
import { ToolSession } from '../tools/tool-session';
import { toolTurn } from '../tools/tool-turn';
import { toolsPrompt } from '../tools/tools-prompt';
import { runAnswer, type AnswerResult } from './answer';
import { checkRound } from './check-round';
import { fixPrompt, placeholderPrompt } from './prompts';
import type { RunScope } from './run-scope';

export type { RunScope };

/** Where the answers and fix rounds left the run. */
export interface FixLoopResult {
  /** The id the last round's build is cached under: the version's id if the run commits. */
  versionId: string;
  /** What the last round's checks still found. */
  issues: CheckIssue[];
  buildOk: boolean;
  /** The last round's render check screenshot, kept with the version (or the failed attempt). */
  screenshot: Uint8Array | null;
  /** Emits the last round's check.result once its type check ends; the version does not wait for it. */
  reportLast: (() => Promise<void>) | null;
  /** A model that uses tools asked the person a question: the run ends with it and changes nothing (run/question-end.ts). */
  asked?: AskedStop;
  /** The last round's behaviour checks, when it ran any (a plan's checklist is reported against them). */
  behaviour?: BehaviourCheckResult[] | null;
}

const placeholderIssue = (p: { path: string; line: string }, what: string): CheckIssue => ({
  source: 'apply',
  file: p.path,
  line: null,
  column: null,
  message: `${what} the placeholder "${p.line}" instead of the complete file.`,
});

const messageChars = (messages: ModelMessage[]) =>
  messages.reduce((n, m) => n + (typeof m.content === 'string' ? m.content.length : m.content.reduce((k, p) => k + ('text' in p ? p.text.length : 0), 0)), 0);

/**
 * The run's use of tools: a message run of a model that supports them, with its plan's limits
 * (docs/architecture.md#tools); none for any other run, which answers as it always did.
 */
function toolSession(s: RunScope, work: WorkingCopy): ToolSession | null {
  const limits = s.input.toolLimits;
  return s.input.model.tools && limits && s.input.kind === 'message' ? new ToolSession(limits, () => work.revision) : null;
}

/** The run's conversation with the model: every answer is applied to the working copy as it streams. */
function conversation(s: RunScope, ctx: BuiltContext, work: WorkingCopy) {
  const messages: ModelMessage[] = [...ctx.messages];
  const session = toolSession(s, work);
  const system = session ? `${ctx.system}\n\n${toolsPrompt(session.limits)}` : ctx.system;
  const seesImages = s.input.model.vision && s.input.model.provider === 'anthropic';
  let asked: AskedStop | null = null;
  const answer = async (round: number): Promise<AnswerResult> => {
    const promptChars = system.length + messageChars(messages);
    // Recorded before the call: a process killed mid-answer leaves on the row what it had spent.
    await recordRunTokens(s.deps.db, s.input.runId, {
      tokensIn: s.tally.tokensIn + estimateTokensOf(promptChars),
      tokensInCached: s.tally.tokensInCached,
      tokensOut: s.tally.tokensOut,
    });
    const streamedBefore = s.rec.streamedChars;
    const tools = session ? toolTurn({ s, work, session, seesImages }) : null;
    const a = await runAnswer({
      model: s.input.model.model,
      system,
      messages,
      signal: s.signal,
      maxRetries: s.deps.maxRetries ?? 2,
      call: { staff: s.input.staff },
      work,
      rec: s.rec,
      allowContinue: true,
      round,
      ...(tools ? { tools } : {}),
    }).catch((err: unknown) => {
      s.tally.addUnfinished(promptChars, s.rec.streamedChars - streamedBefore);
      throw err;
    });
    s.tally.addAnswer(a, promptChars);
    messages.push({ role: 'assistant', content: a.text || '(empty answer)' });
    if (session) asked = settleToolUse(session, work.hasChanges(), s.rec);
    return a;
  };
  const ask = async (round: number, request: string) => {
    messages.push({ role: 'user', content: request });
    return answer(round);
  };
  return { answer, ask, asked: () => asked };
}

type Conversation = ReturnType<typeof conversation>;

/** The first answer; files it wrote with a placeholder are asked for once more, in full. Returns the issues left. */
async function firstAnswer(s: RunScope, talk: Conversation): Promise<CheckIssue[]> {
  const first = await talk.answer(0);
  if (!first.placeholders.length || talk.asked()) return first.issues;
  s.rec.emit('fix.started', { round: 0, reason: 'placeholder', issues: first.placeholders.map((p) => placeholderIssue(p, 'Not applied: contains')) });
  const again = await talk.ask(0, placeholderPrompt(first.placeholders));
  return [...first.issues, ...again.issues, ...again.placeholders.map((p) => placeholderIssue(p, 'Not applied: still contains'))];
}

/**
 * The model's answer, then fixers and checks after it and after each of up to `fixBudget` fix
 * requests while issues remain. A prose-only answer (a question, an honest "cannot") changes
 * nothing and is not checked.
 */
export async function runFixLoop(s: RunScope, ctx: BuiltContext, work: WorkingCopy): Promise<FixLoopResult> {
  const { input, signal, rec, tally } = s;
  const talk = conversation(s, ctx, work);
  // A runtime-fix run is itself a fix round of the run whose preview failed.
  const firstRound = input.runtimeIssues ? 1 : 0;
  tally.fixRounds = firstRound;
  if (input.runtimeIssues) rec.emit('fix.started', { round: 1, reason: input.kind === 'security-fix' ? 'security' : 'runtime', issues: input.runtimeIssues });
  let pending = await firstAnswer(s, talk);
  let result: FixLoopResult = { versionId: newId(), issues: [], buildOk: true, screenshot: null, reportLast: null };
  const asked = talk.asked();
  if (asked) return { ...result, asked };
  for (let round = 0; work.hasChanges() || pending.length > 0; round++) {
    if (signal.aborted) throw signal.reason;
    const { versionId, check, report, screenshot, render } = await checkRound(s, work, round, pending);
    result = { versionId, issues: check.issues, buildOk: check.buildOk, screenshot, reportLast: null, behaviour: render.behaviour ?? null };
    if (check.ok || round >= input.fixBudget || signal.aborted) return { ...result, reportLast: async () => void (await report()) };
    const typeErrors = await report();
    tally.fixRounds = firstRound + round + 1;
    rec.emit('fix.started', { round: tally.fixRounds, reason: 'errors', issues: check.issues });
    // Type errors alone never start a fix round (above); one that happens anyway carries them along.
    const last = await talk.ask(tally.fixRounds, fixPrompt(check.issues, work.files, typeErrors));
    const question = talk.asked();
    if (question) return { ...result, asked: question };
    pending = [...last.issues, ...last.placeholders.map((p) => placeholderIssue(p, 'Not applied: contains'))];
  }
  return result;
}
