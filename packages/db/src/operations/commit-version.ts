import { and, eq, sql } from 'drizzle-orm';
import { projectNameFromBuild } from '@sprout/core';
import type { Db, Executor } from '../create-db';
import { finishRun, getActiveRun } from '../queries/runs';
import { createVersion, type ProjectFile, type VersionRow } from '../queries/versions';
import { sprouts } from '../schema';

async function lockCurrentVersion(tx: Executor, sproutId: string): Promise<{ currentVersionId: string | null } | null> {
  const rows = await tx.select({ currentVersionId: sprouts.currentVersionId }).from(sprouts).where(eq(sprouts.id, sproutId)).for('update');
  return rows[0] ?? null;
}

export type CommitRunResult = { ok: true; version: VersionRow; renamedTo: string | null } | { ok: false; reason: 'version_conflict' | 'run_ended' };

/**
 * A project still carrying its default name ('Sprout - 537') is named after what its first build
 * made ("Fridge to Table"), once; a name the person chose is never touched. Returns the
 * new name, or null when the project kept its name.
 */
async function nameAfterBuild(tx: Executor, sproutId: string, files: ProjectFile[], summary: string | null): Promise<string | null> {
  const name = projectNameFromBuild({ indexHtml: files.find((f) => f.path === 'client/index.html')?.content, summary });
  if (!name) return null;
  const rows = await tx
    .update(sprouts)
    .set({ displayName: name, nameOrigin: 'generated', updatedAt: sql`now()` })
    .where(and(eq(sprouts.id, sproutId), eq(sprouts.nameOrigin, 'default')))
    .returning({ displayName: sprouts.displayName });
  return rows[0]?.displayName ?? null;
}

/**
 * Writes a successful run's files as one new version and ends the run, atomically: either both
 * happen or neither. Refused when the project moved on since the run started (the run would
 * silently undo that change) or when the run was already ended (stopped meanwhile). A default name
 * gives way to one from the build in the same transaction (nameAfterBuild).
 */
export function commitRunVersion(
  db: Db,
  input: {
    runId: string;
    sproutId: string;
    baseVersionId: string | null;
    versionId: string;
    files: ProjectFile[];
    summary: string | null;
    tokensIn: number | null;
    tokensOut: number | null;
    tokensInCached?: number | null;
    fixRounds: number;
  },
): Promise<CommitRunResult> {
  return db
    .transaction(async (tx): Promise<CommitRunResult> => {
      const locked = await lockCurrentVersion(tx, input.sproutId);
      if (!locked || locked.currentVersionId !== input.baseVersionId) return { ok: false, reason: 'version_conflict' };
      const version = await createVersion(tx, {
        id: input.versionId,
        sproutId: input.sproutId,
        files: input.files,
        source: 'run',
        summary: input.summary,
        runId: input.runId,
      });
      const ended = await finishRun(tx, input.runId, {
        status: 'succeeded',
        resultVersionId: version.id,
        summary: input.summary,
        tokensIn: input.tokensIn,
        tokensOut: input.tokensOut,
        tokensInCached: input.tokensInCached ?? null,
        fixRounds: input.fixRounds,
      });
      if (!ended) {
        // Roll the version back with the transaction: a stopped run leaves the project untouched.
        throw new RunEndedError();
      }
      const renamedTo = await nameAfterBuild(tx, input.sproutId, input.files, input.summary);
      return { ok: true, version, renamedTo };
    })
    .catch((err: unknown): CommitRunResult => {
      if (err instanceof RunEndedError) return { ok: false, reason: 'run_ended' };
      throw err;
    });
}

class RunEndedError extends Error {}

export type ManualVersionResult = { ok: true; version: VersionRow } | { ok: false; reason: 'version_conflict' | 'run_active' | 'not_found' };

/**
 * A version made by a person (a manual edit, a restore). Refused while a run is writing the project
 * (its result would overwrite the edit) and, when `expectedCurrentId` is given, when the project
 * changed since the editor loaded it.
 */
export function createManualVersion(
  db: Db,
  input: { sproutId: string; expectedCurrentId?: string; files: ProjectFile[]; source: 'manual' | 'restore'; summary: string },
): Promise<ManualVersionResult> {
  return db.transaction(async (tx) => {
    const locked = await lockCurrentVersion(tx, input.sproutId);
    if (!locked) return { ok: false as const, reason: 'not_found' as const };
    if (await getActiveRun(tx, input.sproutId)) return { ok: false as const, reason: 'run_active' as const };
    if (input.expectedCurrentId !== undefined && locked.currentVersionId !== input.expectedCurrentId) {
      return { ok: false as const, reason: 'version_conflict' as const };
    }
    const version = await createVersion(tx, { sproutId: input.sproutId, files: input.files, source: input.source, summary: input.summary });
    return { ok: true as const, version };
  });
}
