import { FREE_NO_CHANGE_RUNS_PER_DAY, isRefundableNoChange } from '@sprout/core';
import {
  commitRunVersion,
  countNoChangeRefundsSince,
  finishRun,
  insertMessage,
  listSecretInfo,
  putScreenshot,
  refundMessageForRun,
  saveRunAttempt,
} from '@sprout/db';
import type { WorkingCopy } from '../apply/working-copy';
import { attemptFailure, breaksApp } from './attempt-failure';
import type { FixLoopResult, RunScope } from './fix-loop';
import { RunAbort, RunFailure, VERSION_CONFLICT_FAILURE } from './run-failure';
import { DEFAULT_RUNTIME_ERROR_WINDOW_MS } from './run-types';
import { missingSecretsSentence, secretsReadBy } from './missing-secrets';
import { sharingLine, withSharingLine } from './sharing-line';
import { reportPlanChecklist } from '../plan/plan-checklist';

/**
 * A run that changed nothing (a question, an honest "cannot do that"): it succeeds without a
 * version, and a short answer in plain words is not charged (core's isRefundableNoChange), up to
 * the day's bound of such free answers.
 */
async function finishWithoutVersion(s: RunScope, loop: FixLoopResult): Promise<void> {
  const { deps, input, rec, tally } = s;
  await loop.reportLast?.();
  const t = tally.totals();
  await finishRun(deps.db, input.runId, {
    status: 'succeeded',
    summary: tally.summary,
    tokensIn: t.tokensIn,
    tokensInCached: t.tokensInCached,
    tokensOut: t.tokensOut,
    fixRounds: t.fixRounds,
  });
  await insertMessage(deps.db, { sproutId: input.sproutId, userId: null, role: 'assistant', content: tally.text, runId: input.runId });
  const refunded = input.kind === 'message' && (await mayRefundNoChange(s)) ? await refundMessageForRun(deps.db, input.runId) : false;
  await reportPlanChecklist(s, loop, false);
  rec.emit('run.finished', { ...tally.totals(), versionId: null, summary: tally.summary, remainingIssues: loop.issues.length, refunded });
}

/** Whether a run that changed nothing is given back: a short answer in plain words, within the day's bound of such answers. */
export async function mayRefundNoChange(s: RunScope): Promise<boolean> {
  if (!isRefundableNoChange(s.tally.text)) return false;
  const bound = s.deps.freeNoChangeRunsPerDay ?? FREE_NO_CHANGE_RUNS_PER_DAY;
  const since = new Date(Date.now() - 24 * 3600_000);
  return (await countNoChangeRefundsSince(s.deps.db, s.input.userId, since)) < bound;
}

/**
 * All changes of the run become ONE version, created and the run ended in one transaction: refused
 * when the project moved on (a failure) or the run was stopped meanwhile. Then version.created,
 * preview.ready, the last round's check.result once its type check ends, and run.finished.
 */
export async function commitRun(s: RunScope, work: WorkingCopy, loop: FixLoopResult): Promise<void> {
  if (!work.hasChanges()) return finishWithoutVersion(s, loop);
  const { deps, input, rec, tally } = s;
  const files = [...work.files].map(([path, content]) => ({ path, content }));
  const fallback =
    input.kind === 'runtime-fix'
      ? 'Fixed errors the preview reported'
      : input.kind === 'security-fix'
        ? 'Fixed security findings'
        : `Updated ${work.changed.size} file${work.changed.size === 1 ? '' : 's'}`;
  const summary = tally.summary ?? fallback;
  const t = tally.totals();
  if (breaksApp(loop.buildOk, loop.issues)) return keepBrokenAttempt(s, loop, files, summary);
  // Kept before the version commits: whoever sees the run succeed (the project list, History) finds
  // its picture. A commit refused afterwards leaves a picture no version names, gone with the project.
  if (loop.screenshot) await keepScreenshot(s, loop.versionId, loop.screenshot);
  const commit = await commitRunVersion(deps.db, {
    runId: input.runId,
    sproutId: input.sproutId,
    baseVersionId: input.baseVersionId,
    versionId: loop.versionId,
    files,
    summary,
    tokensIn: t.tokensIn,
    tokensInCached: t.tokensInCached,
    tokensOut: t.tokensOut,
    fixRounds: t.fixRounds,
  });
  if (!commit.ok) throw commit.reason === 'run_ended' ? new RunAbort('stop') : new RunFailure(VERSION_CONFLICT_FAILURE);
  // Who sees what opens the reply, from the rules just committed (never left to the model's memory).
  const sharing = sharingLine(work.before, work.files);
  const missing = await missingSecrets(s, work);
  const reply = withSharingLine(tally.text, sharing);
  await insertMessage(deps.db, {
    sproutId: input.sproutId,
    userId: null,
    role: 'assistant',
    content: missing?.ask ? `${reply.trimEnd()}\n\n${missing.sentence}` : reply,
    runId: input.runId,
  });
  rec.emit('version.created', { versionId: commit.version.id, number: commit.version.number, summary, ...(sharing ? { sharing } : {}) });
  const windowMs = deps.runtimeErrorWindowMs ?? DEFAULT_RUNTIME_ERROR_WINDOW_MS;
  rec.emit('preview.ready', {
    versionId: commit.version.id,
    ok: loop.buildOk,
    errors: loop.issues.filter((i) => i.source === 'build'),
    acceptRuntimeErrorsUntil: new Date(Date.now() + windowMs).toISOString(),
  });
  // The version is in the preview before its advisory type check ends (~0.6 s of compiler against
  // ~50 ms of build): its result follows as the last round's check.result, before run.finished.
  await loop.reportLast?.();
  // An app built in place of the one asked for (the offline builder's, said in its first sentence)
  // is not what the person paid a message for.
  const refunded = input.kind === 'message' && tally.substituted ? await refundMessageForRun(deps.db, input.runId) : false;
  await reportPlanChecklist(s, loop, true);
  rec.emit('run.finished', {
    ...tally.totals(),
    versionId: commit.version.id,
    summary,
    remainingIssues: loop.issues.length,
    ...(refunded ? { refunded } : {}),
    ...(missing ? { missingSecrets: missing.names, ...(missing.ask ? { missingSecretsText: missing.sentence } : {}) } : {}),
  });
}

/**
 * The secrets the run's functions read that the preview has no value for: the reply asks for them
 * (never a guessed value), in its own words when it already names each (`ask`: false), else in ours.
 */
async function missingSecrets(s: RunScope, work: WorkingCopy): Promise<{ names: string[]; sentence: string; ask: boolean } | null> {
  if (!s.deps.buildFunction) return null;
  const needed = await secretsReadBy(work.files, work.changed, s.deps.buildFunction);
  if (needed.size === 0) return null;
  const set = await listSecretInfo(s.deps.db, { sproutId: s.input.sproutId, dataset: 'test' });
  const missing = missingSecretsSentence(needed, new Set(set.map((x) => x.name)));
  return missing && { ...missing, ask: !missing.names.every((name) => s.tally.text.includes(name)) };
}

/**
 * A run whose fix rounds ended with the app still broken never replaces the working version
 * (docs/architecture.md#verified-versions-and-kept-attempts). Its attempt is kept (files, issues, screenshot) for the person to open and restore on
 * purpose; the run fails, so the message is given back.
 */
async function keepBrokenAttempt(s: RunScope, loop: FixLoopResult, files: { path: string; content: string }[], summary: string): Promise<never> {
  const { deps, input } = s;
  await loop.reportLast?.();
  await saveRunAttempt(deps.db, {
    runId: input.runId,
    sproutId: input.sproutId,
    candidateId: loop.versionId,
    baseVersionId: input.baseVersionId,
    summary,
    issues: loop.issues,
    files,
  });
  if (loop.screenshot) await keepScreenshot(s, loop.versionId, loop.screenshot);
  throw new RunFailure(attemptFailure(loop.issues, s.tally.fixRounds));
}

/** A screenshot that cannot be stored is a missing picture in the history, never a failed run. */
async function keepScreenshot(s: RunScope, id: string, image: Uint8Array): Promise<void> {
  const shot = { id, sproutId: s.input.sproutId, image };
  await (s.deps.keepScreenshot ? s.deps.keepScreenshot(shot) : putScreenshot(s.deps.db, shot)).catch((err: unknown) =>
    s.deps.log?.warn({ err, runId: s.input.runId }, 'the render check screenshot could not be stored'),
  );
}
