import type { ModelMessage } from 'ai';
import { DATA_RULES_PATH } from '@sprout/core';
import { newId, recordRunTokens } from '@sprout/db';
import type { WorkingCopy } from '../apply/working-copy';
import type { CheckIssue } from '../checks/issues';
import { checkFileIssues, renderVerdict, skippedRender, type RenderVerdict } from '../checks/render-check';
import { securityIssues } from '../checks/security-issues';
import { startChecks } from '../checks/start-checks';
import type { BuiltContext } from '../context/build-context';
import { estimateTokensOf } from '../context/tokens';
import { applyFixers } from '../fixers/apply-fixers';
import { runAnswer, type AnswerResult } from './answer';
import { candidateManifest } from './candidate-manifest';
import type { RunEventRecorder } from './event-recorder';
import { fixPrompt, placeholderPrompt } from './prompts';
import type { RunTally } from './run-tally';
import type { EngineDeps, RunInput } from './run-types';

/** What the steps of one run share. */
export interface RunScope {
  deps: EngineDeps;
  input: RunInput;
  signal: AbortSignal;
  rec: RunEventRecorder;
  tally: RunTally;
}

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

/** The run's conversation with the model: every answer is applied to the working copy as it streams. */
function conversation(s: RunScope, ctx: BuiltContext, work: WorkingCopy) {
  const messages: ModelMessage[] = [...ctx.messages];
  const answer = async (round: number): Promise<AnswerResult> => {
    const promptChars = ctx.system.length + messageChars(messages);
    // Recorded before the call: a process killed mid-answer leaves on the row what it had spent.
    await recordRunTokens(s.deps.db, s.input.runId, {
      tokensIn: s.tally.tokensIn + estimateTokensOf(promptChars),
      tokensInCached: s.tally.tokensInCached,
      tokensOut: s.tally.tokensOut,
    });
    const streamedBefore = s.rec.streamedChars;
    const a = await runAnswer({
      model: s.input.model.model,
      system: ctx.system,
      messages,
      signal: s.signal,
      maxRetries: s.deps.maxRetries ?? 2,
      call: { staff: s.input.staff },
      work,
      rec: s.rec,
      allowContinue: true,
      round,
    }).catch((err: unknown) => {
      s.tally.addUnfinished(promptChars, s.rec.streamedChars - streamedBefore);
      throw err;
    });
    s.tally.addAnswer(a, promptChars);
    messages.push({ role: 'assistant', content: a.text || '(empty answer)' });
    return a;
  };
  const ask = async (round: number, request: string) => {
    messages.push({ role: 'user', content: request });
    return answer(round);
  };
  return { answer, ask };
}

type Conversation = ReturnType<typeof conversation>;

/** The first answer; files it wrote with a placeholder are asked for once more, in full. Returns the issues left. */
async function firstAnswer(s: RunScope, talk: Conversation): Promise<CheckIssue[]> {
  const first = await talk.answer(0);
  if (!first.placeholders.length) return first.issues;
  s.rec.emit('fix.started', { round: 0, reason: 'placeholder', issues: first.placeholders.map((p) => placeholderIssue(p, 'Not applied: contains')) });
  const again = await talk.ask(0, placeholderPrompt(first.placeholders));
  return [...first.issues, ...again.issues, ...again.placeholders.map((p) => placeholderIssue(p, 'Not applied: still contains'))];
}

/** The candidate as a person would first see it, then its behaviour checks: only a build that succeeded is loaded. */
async function renderRound(s: RunScope, work: WorkingCopy, versionId: string, buildOk: boolean): Promise<RenderVerdict> {
  const check = s.deps.renderCheck;
  const { checks, issues } = checkFileIssues(work.files);
  if (!check) return skippedRender('The server does not check how versions render.', issues);
  if (!buildOk) return skippedRender('The build failed, so there was nothing to load.', issues);
  const dataRules = work.files.get(DATA_RULES_PATH) ?? null;
  const verdict = await renderVerdict(check, { sproutId: s.input.sproutId, ownerId: s.input.userId, versionId, checks, dataRules, signal: s.signal });
  return { ...verdict, issues: [...issues, ...verdict.issues] };
}

/** The fixers, then the checks of the working copy (the build cached under a fresh version id, then its render). */
async function checkRound(s: RunScope, work: WorkingCopy, round: number, pending: CheckIssue[]) {
  const fixed = applyFixers(work.files, work.changed, s.input.images, s.deps.packages);
  const versionId = newId();
  const started = await startChecks(work.files, work.changed, {
    build: async (files) => {
      const built = await s.deps.build(s.input.sproutId, versionId, files);
      // Before the render check: the person sees the candidate while the server checks it.
      if (built.ok) s.rec.emit('preview.candidate', { versionId, round, ...candidateManifest(built.manifest) });
      return built;
    },
    allowed: s.deps.packages,
    buildFunction: s.deps.buildFunction,
    // A security-fix run is done when the security check finds nothing critical left: what stands is a problem to fix.
    extra: [...pending, ...fixed.issues, ...(s.input.kind === 'security-fix' ? securityIssues(work.files) : [])],
    undeclared: fixed.undeclared,
    request: s.input.request,
    // The candidate's ids let a host that checks types elsewhere find the files its build stores.
    typeCheck: s.deps.typeCheck === false ? undefined : { ...s.deps.typeCheck, signal: s.signal, candidate: { sproutId: s.input.sproutId, versionId } },
    typeChecker: s.deps.typeChecker,
  });
  const render = await renderRound(s, work, versionId, started.buildOk);
  const issues = [...started.issues, ...render.issues];
  const check = { ...started, issues, ok: started.ok && render.issues.length === 0 };
  const report = async () => {
    const { errors: typeErrors, missingNames: _names, ...typeCheck } = await check.typeCheck;
    s.rec.emit('check.result', {
      round,
      ok: check.ok,
      issues,
      fixes: fixed.fixes,
      durationMs: check.durationMs,
      typeErrors,
      typeCheck,
      render: render.summary,
      ...(render.behaviour ? { behaviour: render.behaviour } : {}),
    });
    return typeErrors;
  };
  return { versionId, check, report, screenshot: render.screenshot };
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
  for (let round = 0; work.hasChanges() || pending.length > 0; round++) {
    if (signal.aborted) throw signal.reason;
    const { versionId, check, report, screenshot } = await checkRound(s, work, round, pending);
    result = { versionId, issues: check.issues, buildOk: check.buildOk, screenshot, reportLast: null };
    if (check.ok || round >= input.fixBudget || signal.aborted) return { ...result, reportLast: async () => void (await report()) };
    const typeErrors = await report();
    tally.fixRounds = firstRound + round + 1;
    rec.emit('fix.started', { round: tally.fixRounds, reason: 'errors', issues: check.issues });
    // Type errors alone never start a fix round (above); one that happens anyway carries them along.
    const last = await talk.ask(tally.fixRounds, fixPrompt(check.issues, work.files, typeErrors));
    pending = [...last.issues, ...last.placeholders.map((p) => placeholderIssue(p, 'Not applied: contains'))];
  }
  return result;
}
