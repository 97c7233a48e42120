import {
  getRunAttempt,
  getRunAttemptFiles,
  getScreenshot,
  getVersionFiles,
  restoreRunAttempt,
  type RunRow,
  type SproutRow,
  type UserWithTier,
} from '@sprout/db';
import { diffFileSets } from '@sprout/engine';
import { CheckIssue, type RunAttempt, type Version } from '@sprout/core/contract';
import { AppError } from '../errors';
import type { Services } from '../services';
import { toVersionDto } from './dto';
import { RUN_ACTIVE_MESSAGE } from './messages';

const noAttempt = () => new AppError(404, 'attempt_not_found', 'This reply kept no attempt.');

async function attemptOf(s: Services, run: RunRow) {
  return (await getRunAttempt(s.db, run.sproutId, run.id)) ?? Promise.reject(noAttempt());
}

/** A failed run's kept attempt: which files it changed from the version it started from (by how much), what was wrong, what it showed. */
export async function getAttempt(s: Services, run: RunRow): Promise<RunAttempt> {
  const attempt = await attemptOf(s, run);
  const load = async (files: Promise<{ path: string; content: string }[]>) => new Map((await files).map((f) => [f.path, f.content]));
  const [before, after, shot] = await Promise.all([
    load(attempt.baseVersionId ? getVersionFiles(s.db, attempt.baseVersionId) : Promise.resolve([])),
    load(getRunAttemptFiles(s.db, run.id)),
    getScreenshot(s.db, run.sproutId, attempt.candidateId),
  ]);
  return {
    runId: run.id,
    sproutId: run.sproutId,
    summary: attempt.summary,
    // Stored by the engine in the contract's shape; anything else is left out rather than sent.
    issues: attempt.issues.flatMap((i) => {
      const parsed = CheckIssue.safeParse(i);
      return parsed.success ? [parsed.data] : [];
    }),
    baseVersionId: attempt.baseVersionId,
    // Counts, not text: the code of an attempt given back is the person's once they keep it.
    files: diffFileSets(before, after).map(({ diff: _text, ...change }) => change),
    screenshotId: shot ? attempt.candidateId : null,
    createdAt: attempt.createdAt.toISOString(),
  };
}

/** The person chose to keep a failed attempt anyway: it becomes a new version and costs one message. */
export async function restoreAttempt(s: Services, user: UserWithTier, run: RunRow): Promise<Version> {
  const attempt = await attemptOf(s, run);
  const summary = `Restored a failed attempt${attempt.summary ? `: ${attempt.summary}` : ''}`.slice(0, 300);
  const result = await restoreRunAttempt(s.db, { sproutId: run.sproutId, userId: user.id, runId: run.id, summary });
  if (result.ok) return toVersionDto(result.version);
  if (result.reason === 'run_active') throw new AppError(409, 'run_active', RUN_ACTIVE_MESSAGE);
  if (result.reason === 'not_found') throw new AppError(404, 'not_found', 'Project not found.');
  const limit = result.limitType === 'daily' ? result.stats.dailyMessages.limit : result.stats.monthlyMessages.limit;
  throw new AppError(
    402,
    'message_limit_reached',
    `Restoring an attempt uses a message, and you have used all ${limit} of your ${result.limitType} messages.`,
    {
      paywall: { source: 'message_limit_reached', limitType: result.limitType, destination: 'upgradeMessages' },
      usage: result.stats,
    },
  );
}

/** A render check screenshot of one of the person's projects (a version's or an attempt's). */
export async function screenshotOf(s: Services, sprout: SproutRow, id: string): Promise<Uint8Array> {
  return (await s.screenshots.read(sprout.id, id)) ?? Promise.reject(new AppError(404, 'not_found', 'This screenshot does not exist.'));
}
