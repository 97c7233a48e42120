import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import { newId } from '../ids';
import { appFiles } from './tables';
import { appDataUsage } from './documents';
import { type AppScope, lockDataset } from './scope';

export interface AppFileMeta {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  createdAt: Date;
}

export type InsertAppFileResult = { ok: true; file: AppFileMeta } | { ok: false; reason: 'quota' };

export function insertAppFile(
  db: Db,
  scope: AppScope,
  input: { name: string; mimeType: string; data: Uint8Array; createdBy: string; storageBytes: number },
): Promise<InsertAppFileResult> {
  return db.transaction(async (tx): Promise<InsertAppFileResult> => {
    await lockDataset(tx, scope);
    const usage = await appDataUsage(tx, scope);
    if (usage.bytes + input.data.byteLength > input.storageBytes) return { ok: false, reason: 'quota' };
    const [row] = await tx
      .insert(appFiles)
      .values({ id: newId(), ...scope, name: input.name, mimeType: input.mimeType, size: input.data.byteLength, data: input.data, createdBy: input.createdBy })
      .returning({ id: appFiles.id, name: appFiles.name, mimeType: appFiles.mimeType, size: appFiles.size, createdAt: appFiles.createdAt });
    return { ok: true, file: row! };
  });
}

export async function getAppFile(db: Executor, scope: AppScope, id: string) {
  const rows = await db
    .select({ id: appFiles.id, name: appFiles.name, mimeType: appFiles.mimeType, size: appFiles.size, data: appFiles.data })
    .from(appFiles)
    .where(and(eq(appFiles.sproutId, scope.sproutId), eq(appFiles.dataset, scope.dataset), eq(appFiles.id, id)))
    .limit(1);
  return rows[0] ?? null;
}
