import {
  getRun,
  getSproutById,
  lastRunEventOfType,
  listChildRuns,
  refundedRunIds,
  runtimeErrorFingerprint,
  seenRuntimeErrorFingerprints,
  startFreeRun,
  type RunRow,
  type UserWithTier,
} from '@sprout/db';
import { DEFAULT_RUNTIME_ERROR_WINDOW_MS, findCatalogModel, MAX_FIX_ROUNDS, runtimeErrorsPrompt, type CheckIssue } from '@sprout/engine';
import type { Services } from '../services';
import type { Run } from '@sprout/core/contract';
import { AppError } from '../errors';
import { toRunDto } from './dto';
import { flagsFor, isDeveloper } from '../flags/run-flags';
import { modelFor } from '../engine/run-model';
import { queuedStart } from '../jobs/run-queue';

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
const NOT_SEEN = 'None of these errors happened in this version’s preview, so no repair was started.';
const DAILY_LIMIT = (n: number) => `Automatic repairs are limited to ${n} a day; send a message to fix it.`;

/**
 * Of the reported errors, those that happened in the version: the preview page's bridge reported them
 * to the preview host (previews/runtime-reports.ts), or the server's render check of the version
 * found them (the run's last check). The rest are made up, or from another version, and dropped.
 */
async function errorsThatHappened(s: Services, run: RunRow, versionId: string, errors: RuntimeErrorInput[], now: number): Promise<RuntimeErrorInput[]> {
  const fingerprints = errors.map((e) => runtimeErrorFingerprint(e.message));
  const [seen, check] = await Promise.all([
    seenRuntimeErrorFingerprints(s.db, versionId, fingerprints, new Date(now)),
    lastRunEventOfType(s.db, run.id, 'check.result'),
  ]);
  const issues = ((check?.data as { issues?: CheckIssue[] } | undefined)?.issues ?? []).filter((i) => i.source === 'render');
  for (const issue of issues) seen.add(runtimeErrorFingerprint(issue.message));
  return errors.filter((_, i) => seen.has(fingerprints[i]!));
}

/**
 * Runtime errors the preview reported for the version a run made. Within the window after
 * preview.ready, and while the run has fix rounds left, a free runtime-fix run repairs those of them
 * that happened in that version (`runtime_errors_not_seen` when none did). Anything else is
 * acknowledged without a run (the reason says why).
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
  // A free model run only for errors that really happened: text anyone could post starts nothing.
  const happened = await errorsThatHappened(s, run, run.resultVersionId, errors, now);
  if (happened.length === 0) throw new AppError(422, 'runtime_errors_not_seen', NOT_SEEN);

  const flags = await flagsFor(s, user);
  // The run's own model repairs its work, while the operator still offers it.
  const offered = run.model !== null && findCatalogModel(s.config.models.catalog, run.model) !== null;
  const model = modelFor(s, { ...flags, aiModelOverride: offered ? run.model : flags.aiModelOverride });
  const issues: CheckIssue[] = happened.map((e) => ({ source: 'runtime', file: e.source ?? null, line: e.line ?? null, column: null, message: e.message }));
  const start = queuedStart(s.runQueue, async (_tx, child) => ({
    runId: child.id,
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
  }));
  const started = await startFreeRun(
    s.db,
    { sproutId: run.sproutId, userId: user.id, parentRunId: run.id, model: model.id, baseVersionId: run.resultVersionId },
    s.config.runtimeFixRunsPerDay,
    start.within,
  );
  if (!started.ok)
    return no(started.reason === 'daily_limit' ? DAILY_LIMIT(s.config.runtimeFixRunsPerDay) : 'Another reply is being written for this project.');
  start.committed();
  return { started: true, runId: started.run.id, reason: null };
}
