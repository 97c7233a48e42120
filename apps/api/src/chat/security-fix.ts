import { getActiveRun, getVersionFiles, startFreeRun, type SproutRow, type UserWithTier } from '@sprout/db';
import { MAX_FIX_ROUNDS, securityFindingsPrompt, securityIssues } from '@sprout/engine';
import type { SecurityFixStarted } from '@sprout/core/contract';
import { AppError } from '../errors';
import { flagsFor, isDeveloper } from '../flags/run-flags';
import { modelFor } from '../engine/run-model';
import { queuedStart } from '../jobs/run-queue';
import type { Services } from '../services';
import { RUN_ACTIVE_MESSAGE } from './messages';

/**
 * "Fix it" in the publish dialog: a free run aimed at the critical findings the security check
 * finds in the current version (docs/app-backend.md, "The security check at publish"). The run's
 * checks include the security check again, so it keeps fixing while findings stand and its rounds
 * last; what it could not fix the publish dialog shows again. Free, like a runtime repair, within
 * a daily number per person.
 */
export async function startSecurityFix(s: Services, user: UserWithTier, sprout: SproutRow): Promise<SecurityFixStarted> {
  const versionId = sprout.currentVersionId;
  if (!versionId) throw new AppError(409, 'no_version', 'This project has no files to publish yet.');
  const files = new Map((await getVersionFiles(s.db, versionId)).map((f) => [f.path, f.content]));
  // Found here, by Sprout, never taken from the request: a free run only for what really stands.
  const issues = securityIssues(files);
  if (issues.length === 0) throw new AppError(409, 'nothing_to_fix', 'The security check finds nothing critical to fix in this version.');
  if (await getActiveRun(s.db, sprout.id)) throw new AppError(409, 'run_active', RUN_ACTIVE_MESSAGE);
  const flags = await flagsFor(s, user);
  const model = modelFor(s, flags);
  const start = queuedStart(s.runQueue, async (_tx, run) => ({
    runId: run.id,
    sproutId: sprout.id,
    userId: user.id,
    kind: 'security-fix',
    staff: isDeveloper(user),
    messageId: null,
    request: securityFindingsPrompt(issues),
    model,
    partialEdits: flags.enablePartialFileReplacement,
    condensed: flags.enableCondensedContext,
    baseVersionId: versionId,
    images: [],
    fixBudget: MAX_FIX_ROUNDS,
    runtimeIssues: issues,
  }));
  const started = await startFreeRun(
    s.db,
    { sproutId: sprout.id, userId: user.id, parentRunId: null, model: model.id, baseVersionId: versionId, kind: 'security-fix' },
    s.config.runtimeFixRunsPerDay,
    start.within,
  );
  if (!started.ok) {
    if (started.reason === 'run_active') throw new AppError(409, 'run_active', RUN_ACTIVE_MESSAGE);
    throw new AppError(
      429,
      'security_fix_limit_reached',
      `Free security fixes are limited to ${s.config.runtimeFixRunsPerDay} a day. Send a message to fix it instead.`,
    );
  }
  start.committed();
  return { runId: started.run.id };
}
