import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import { appFiles } from '../app-data/tables';
import { lockDataset } from '../app-data/scope';
import { fileDeletions, uploads } from '../files/tables';
import { screenshots } from '../attempts/tables';
import { deployments } from '../schema';

// Rows that name bytes in the API's file store (app files, the builder's uploads, published apps'
// files, the render check's screenshots), and the queue of keys whose bytes are to go (table
// `file_deletions`, filled by a trigger on every deleted row and by writes under way). The store
// itself is the API's; this module only keeps the books.

/** The tables whose rows from before the file store are moved to it (deployment files and screenshots from then are read where they are). */
export type StoredFileTable = 'app_files' | 'uploads';
const TABLES = { app_files: appFiles, uploads } as const;

/**
 * Queues a key before its bytes are written: unless a row claims it within `graceSeconds` (the
 * insert that stores the file removes it), the sweep removes whatever was written under it.
 */
export async function queuePendingFile(db: Executor, key: string | readonly string[], graceSeconds: number): Promise<void> {
  const keys = typeof key === 'string' ? [key] : key;
  if (keys.length === 0) return;
  await db
    .insert(fileDeletions)
    .values(keys.map((k) => ({ key: k, dueAt: sql`now() + make_interval(secs => ${graceSeconds})` })))
    .onConflictDoNothing();
}

/** Takes keys off the queue, due or not: a row now claims them (in the same transaction), or their bytes are gone. */
export async function forgetFileDeletions(db: Executor, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(fileDeletions).where(inArray(fileDeletions.key, keys));
}

// Every table whose rows name keys: the sweep never removes bytes one of them still names.
const referenced = sql<boolean>`(exists (select 1 from app_files f where f.storage_key = ${fileDeletions.key})
  or exists (select 1 from uploads u where u.storage_key = ${fileDeletions.key})
  or exists (select 1 from deployment_files d where d.storage_key = ${fileDeletions.key})
  or exists (select 1 from screenshots s where s.storage_key = ${fileDeletions.key}))`;

/**
 * Takes keys off the queue that a row still names (their bytes stay). Checked again here: a row
 * deleted since the sweep looked has queued the key for its own removal, which must not be lost.
 */
export async function keepReferencedFiles(db: Executor, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(fileDeletions).where(and(inArray(fileDeletions.key, keys), referenced));
}

export interface DueFileDeletion {
  key: string;
  /** A row still names these bytes (a dataset copied at publishing shares its files' keys): keep them. */
  referenced: boolean;
}

/** Queued keys whose time has come, oldest first, each with whether a row still names it. */
export async function dueFileDeletions(db: Executor, limit: number): Promise<DueFileDeletion[]> {
  return db
    .select({ key: fileDeletions.key, referenced })
    .from(fileDeletions)
    .where(lte(fileDeletions.dueAt, sql`now()`))
    .orderBy(asc(fileDeletions.dueAt), asc(fileDeletions.key))
    .limit(limit);
}

/** How many keys are queued (due or not): for tests and the logs. */
export async function countFileDeletions(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<string>`count(*)` }).from(fileDeletions);
  return Number(row?.n ?? 0);
}

// Rows stored before the file store keep their bytes in `data` until the API moves them.

/** Up to `limit` ids of rows of `table` whose bytes are still in the database. */
export async function legacyFileIds(db: Executor, table: StoredFileTable, limit: number): Promise<string[]> {
  const t = TABLES[table];
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(isNull(t.storageKey), isNotNull(t.data)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Where a row's bytes are in the store: null while they are still in the database, or when the row is gone. */
export async function storedFileKey(db: Executor, table: StoredFileTable, id: string): Promise<string | null> {
  const t = TABLES[table];
  const rows = await db.select({ key: t.storageKey }).from(t).where(eq(t.id, id)).limit(1);
  return rows[0]?.key ?? null;
}

/** The bytes of a row whose bytes are still in the database; null once they were moved (or the row is gone). */
export async function legacyFileBytes(db: Executor, table: StoredFileTable, id: string): Promise<Uint8Array | null> {
  const t = TABLES[table];
  const rows = await db
    .select({ data: t.data })
    .from(t)
    .where(and(eq(t.id, id), isNull(t.storageKey)))
    .limit(1);
  return rows[0]?.data ?? null;
}

/**
 * Points a row at its bytes in the store and drops them from the database, and claims the pending
 * key, in one transaction; false when another mover did it first (the caller removes what it wrote;
 * were it to stop first, its key is still pending and the sweep removes the bytes).
 */
export function moveFileToStore(db: Db, table: StoredFileTable, id: string, key: string): Promise<boolean> {
  const t = TABLES[table];
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(t)
      .set({ storageKey: key, data: null })
      .where(and(eq(t.id, id), isNull(t.storageKey)))
      .returning({ id: t.id });
    if (moved.length) await forgetFileDeletions(tx, [key]);
    return moved.length === 1;
  });
}

/**
 * A deleted project's files go with it (the triggers queue their bytes): its apps' files in every
 * dataset, its published builds (it serves nothing any more, and a build is made again from a
 * version), the render check's screenshots, and the images uploaded for it, except one a message
 * of another of the owner's projects still shows. Each dataset is locked first, as a copy of it
 * (publishing) may be under way.
 */
export async function deleteProjectFiles(tx: Executor, sproutId: string): Promise<void> {
  for (const dataset of ['check', 'live', 'test'] as const) await lockDataset(tx, { sproutId, dataset });
  await tx.delete(appFiles).where(eq(appFiles.sproutId, sproutId));
  await tx.delete(deployments).where(eq(deployments.sproutId, sproutId));
  await tx.delete(screenshots).where(eq(screenshots.sproutId, sproutId));
  await tx.delete(uploads).where(
    and(
      eq(uploads.sproutId, sproutId),
      sql`not exists (select 1 from messages m join sprouts s on s.id = m.sprout_id
        where s.owner_id = ${uploads.userId} and s.id <> ${sproutId} and s.deleted_at is null
          and m.attachments @> jsonb_build_array(jsonb_build_object('uploadId', ${uploads.id})))`,
    ),
  );
}
