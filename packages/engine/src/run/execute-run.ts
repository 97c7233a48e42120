import type { ModelMessage } from 'ai';
import { commitRunVersion, finishRun, insertMessage, newId } from '@sprout/db';
import { applyFixers, startChecks, type StartedChecks } from '../checks/run-checks';
import type { CheckIssue } from '../checks/types';
import { estimateTokensOf } from '../context/tokens';
import { describeProviderError, isProviderError } from '../provider-errors';
import { ForbiddenAnswerError, runAnswer, type AnswerResult } from './answer';
import { RunEventRecorder } from './event-recorder';
import type { RunTotals } from './events';
import { TurnAbortedError } from './model-turn';
import { fixPrompt, placeholderPrompt } from './prompts';
import { loadFiles, loadRunContext } from './run-context';
import { failRun, INTERRUPTED_FAILURE, RunAbort, stopRun, type Failure } from './run-outcome';
import { DEFAULT_RUNTIME_ERROR_WINDOW_MS, type EngineDeps, type RunInput } from './run-types';
import { WorkingCopy } from './working-copy';

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
 * One run, start to end: context → model stream → parse and apply as it arrives → fixers →
 * checks → up to `fixBudget` fix rounds → one new version → preview → terminal event. Never throws:
 * every outcome ends the run in the database and with a terminal event.
 */
export async function executeRun(deps: EngineDeps, input: RunInput, signal: AbortSignal): Promise<void> {
  const { db } = deps;
  const started = Date.now();
  const rec = new RunEventRecorder(db, deps.hub, input.runId, (err) => deps.log?.warn({ err, runId: input.runId }, 'storing run events failed'));
  const usage = { in: 0, out: 0, fixRounds: 0 };
  const prose: string[] = [];
  const totals = (): RunTotals => ({ model: input.model.id, tokensIn: usage.in, tokensOut: usage.out, fixRounds: usage.fixRounds, durationMs: Date.now() - started });
  const run = { id: input.runId, sproutId: input.sproutId, kind: input.kind };

  rec.emit('run.started', { runId: input.runId, sproutId: input.sproutId, kind: input.kind, model: input.model.id, baseVersionId: input.baseVersionId, messageId: input.messageId });
  try {
    const base = await loadFiles(db, input.baseVersionId);
    const ctx = await loadRunContext(db, input, base, deps.packages);
    const work = new WorkingCopy(base);
    const conversation: ModelMessage[] = [...ctx.messages];
    let summary: string | null = null;

    const answer = async (round: number): Promise<AnswerResult> => {
      const a = await runAnswer({
        model: input.model.model,
        system: ctx.system,
        messages: conversation,
        signal,
        maxRetries: deps.maxRetries ?? 2,
        work,
        rec,
        allowContinue: true,
        round,
      });
      usage.in += a.inputTokens ?? estimateTokensOf(ctx.system.length + messageChars(conversation));
      usage.out += a.outputTokens ?? estimateTokensOf(a.text.length);
      conversation.push({ role: 'assistant', content: a.text || '(empty answer)' });
      if (a.prose.trim()) prose.push(a.prose.trim());
      summary = a.summary ?? summary;
      return a;
    };

    const ask = async (round: number, request: string) => {
      conversation.push({ role: 'user', content: request });
      return answer(round);
    };

    // A runtime-fix run is itself a fix round of the run whose preview failed.
    const firstRound = input.runtimeIssues ? 1 : 0;
    usage.fixRounds = firstRound;
    if (input.runtimeIssues) rec.emit('fix.started', { round: 1, reason: 'runtime', issues: input.runtimeIssues });
    let last = await answer(0);
    let pending = last.issues;
    if (last.placeholders.length) {
      rec.emit('fix.started', { round: 0, reason: 'placeholder', issues: last.placeholders.map((p) => placeholderIssue(p, 'Not applied: contains')) });
      last = await ask(0, placeholderPrompt(last.placeholders));
      pending = [...pending, ...last.issues, ...last.placeholders.map((p) => placeholderIssue(p, 'Not applied: still contains'))];
    }

    let candidate = newId();
    let remaining: CheckIssue[] = [];
    let buildOk = true;
    // The last round's check.result waits for its type check; the version does not (see below).
    let lastCheck: (() => Promise<void>) | null = null;
    // A prose-only answer (a question, an honest "cannot") changes nothing and needs no checks.
    for (let round = 0; work.hasChanges() || pending.length > 0; round++) {
      if (signal.aborted) throw signal.reason;
      const fixed = applyFixers(work.files, work.changed, input.images);
      candidate = newId();
      const check: StartedChecks = await startChecks(work.files, work.changed, {
        build: (files) => deps.build(input.sproutId, candidate, files),
        allowed: deps.packages,
        extra: [...pending, ...fixed.issues],
        typeCheck: deps.typeCheck === false ? undefined : { ...deps.typeCheck, signal },
      });
      const report = async () => {
        const { errors: typeErrors, ...typeCheck } = await check.typeCheck;
        rec.emit('check.result', { round, ok: check.ok, issues: check.issues, fixes: fixed.fixes, durationMs: check.durationMs, typeErrors, typeCheck });
        return typeErrors;
      };
      remaining = check.issues;
      buildOk = check.buildOk;
      if (check.ok || round >= input.fixBudget || signal.aborted) {
        lastCheck = async () => void (await report());
        break;
      }
      const typeErrors = await report();
      usage.fixRounds = firstRound + round + 1;
      rec.emit('fix.started', { round: usage.fixRounds, reason: 'errors', issues: check.issues });
      // Type errors alone never start a fix round (above); one that happens anyway carries them along.
      last = await ask(usage.fixRounds, fixPrompt(check.issues, work.files, typeErrors));
      pending = [...last.issues, ...last.placeholders.map((p) => placeholderIssue(p, 'Not applied: contains'))];
    }
    if (signal.aborted) throw signal.reason;

    if (!work.hasChanges()) {
      await lastCheck?.();
      await commitNothing(deps, input, totals(), summary, prose);
      rec.emit('run.finished', { ...totals(), versionId: null, summary, remainingIssues: remaining.length });
      return;
    }
    const files = [...work.files].map(([path, content]) => ({ path, content }));
    const fallback = input.kind === 'runtime-fix' ? 'Fixed errors the preview reported' : `Updated ${work.changed.size} file${work.changed.size === 1 ? '' : 's'}`;
    const finalSummary = summary ?? fallback;
    const t = totals();
    const commit = await commitRunVersion(db, {
      runId: input.runId,
      sproutId: input.sproutId,
      baseVersionId: input.baseVersionId,
      versionId: candidate,
      files,
      summary: finalSummary,
      tokensIn: t.tokensIn,
      tokensOut: t.tokensOut,
      fixRounds: t.fixRounds,
    });
    if (!commit.ok) {
      if (commit.reason === 'run_ended') throw new RunAbort('stop');
      throw Object.assign(new Error('version conflict'), { failure: { code: 'version_conflict', message: 'The project was changed while this reply was written, so its changes were not applied. Send the message again.' } });
    }
    await insertMessage(db, { sproutId: input.sproutId, userId: null, role: 'assistant', content: prose.join('\n\n'), runId: input.runId });
    rec.emit('version.created', { versionId: commit.version.id, number: commit.version.number, summary: finalSummary });
    const windowMs = deps.runtimeErrorWindowMs ?? DEFAULT_RUNTIME_ERROR_WINDOW_MS;
    rec.emit('preview.ready', { versionId: commit.version.id, ok: buildOk, errors: remaining.filter((i) => i.source === 'build'), acceptRuntimeErrorsUntil: new Date(Date.now() + windowMs).toISOString() });
    // The version is in the preview before its advisory type check ends (~0.6 s of compiler against
    // ~50 ms of build): its result follows as the last round's check.result, before run.finished.
    await lastCheck?.();
    rec.emit('run.finished', { ...totals(), versionId: commit.version.id, summary: finalSummary, remainingIssues: remaining.length });
  } catch (err) {
    await endWithError(deps, input, rec, run, err, signal, totals(), prose.join('\n\n'));
  } finally {
    await rec.close().catch((err: unknown) => deps.log?.error({ err, runId: input.runId }, 'run events could not be stored'));
  }
}

/** A run that changed nothing (a question, an honest "cannot do that"): it succeeds without a version. */
async function commitNothing(deps: EngineDeps, input: RunInput, t: RunTotals, summary: string | null, prose: string[]): Promise<void> {
  await finishRun(deps.db, input.runId, { status: 'succeeded', summary, tokensIn: t.tokensIn, tokensOut: t.tokensOut, fixRounds: t.fixRounds });
  await insertMessage(deps.db, { sproutId: input.sproutId, userId: null, role: 'assistant', content: prose.join('\n\n'), runId: input.runId });
}

async function endWithError(deps: EngineDeps, input: RunInput, rec: RunEventRecorder, run: { id: string; sproutId: string; kind: string }, err: unknown, signal: AbortSignal, t: RunTotals, prose: string): Promise<void> {
  try {
    const reason = signal.reason instanceof RunAbort ? signal.reason.reason : err instanceof RunAbort ? err.reason : null;
    if (reason === 'stop') return await stopRun(deps.db, rec, run, t, prose);
    // Another instance ended it (taken for orphaned during a long database outage): it wrote the end.
    if (reason === 'lost') return;
    let failure: Failure;
    if (reason === 'timeout') failure = { code: 'timeout', message: 'The reply took too long and was stopped. Your project was not changed; try a smaller request.' };
    else if (reason === 'shutdown') failure = INTERRUPTED_FAILURE;
    else if (err instanceof ForbiddenAnswerError) failure = { code: 'forbidden_path', message: err.message };
    else if ((err as { failure?: Failure }).failure) failure = (err as { failure: Failure }).failure;
    else if (err instanceof TurnAbortedError) failure = { code: 'interrupted', message: 'The reply was interrupted. Your project was not changed.' };
    else if (isProviderError(err)) failure = describeProviderError(err, input.model.id);
    else {
      deps.log?.error({ err, runId: input.runId }, 'run failed');
      failure = { code: 'internal_error', message: 'Something went wrong while writing this reply. Your project was not changed; please try again.' };
    }
    await failRun(deps.db, rec, run, failure, t, prose);
  } catch (inner) {
    deps.log?.error({ err: inner, runId: input.runId }, 'could not end the run');
  }
}
