import { asc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import { getActiveRun } from '../queries/runs';
import { createVersion, lockForNewVersion, type ProjectFile, type VersionRow } from '../queries/versions';
import { versions } from '../schema';
import { versionCommits } from './tables';

export interface VersionCommit {
  commitId: string;
  raw: Uint8Array;
}

/** A project's versions, oldest first, each with the commit it is served as when one was recorded. */
export async function versionsWithCommits(db: Executor, sproutId: string): Promise<{ version: VersionRow; commit: VersionCommit | null }[]> {
  const rows = await db
    .select({ version: versions, commitId: versionCommits.commitId, raw: versionCommits.raw })
    .from(versions)
    .leftJoin(versionCommits, eq(versionCommits.versionId, versions.id))
    .where(eq(versions.sproutId, sproutId))
    .orderBy(asc(versions.number));
  return rows.map((r) => ({ version: r.version, commit: r.commitId && r.raw ? { commitId: r.commitId, raw: r.raw } : null }));
}

/**
 * Records the commit a version is served as, unless one was recorded first (by another request or
 * instance): the commit recorded is returned either way, and it is the one to serve.
 */
export async function recordVersionCommit(db: Executor, versionId: string, commit: VersionCommit): Promise<VersionCommit> {
  await db
    .insert(versionCommits)
    .values({ versionId, ...commit })
    .onConflictDoNothing();
  const [row] = await db.select().from(versionCommits).where(eq(versionCommits.versionId, versionId));
  return row ? { commitId: row.commitId, raw: row.raw } : commit;
}

export interface PushedCommit extends VersionCommit {
  files: ProjectFile[];
  summary: string;
}

export type PushedVersionsResult = { ok: true; versions: VersionRow[] } | { ok: false; reason: 'version_conflict' | 'run_active' | 'not_found' };

/**
 * A push: one new version per pushed commit, in order, each recorded with its commit, all or none.
 * Refused, like a manual edit, while a run is writing the project or when the project moved on since
 * `expectedCurrentId` (the commit the push builds on).
 */
export function createPushedVersions(
  db: Db,
  input: { sproutId: string; expectedCurrentId: string | null; commits: PushedCommit[] },
): Promise<PushedVersionsResult> {
  return db.transaction(async (tx): Promise<PushedVersionsResult> => {
    const locked = await lockForNewVersion(tx, input.sproutId);
    if (!locked) return { ok: false, reason: 'not_found' };
    if (await getActiveRun(tx, input.sproutId)) return { ok: false, reason: 'run_active' };
    if (locked.currentVersionId !== input.expectedCurrentId) return { ok: false, reason: 'version_conflict' };
    const made: VersionRow[] = [];
    for (const commit of input.commits) {
      const version = await createVersion(tx, { sproutId: input.sproutId, files: commit.files, source: 'git', summary: commit.summary });
      await tx.insert(versionCommits).values({ versionId: version.id, commitId: commit.commitId, raw: commit.raw });
      made.push(version);
    }
    return { ok: true, versions: made };
  });
}
