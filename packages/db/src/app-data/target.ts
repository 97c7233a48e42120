import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { blobs, deployments, sprouts, versionFiles } from '../schema';

/** The project behind an app origin and the version whose rules apply there. */
export interface AppTarget {
  sproutId: string;
  ownerId: string;
  versionId: string | null;
}

/** A preview origin: the project (not deleted) and its current version. */
export async function previewAppTarget(db: Executor, sproutId: string): Promise<AppTarget | null> {
  const rows = await db
    .select({ sproutId: sprouts.id, ownerId: sprouts.ownerId, versionId: sprouts.currentVersionId })
    .from(sprouts)
    .where(and(eq(sprouts.id, sproutId), isNull(sprouts.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** A published app's origin: the project while it is published, and the version it was published from. */
export async function siteAppTarget(db: Executor, slug: string): Promise<AppTarget | null> {
  const rows = await db
    .select({ sproutId: sprouts.id, ownerId: sprouts.ownerId, versionId: deployments.versionId })
    .from(sprouts)
    .innerJoin(deployments, eq(deployments.id, sprouts.activeDeploymentId))
    .where(and(eq(sprouts.slug, slug), eq(sprouts.isDeploymentEnabled, true), isNull(sprouts.deletedAt), isNotNull(sprouts.publicUrl)))
    .limit(1);
  return rows[0] ?? null;
}

/** One file of a version, or null (a version's files never change, so callers may cache this). */
export async function getVersionFileText(db: Executor, versionId: string, path: string): Promise<string | null> {
  const rows = await db
    .select({ content: blobs.content })
    .from(versionFiles)
    .innerJoin(blobs, eq(blobs.hash, versionFiles.blobHash))
    .where(and(eq(versionFiles.versionId, versionId), eq(versionFiles.path, path)))
    .limit(1);
  return rows[0]?.content ?? null;
}
