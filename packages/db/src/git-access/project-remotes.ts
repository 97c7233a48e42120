import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { sprouts, versions } from '../schema';
import { projectRemotes } from './tables';

export type ProjectRemoteRow = typeof projectRemotes.$inferSelect;

/** Connects a project to a remote, or replaces its remote (the old one's status starts over). */
export async function setProjectRemote(
  db: Executor,
  sproutId: string,
  remote: { url: string; tokenSealed: string; tokenKeyId: string },
): Promise<ProjectRemoteRow> {
  const fresh = {
    url: remote.url,
    tokenSealed: remote.tokenSealed,
    tokenKeyId: remote.tokenKeyId,
    createdAt: new Date(),
    lastPushedAt: null,
    lastPulledAt: null,
    lastError: null,
  };
  const [row] = await db
    .insert(projectRemotes)
    .values({ sproutId, ...fresh })
    .onConflictDoUpdate({ target: projectRemotes.sproutId, set: fresh })
    .returning();
  return row!;
}

export async function getProjectRemote(db: Executor, sproutId: string): Promise<ProjectRemoteRow | null> {
  const [row] = await db.select().from(projectRemotes).where(eq(projectRemotes.sproutId, sproutId));
  return row ?? null;
}

/** Disconnects; true when there was a remote. */
export async function deleteProjectRemote(db: Executor, sproutId: string): Promise<boolean> {
  const rows = await db.delete(projectRemotes).where(eq(projectRemotes.sproutId, sproutId)).returning({ id: projectRemotes.sproutId });
  return rows.length > 0;
}

/**
 * Records how a push or a pull went: a success sets its time and clears the error; a failure keeps
 * the times and sets the error. Only for the remote at `url`: a result of a sync to a remote since
 * replaced changes nothing.
 */
export async function recordRemoteSync(db: Executor, sproutId: string, url: string, result: { kind: 'push' | 'pull'; error: string | null }): Promise<void> {
  const set =
    result.error !== null
      ? { lastError: result.error }
      : { lastError: null, ...(result.kind === 'push' ? { lastPushedAt: sql`now()` } : { lastPulledAt: sql`now()` }) };
  await db.update(projectRemotes).set(set).where(sql`${projectRemotes.sproutId} = ${sproutId} and ${projectRemotes.url} = ${url}`);
}

/**
 * The projects whose remote has not been pushed to since their current version was made (never
 * pushed, or pushed before it): what a push missed while no process was there to make it.
 */
export async function remotesBehind(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ sproutId: projectRemotes.sproutId })
    .from(projectRemotes)
    .innerJoin(sprouts, eq(sprouts.id, projectRemotes.sproutId))
    .innerJoin(versions, eq(versions.id, sprouts.currentVersionId))
    .where(and(isNull(sprouts.deletedAt), or(isNull(projectRemotes.lastPushedAt), gt(versions.createdAt, projectRemotes.lastPushedAt))));
  return rows.map((r) => r.sproutId);
}
