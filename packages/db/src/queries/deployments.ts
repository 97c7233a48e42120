import { and, count, desc, eq, isNotNull, isNull, ne, notInArray } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { deploymentFiles, deployments, sprouts } from '../schema';
import { forgetFileDeletions } from './stored-files';

export type DeploymentRow = typeof deployments.$inferSelect;

export interface DeploymentFileInput {
  /** Below the site root, no leading slash: `index.html`, `assets/main-X.js`. */
  path: string;
  contentType: string;
  /** Where its bytes already are in the API's file store (written, pending, before the insert). */
  storageKey: string;
  size: number;
}

/** A published file as the site host reads it: its bytes in the file store, or in the row when it was published before. */
export interface DeploymentFile {
  contentType: string;
  storageKey: string | null;
  content: Uint8Array | null;
}

/**
 * Stores a built site whose files' bytes are already in the file store, and claims their pending
 * keys in the same transaction; it serves nothing until a project points its active deployment at
 * it. `id` is the one the API made the keys under.
 */
export async function insertDeployment(
  tx: Executor,
  input: { id: string; sproutId: string; versionId: string; createdBy: string | null; files: DeploymentFileInput[] },
): Promise<DeploymentRow> {
  const [row] = await tx
    .insert(deployments)
    .values({
      id: input.id,
      sproutId: input.sproutId,
      versionId: input.versionId,
      createdBy: input.createdBy,
      fileCount: input.files.length,
      totalBytes: input.files.reduce((n, f) => n + f.size, 0),
    })
    .returning();
  for (let i = 0; i < input.files.length; i += 100) {
    const batch = input.files.slice(i, i + 100);
    await tx.insert(deploymentFiles).values(batch.map((f) => ({ deploymentId: row!.id, path: f.path, contentType: f.contentType, storageKey: f.storageKey })));
    await forgetFileDeletions(
      tx,
      batch.map((f) => f.storageKey),
    );
  }
  return row!;
}

/** The deployment a published app's visitors get, or null when the slug is unknown, unpublished or deleted. */
export async function getPublishedSite(db: Executor, slug: string): Promise<{ sproutId: string; deploymentId: string; addressInherited: boolean } | null> {
  const rows = await db
    .select({ sproutId: sprouts.id, deploymentId: sprouts.activeDeploymentId, addressInherited: sprouts.addressInherited })
    .from(sprouts)
    .where(
      and(
        eq(sprouts.slug, slug),
        eq(sprouts.isDeploymentEnabled, true),
        isNull(sprouts.deletedAt),
        isNotNull(sprouts.activeDeploymentId),
        isNotNull(sprouts.publicUrl),
      ),
    )
    .limit(1);
  const row = rows[0];
  return row?.deploymentId ? { sproutId: row.sproutId, deploymentId: row.deploymentId, addressInherited: row.addressInherited } : null;
}

const fileColumns = { contentType: deploymentFiles.contentType, storageKey: deploymentFiles.storageKey, content: deploymentFiles.content };

export async function getDeploymentFile(db: Executor, deploymentId: string, path: string): Promise<DeploymentFile | null> {
  const rows = await db
    .select(fileColumns)
    .from(deploymentFiles)
    .where(and(eq(deploymentFiles.deploymentId, deploymentId), eq(deploymentFiles.path, path)))
    .limit(1);
  return rows[0] ?? null;
}

/** A file from any deployment of the project still stored (hashed assets of the page a visitor loaded before a republish). */
export async function getSproutDeploymentFile(db: Executor, sproutId: string, path: string): Promise<DeploymentFile | null> {
  const rows = await db
    .select(fileColumns)
    .from(deploymentFiles)
    .innerJoin(deployments, eq(deployments.id, deploymentFiles.deploymentId))
    .where(and(eq(deployments.sproutId, sproutId), eq(deploymentFiles.path, path)))
    .orderBy(desc(deployments.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

export function listDeployments(db: Executor, sproutId: string): Promise<DeploymentRow[]> {
  return db.select().from(deployments).where(eq(deployments.sproutId, sproutId)).orderBy(desc(deployments.createdAt), desc(deployments.id));
}

/** Projects of `ownerId` that count as published (enabled and with a public URL: a flag alone gives nobody anything to visit), optionally not counting one. */
export async function countPublishedSprouts(db: Executor, ownerId: string, except?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sprouts)
    .where(
      and(
        eq(sprouts.ownerId, ownerId),
        isNull(sprouts.deletedAt),
        eq(sprouts.isDeploymentEnabled, true),
        isNotNull(sprouts.publicUrl),
        ...(except ? [ne(sprouts.id, except)] : []),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Removes a project's deployments other than `keep` (the active one and the one before, for visitors mid-load); a trigger queues their files' bytes for the file store's sweep. */
export async function pruneDeployments(tx: Executor, sproutId: string, keep: string[]): Promise<void> {
  await tx.delete(deployments).where(and(eq(deployments.sproutId, sproutId), notInArray(deployments.id, keep)));
}
