import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { PAYMENTS_COLLECTION as PAYMENTS } from '@sprout/core';
import type { Db, Executor } from '../create-db';
import { newId } from '../ids';
import { appDocuments, appFiles, appUsers } from './tables';
import { type AppDocument, documentColumns } from './documents';
import { type AppScope, type Dataset, lockDataset } from './scope';

// What the project owner does from Sprout's Data panel: everything in their own app, no rules.

export async function listAppCollections(db: Executor, scope: AppScope): Promise<{ name: string; documents: number }[]> {
  const rows = await db
    .select({ name: appDocuments.collection, documents: count() })
    .from(appDocuments)
    .where(and(eq(appDocuments.sproutId, scope.sproutId), eq(appDocuments.dataset, scope.dataset)))
    .groupBy(appDocuments.collection)
    .orderBy(asc(appDocuments.collection));
  return rows.map((r) => ({ name: r.name, documents: Number(r.documents) }));
}

/** Every document of a collection, oldest first (exports). */
export async function allAppDocuments(db: Executor, scope: AppScope, collection: string, limit = 100_000): Promise<AppDocument[]> {
  return db
    .select(documentColumns)
    .from(appDocuments)
    .where(and(eq(appDocuments.sproutId, scope.sproutId), eq(appDocuments.dataset, scope.dataset), eq(appDocuments.collection, collection)))
    .orderBy(asc(appDocuments.createdAt), asc(appDocuments.id))
    .limit(limit);
}

/** Empties a dataset: documents, files and app users (reset test data; a fresh live dataset). */
export function clearDataset(db: Db, scope: AppScope): Promise<void> {
  return db.transaction(async (tx) => {
    await lockDataset(tx, scope);
    for (const table of [appDocuments, appFiles, appUsers]) {
      await tx.delete(table).where(and(eq(table.sproutId, scope.sproutId), eq(table.dataset, scope.dataset)));
    }
  });
}

/**
 * Replaces the `to` dataset with a copy of `from` (publishing with the test data), under new ids.
 * Copied files share their bytes in the file store (the same key): the sweep removes bytes only once
 * no row names them. `from` is locked too, so its files cannot be deleted (and their bytes swept)
 * while rows naming them are being copied.
 */
export function copyDataset(db: Db, sproutId: string, from: Dataset, to: Dataset): Promise<void> {
  return db.transaction(async (tx) => {
    for (const dataset of [from, to].sort()) await lockDataset(tx, { sproutId, dataset });
    // Payments are Sprout's record of money taken in that data: never copied over, nor replaced by a copy.
    await tx.delete(appDocuments).where(and(eq(appDocuments.sproutId, sproutId), eq(appDocuments.dataset, to), ne(appDocuments.collection, PAYMENTS)));
    for (const table of [appFiles, appUsers]) {
      await tx.delete(table).where(and(eq(table.sproutId, sproutId), eq(table.dataset, to)));
    }
    // New ids: a document id of the test data must not name a live document.
    const prefix = newId(6);
    // App users get new ids too, so their documents' creator follows them; so do links to the copied files.
    await tx.execute(sql`insert into app_documents (id, sprout_id, dataset, collection, data, created_by, size, created_at, updated_at)
      select ${prefix} || id, sprout_id, ${to}, collection,
        replace(data::text, '/_sprout/v1/files/', '/_sprout/v1/files/' || ${prefix})::jsonb,
        case when created_by like 'user:%' then 'user:' || ${prefix} || substr(created_by, 6) else created_by end,
        size, created_at, updated_at
      from app_documents where sprout_id = ${sproutId} and dataset = ${from} and collection <> ${PAYMENTS}`);
    await tx.execute(sql`insert into app_files (id, sprout_id, dataset, name, mime_type, size, storage_key, data, created_by, created_at)
      select ${prefix} || id, sprout_id, ${to}, name, mime_type, size, storage_key, data, created_by, created_at from app_files where sprout_id = ${sproutId} and dataset = ${from}`);
    await tx.execute(sql`insert into app_users (id, sprout_id, dataset, email, password_hash, sessions_valid_after, created_at)
      select ${prefix} || id, sprout_id, ${to}, email, password_hash, sessions_valid_after, created_at from app_users where sprout_id = ${sproutId} and dataset = ${from}`);
  });
}
