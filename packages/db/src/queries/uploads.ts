import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { newId, sha256Hex } from '../ids';
import { uploads } from '../schema';

export type UploadRow = typeof uploads.$inferSelect;
export type UploadInfo = Omit<UploadRow, 'data'>;

const info = {
  id: uploads.id,
  userId: uploads.userId,
  sproutId: uploads.sproutId,
  mimeType: uploads.mimeType,
  size: uploads.size,
  sha256: uploads.sha256,
  createdAt: uploads.createdAt,
};

export async function insertUpload(db: Executor, input: { userId: string; sproutId?: string | null; mimeType: string; data: Uint8Array }): Promise<UploadInfo> {
  const rows = await db
    .insert(uploads)
    .values({
      id: newId(),
      userId: input.userId,
      sproutId: input.sproutId ?? null,
      mimeType: input.mimeType,
      size: input.data.byteLength,
      sha256: sha256Hex(input.data),
      data: input.data,
    })
    .returning(info);
  return rows[0]!;
}

/** The owner's uploads among `ids` (metadata only); ids of other people's uploads are simply absent. */
export async function getUploadsForOwner(db: Executor, ids: string[], userId: string): Promise<UploadInfo[]> {
  if (ids.length === 0) return [];
  return db
    .select(info)
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.userId, userId)));
}

export async function getUploadWithData(db: Executor, id: string, userId: string): Promise<UploadRow | null> {
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Bytes of uploads by id, for the engine (the run already checked ownership when it started). */
export async function getUploadData(db: Executor, ids: string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(uploads).where(inArray(uploads.id, ids));
}
