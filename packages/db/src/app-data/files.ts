import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import { newId } from '../ids';
import { forgetFileDeletions } from '../queries/stored-files';
import { appFiles } from './tables';
import { appDataUsage, creatorUsage, type DataUsage } from './documents';
import { type AppScope, lockDataset } from './scope';

export interface AppFileMeta {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  createdAt: Date;
}

/** A file to serve: its metadata and where its bytes are (null: still in the database, not moved yet). */
export interface AppFileRow extends Omit<AppFileMeta, 'createdAt'> {
  storageKey: string | null;
}

export type InsertAppFileResult = { ok: true; file: AppFileMeta; usage: DataUsage } | { ok: false; reason: 'quota'; limit: 'storage' | 'creator' };

/**
 * Records a file whose bytes are already in the file store under `storageKey` (queued as pending
 * there): quota checked under the dataset's lock, the row written and the key claimed in one
 * transaction. Refused, the caller removes the bytes.
 */
export function insertAppFile(
  db: Db,
  scope: AppScope,
  input: { name: string; mimeType: string; storageKey: string; size: number; createdBy: string; storageBytes: number; creatorBytes?: number },
): Promise<InsertAppFileResult> {
  return db.transaction(async (tx): Promise<InsertAppFileResult> => {
    await lockDataset(tx, scope);
    const usage = await appDataUsage(tx, scope);
    if (usage.bytes + input.size > input.storageBytes) return { ok: false, reason: 'quota', limit: 'storage' };
    if (input.creatorBytes !== undefined && (await creatorUsage(tx, scope, input.createdBy)).bytes + input.size > input.creatorBytes)
      return { ok: false, reason: 'quota', limit: 'creator' };
    const [row] = await tx
      .insert(appFiles)
      .values({ id: newId(), ...scope, name: input.name, mimeType: input.mimeType, size: input.size, storageKey: input.storageKey, createdBy: input.createdBy })
      .returning({ id: appFiles.id, name: appFiles.name, mimeType: appFiles.mimeType, size: appFiles.size, createdAt: appFiles.createdAt });
    await forgetFileDeletions(tx, [input.storageKey]);
    return { ok: true, file: row!, usage: { documents: usage.documents, bytes: usage.bytes + input.size } };
  });
}

/** A file of the dataset (never its bytes: they stream from the file store). */
export async function getAppFile(db: Executor, scope: AppScope, id: string): Promise<AppFileRow | null> {
  const rows = await db
    .select({ id: appFiles.id, name: appFiles.name, mimeType: appFiles.mimeType, size: appFiles.size, storageKey: appFiles.storageKey })
    .from(appFiles)
    .where(and(eq(appFiles.sproutId, scope.sproutId), eq(appFiles.dataset, scope.dataset), eq(appFiles.id, id)))
    .limit(1);
  return rows[0] ?? null;
}
