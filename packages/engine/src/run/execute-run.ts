import { WorkingCopy } from '../apply/working-copy';
import { commitRun } from './commit-run';
import { RunEventRecorder } from './event-recorder';
import { observeRun } from './run-metrics';
import { runFixLoop, type RunScope } from './fix-loop';
import { finishWithQuestion } from './question-end';
import { loadFiles, loadRunContext } from './run-context';
import { runEnding } from './run-failure';
import { isProviderError } from '../models/provider-errors';
import { withinFailedAnswerAllowance } from './failed-answer';
import { failRun, stopRun } from './run-outcome';
import { RunTally } from './run-tally';
import { runPlan } from '../plan/plan-run';
import type { EngineDeps, RunInput } from './run-types';

/**
 * One run, start to end: context → model stream → parse and apply as it arrives → fixers →
 * checks → up to `fixBudget` fix rounds (fix-loop.ts) → one new version → preview → terminal event
 * (commit-run.ts). Never throws: every outcome ends the run in the database and with a terminal event.
 */
export async function executeRun(deps: EngineDeps, input: RunInput, signal: AbortSignal): Promise<void> {
  const tally = new RunTally(input.model.id);
  const observe = deps.metrics && observeRun(deps.metrics, { kind: input.kind, model: input.model.id }, deps.log);
  const rec = new RunEventRecorder(deps.db, deps.hub, input.runId, (err) => deps.log?.warn({ err, runId: input.runId }, 'storing run events failed'), observe);
  const s: RunScope = { deps, input, signal, rec, tally };
  rec.emit('run.started', {
    runId: input.runId,
    sproutId: input.sproutId,
    kind: input.kind,
    model: input.model.id,
    baseVersionId: input.baseVersionId,
    messageId: input.messageId,
  });
  try {
    const base = await loadFiles(deps.db, input.baseVersionId);
    const ctx = await loadRunContext(deps.db, input, base, deps.packages);
    if (input.kind === 'plan') return await runPlan(s, ctx);
    const work = new WorkingCopy(base);
    const loop = await runFixLoop(s, ctx, work);
    if (signal.aborted) throw signal.reason;
    if (loop.asked) return await finishWithQuestion(s, work, loop.asked);
    await commitRun(s, work, loop);
  } catch (err) {
    await endWithError(s, err);
  } finally {
    await rec.close().catch((err: unknown) => deps.log?.error({ err, runId: input.runId }, 'run events could not be stored'));
  }
}

/** Ends a run that threw: stopped, left to the instance that took it over, or failed (files untouched). */
async function endWithError(s: RunScope, err: unknown): Promise<void> {
  const { deps, input, rec, tally } = s;
  const totals = tally.totals();
  const run = { id: input.runId, sproutId: input.sproutId, kind: input.kind };
  try {
    const ending = runEnding(err, s.signal, input.model, (cause) => deps.log?.error({ err: cause, runId: input.runId }, 'run failed'));
    // What the person is not told (the provider's address and its own words) is the operator's to read.
    if (isProviderError(err)) deps.log?.warn({ err, runId: input.runId, model: input.model.id }, 'the model provider failed');
    if (ending === 'stop') return await stopRun(deps.db, rec, run, totals, tally.text);
    // Another instance ended it (taken for orphaned during a long database outage): it wrote the end.
    if (ending === 'lost') return;
    const failure = input.kind === 'message' ? await withinFailedAnswerAllowance(deps.db, input.userId, ending, deps.freeFailedAnswersPerDay) : ending;
    await failRun(deps.db, rec, run, failure, totals, tally.text);
  } catch (inner) {
    deps.log?.error({ err: inner, runId: input.runId }, 'could not end the run');
  }
}
