import { and, eq, ne, or, sql } from 'drizzle-orm';
import { nameFromTitle, projectNameFromBuild } from '@sprout/core';
import type { Db, Executor } from '../create-db';
import { finishRun, getActiveRun } from '../queries/runs';
import { createVersion, getVersionFile, lockForNewVersion, type ProjectFile, type VersionRow } from '../queries/versions';
import { sprouts } from '../schema';

export type CommitRunResult = { ok: true; version: VersionRow; renamedTo: string | null } | { ok: false; reason: 'version_conflict' | 'run_ended' };

const INDEX_HTML = 'client/index.html';

/**
 * A project still carrying its default name ('Sprout - 537') is named after what its first build
 * made ("Fridge to Table"). Later, a build that retitles the app (the person asked the chat to
 * rename it) renames a project whose name follows the app: one Sprout gave it, or one the person
 * chose that is the app's old title. A name the person chose that differs from the app's title is
 * never touched. Returns the new name, or null when the project kept its name.
 */
async function nameAfterBuild(
  tx: Executor,
  input: { sproutId: string; baseVersionId: string | null; files: ProjectFile[]; summary: string | null },
): Promise<string | null> {
  const indexHtml = input.files.find((f) => f.path === INDEX_HTML)?.content;
  const name = projectNameFromBuild({ indexHtml, summary: input.summary });
  if (!name) return null;
  const title = nameFromTitle(indexHtml);
  const oldTitle = input.baseVersionId ? nameFromTitle((await getVersionFile(tx, input.baseVersionId, INDEX_HTML)) ?? undefined) : null;
  const retitled = title !== null && title !== oldTitle;
  const next = retitled ? title : name;
  const followsApp = retitled
    ? or(eq(sprouts.nameOrigin, 'generated'), oldTitle === null ? sql`false` : sql`lower(${sprouts.displayName}) = lower(${oldTitle})`)
    : sql`false`;
  const rows = await tx
    .update(sprouts)
    .set({
      displayName: next,
      nameOrigin: sql`case when ${sprouts.nameOrigin} = 'default' then 'generated' else ${sprouts.nameOrigin} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(sprouts.id, input.sproutId), or(eq(sprouts.nameOrigin, 'default'), followsApp), ne(sprouts.displayName, next)))
    .returning({ displayName: sprouts.displayName });
  return rows[0]?.displayName ?? null;
}

/**
 * Writes a successful run's files as one new version and ends the run, atomically: either both
 * happen or neither. Refused when the project moved on since the run started (the run would
 * silently undo that change) or when the run was already ended (stopped meanwhile). A default name
 * gives way to one from the build, and a retitled app renames a project that follows it, in the same transaction (nameAfterBuild).
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
      const locked = await lockForNewVersion(tx, input.sproutId);
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
      const renamedTo = await nameAfterBuild(tx, input);
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
  input: { sproutId: string; expectedCurrentId?: string; files: ProjectFile[]; source: 'manual' | 'restore' | 'visual'; summary: string },
): Promise<ManualVersionResult> {
  return db.transaction(async (tx) => {
    const locked = await lockForNewVersion(tx, input.sproutId);
    if (!locked) return { ok: false as const, reason: 'not_found' as const };
    if (await getActiveRun(tx, input.sproutId)) return { ok: false as const, reason: 'run_active' as const };
    if (input.expectedCurrentId !== undefined && locked.currentVersionId !== input.expectedCurrentId) {
      return { ok: false as const, reason: 'version_conflict' as const };
    }
    const version = await createVersion(tx, { sproutId: input.sproutId, files: input.files, source: input.source, summary: input.summary });
    return { ok: true as const, version };
  });
}
