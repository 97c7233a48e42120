import { getRun, getSproutById, listChildRuns, refundedRunIds, startFreeRun, type RunRow, type UserWithTier } from '@sprout/db';
import { DEFAULT_RUNTIME_ERROR_WINDOW_MS, findCatalogModel, MAX_FIX_ROUNDS, runtimeErrorsPrompt, type CheckIssue } from '@sprout/engine';
import type { Services } from '../services';
import type { Run } from '@sprout/core/contract';
import { toRunDto } from './dto';
import { flagsFor, isDeveloper, modelFor } from './run-options';

/** A run as the API answers it, with whether its message was given back. */
export async function runDto(s: Services, run: RunRow): Promise<Run> {
  return toRunDto(run, (await refundedRunIds(s.db, [run.id])).has(run.id));
}

/** Stops a run and answers once it has ended, so the reply shows its final state. */
export async function stopRun(s: Services, run: RunRow): Promise<Run> {
  if (run.status !== 'running') return runDto(s, run);
  await s.engine.runs.stop(run);
  await s.engine.runs.settled(run.id);
  return runDto(s, (await getRun(s.db, run.id)) ?? run);
}

export interface RuntimeErrorInput {
  message: string;
  source?: string;
  line?: number;
}

export type RuntimeFixAnswer = { started: true; runId: string; reason: null } | { started: false; runId: null; reason: string };

const no = (reason: string): RuntimeFixAnswer => ({ started: false, runId: null, reason });
const NOT_FROM_PREVIEW = 'These errors did not come from this version’s preview, so no repair was started.';
const DAILY_LIMIT = (n: number) => `Automatic repairs are limited to ${n} a day; send a message to fix it.`;

/**
 * Runtime errors the preview reported for the version a run made. Within the window after
 * preview.ready, and while the run has fix rounds left, a free runtime-fix run repairs them.
 * Anything else is acknowledged without a run (the reason says why).
 */
export async function reportRuntimeErrors(
  s: Services,
  user: UserWithTier,
  run: RunRow,
  report: { errors: RuntimeErrorInput[]; load: string },
  now = Date.now(),
): Promise<RuntimeFixAnswer> {
  const { errors } = report;
  if (run.status !== 'succeeded' || !run.resultVersionId || !run.finishedAt) return no('The run did not produce a version to fix.');
  // Only a page the preview host served for this version, to this person, tags its reports.
  const load = await s.previewTokens.verify(report.load, 'load', run.sproutId);
  if (!load || load.userId !== user.id || load.versionId !== run.resultVersionId) return no(NOT_FROM_PREVIEW);
  if (now - run.finishedAt.getTime() > DEFAULT_RUNTIME_ERROR_WINDOW_MS)
    return no('Runtime errors are only fixed automatically in the first 30 seconds after the preview is ready.');
  const budget = MAX_FIX_ROUNDS - run.fixRounds;
  if (budget <= 0) return no('This run has used all of its automatic fix rounds.');
  const sprout = await getSproutById(s.db, run.sproutId);
  if (!sprout || sprout.currentVersionId !== run.resultVersionId) return no('The project has changed since; send a message to fix it.');
  if ((await listChildRuns(s.db, run.id)).length > 0) return no('These errors are already being fixed.');

  const flags = await flagsFor(s, user);
  // The run's own model repairs its work, while the operator still offers it.
  const offered = run.model !== null && findCatalogModel(s.config.models.catalog, run.model) !== null;
  const model = modelFor(s, { ...flags, aiModelOverride: offered ? run.model : flags.aiModelOverride });
  const started = await startFreeRun(
    s.db,
    { sproutId: run.sproutId, userId: user.id, parentRunId: run.id, model: model.id, baseVersionId: run.resultVersionId },
    s.config.runtimeFixRunsPerDay,
  );
  if (!started.ok)
    return no(started.reason === 'daily_limit' ? DAILY_LIMIT(s.config.runtimeFixRunsPerDay) : 'Another reply is being written for this project.');
  const issues: CheckIssue[] = errors.map((e) => ({ source: 'runtime', file: e.source ?? null, line: e.line ?? null, column: null, message: e.message }));
  s.engine.runs.start({
    runId: started.run.id,
    sproutId: run.sproutId,
    userId: user.id,
    kind: 'runtime-fix',
    staff: isDeveloper(user),
    messageId: null,
    request: runtimeErrorsPrompt(issues),
    model,
    partialEdits: flags.enablePartialFileReplacement,
    condensed: flags.enableCondensedContext,
    baseVersionId: run.resultVersionId,
    images: [],
    fixBudget: budget - 1,
    runtimeIssues: issues,
  });
  return { started: true, runId: started.run.id, reason: null };
}
