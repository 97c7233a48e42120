import { and, eq, gt, isNotNull, isNull, like, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { deployments, sprouts, versionFiles } from '../schema';
import type { AppScope } from '../app-data/scope';
import { functionScheduleRuns } from './tables';

/** A project's dataset whose version has function files: where schedules may be. */
export interface ScheduleTarget {
  sproutId: string;
  ownerId: string;
  dataset: 'test' | 'live';
  versionId: string;
  slug: string | null;
}

const hasFunctions = (versionId: typeof sprouts.currentVersionId | typeof deployments.versionId) =>
  sql`exists (select 1 from ${versionFiles} where ${versionFiles.versionId} = ${versionId} and ${like(versionFiles.path, 'functions/%')})`;

/**
 * Where schedules run: every published app (its live data, the published version), and the preview
 * of projects changed since `testSince` (their test data, the current version): a project left alone
 * does not run its test schedules forever.
 */
export async function listScheduleTargets(db: Executor, o: { testSince: Date }): Promise<ScheduleTarget[]> {
  const live = await db
    .select({ sproutId: sprouts.id, ownerId: sprouts.ownerId, versionId: deployments.versionId, slug: sprouts.slug })
    .from(sprouts)
    .innerJoin(deployments, eq(deployments.id, sprouts.activeDeploymentId))
    .where(and(eq(sprouts.isDeploymentEnabled, true), isNull(sprouts.deletedAt), isNotNull(sprouts.publicUrl), hasFunctions(deployments.versionId)));
  const test = await db
    .select({ sproutId: sprouts.id, ownerId: sprouts.ownerId, versionId: sprouts.currentVersionId })
    .from(sprouts)
    .where(and(isNull(sprouts.deletedAt), isNotNull(sprouts.currentVersionId), gt(sprouts.updatedAt, o.testSince), hasFunctions(sprouts.currentVersionId)));
  return [
    ...live.map((r) => ({ ...r, dataset: 'live' as const })),
    ...test.map((r) => ({ sproutId: r.sproutId, ownerId: r.ownerId, versionId: r.versionId!, slug: null, dataset: 'test' as const })),
  ];
}

/**
 * Claims the run of a schedule due at `due`: true for exactly one caller, when the last claimed run
 * was due before `due` by at least `minGapMs` (a plan's shortest interval). A schedule seen for the
 * first time is recorded as run at `due`, and claimed only when `firstRun` says so (it just fell due).
 */
export async function claimScheduledRun(db: Executor, scope: AppScope, name: string, due: Date, o: { minGapMs: number; firstRun: boolean }): Promise<boolean> {
  const inserted = await db
    .insert(functionScheduleRuns)
    .values({ ...scope, name, lastDueAt: due })
    .onConflictDoNothing()
    .returning({ name: functionScheduleRuns.name });
  if (inserted.length > 0) return o.firstRun;
  const updated = await db
    .update(functionScheduleRuns)
    .set({ lastDueAt: due })
    .where(
      and(
        eq(functionScheduleRuns.sproutId, scope.sproutId),
        eq(functionScheduleRuns.dataset, scope.dataset),
        eq(functionScheduleRuns.name, name),
        sql`${functionScheduleRuns.lastDueAt} <= ${new Date(due.getTime() - o.minGapMs)}`,
      ),
    )
    .returning({ name: functionScheduleRuns.name });
  return updated.length > 0;
}

/** Forgets a dataset's schedules (unpublished: its live schedules start afresh when it is published again). */
export async function clearScheduleRuns(db: Executor, scope: AppScope): Promise<void> {
  await db.delete(functionScheduleRuns).where(and(eq(functionScheduleRuns.sproutId, scope.sproutId), eq(functionScheduleRuns.dataset, scope.dataset)));
}
