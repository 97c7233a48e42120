import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import { newId } from '../ids';
import { uploads } from '../files/tables';
import { forgetFileDeletions } from './stored-files';

/**
 * An upload as the API sees it: its metadata and where its bytes are in the file store
 * (`storageKey`; null while the bytes of an upload stored before the file store are still in the
 * database). The bytes themselves are never read here.
 */
export type UploadRow = Omit<typeof uploads.$inferSelect, 'data'>;

const info = {
  id: uploads.id,
  userId: uploads.userId,
  sproutId: uploads.sproutId,
  mimeType: uploads.mimeType,
  size: uploads.size,
  sha256: uploads.sha256,
  storageKey: uploads.storageKey,
  createdAt: uploads.createdAt,
};

/** Records an image whose bytes are already in the file store under `storageKey`, claiming its pending key in the same transaction. */
export function insertUpload(
  db: Db,
  input: { userId: string; sproutId?: string | null; mimeType: string; storageKey: string; size: number; sha256: string },
): Promise<UploadRow> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(uploads)
      .values({
        id: newId(),
        userId: input.userId,
        sproutId: input.sproutId ?? null,
        mimeType: input.mimeType,
        size: input.size,
        sha256: input.sha256,
        storageKey: input.storageKey,
      })
      .returning(info);
    await forgetFileDeletions(tx, [input.storageKey]);
    return rows[0]!;
  });
}

/** The owner's uploads among `ids`; ids of other people's uploads are simply absent. */
export async function getUploadsForOwner(db: Executor, ids: string[], userId: string): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(info)
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.userId, userId)));
}

/** One of the owner's uploads, or null (someone else's answers as a missing one). */
export async function getUploadForOwner(db: Executor, id: string, userId: string): Promise<UploadRow | null> {
  const rows = await db
    .select(info)
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}
