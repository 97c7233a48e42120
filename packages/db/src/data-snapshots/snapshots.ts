import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAYMENTS_COLLECTION as PAYMENTS } from '@sprout/core';
import type { Executor } from '../create-db';
import { newId } from '../ids';
import { appDocuments, appFiles, appUsers } from '../app-data/tables';
import { versions } from '../schema';
import { dataSnapshots, versionData } from './tables';

// Each version's test data, kept when the version stops being current (docs/architecture.md#git-access).
// Every function here runs inside a transaction holding the project's test dataset lock: a snapshot
// reads one state of the data, and no file row it copies is deleted (its bytes swept) meanwhile.

/** Versions whose test data is kept, counted back from the newest (the current one included). */
export const KEPT_VERSION_DATA = 30;

/** The dataset a snapshot's rows are kept under: never 'test', 'live' or 'check', so no app or panel reads them. */
export const snapshotDataset = (snapshotId: string) => `snapshot:${snapshotId}`;
// A snapshot's rows keep the original ids behind this prefix, so a restore gives the app back the very
// ids its documents, links to files (`/_sprout/v1/files/{id}`) and creators (`user:{id}`) name.
const rowPrefix = (snapshotId: string) => `${snapshotId}:`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A digest of the test data as a snapshot copies it (payments left out): equal digests, equal data.
 * Documents by id, last change and content; files by id and bytes' key; app users by every column a
 * sign-in reads.
 */
async function testDataFingerprint(tx: Executor, sproutId: string): Promise<string> {
  const result = await tx.execute(sql`select md5(
    coalesce((select string_agg(id || ',' || extract(epoch from updated_at)::text || ',' || md5(data::text) || ',' || created_by, ';' order by id)
      from app_documents where sprout_id = ${sproutId} and dataset = 'test' and collection <> ${PAYMENTS}), '') || '|' ||
    coalesce((select string_agg(id || ',' || coalesce(storage_key, md5(data)), ';' order by id)
      from app_files where sprout_id = ${sproutId} and dataset = 'test'), '') || '|' ||
    coalesce((select string_agg(id || ',' || email || ',' || password_hash || ',' || coalesce(extract(epoch from sessions_valid_after)::text, ''), ';' order by id)
      from app_users where sprout_id = ${sproutId} and dataset = 'test'), '')) as fingerprint`);
  return rowsOf<{ fingerprint: string }>(result)[0]!.fingerprint;
}

/** Copies the test dataset (payments left out: Sprout's record of money taken, never copied) into a new snapshot. */
async function copyTestData(tx: Executor, sproutId: string, fingerprint: string): Promise<string> {
  const id = newId();
  await tx.insert(dataSnapshots).values({ id, sproutId, fingerprint });
  const [dataset, prefix] = [snapshotDataset(id), rowPrefix(id)];
  await tx.execute(sql`insert into app_documents (id, sprout_id, dataset, collection, data, created_by, size, created_at, updated_at)
    select ${prefix} || id, sprout_id, ${dataset}, collection, data, created_by, size, created_at, updated_at
    from app_documents where sprout_id = ${sproutId} and dataset = 'test' and collection <> ${PAYMENTS}`);
  await tx.execute(sql`insert into app_files (id, sprout_id, dataset, name, mime_type, size, storage_key, data, created_by, created_at)
    select ${prefix} || id, sprout_id, ${dataset}, name, mime_type, size, storage_key, data, created_by, created_at
    from app_files where sprout_id = ${sproutId} and dataset = 'test'`);
  await tx.execute(sql`insert into app_users (id, sprout_id, dataset, email, password_hash, sessions_valid_after, created_at)
    select ${prefix} || id, sprout_id, ${dataset}, email, password_hash, sessions_valid_after, created_at
    from app_users where sprout_id = ${sproutId} and dataset = 'test'`);
  return id;
}

/**
 * Records the test data as `versionId`'s, as the version stops being current: a snapshot holding the
 * same data is shared, else a new one is copied. A version keeps the first data recorded for it.
 */
export async function keepVersionData(tx: Executor, sproutId: string, versionId: string): Promise<void> {
  const [kept] = await tx.select({ id: versionData.snapshotId }).from(versionData).where(eq(versionData.versionId, versionId));
  if (kept) return;
  const fingerprint = await testDataFingerprint(tx, sproutId);
  const [same] = await tx
    .select({ id: dataSnapshots.id })
    .from(dataSnapshots)
    .where(and(eq(dataSnapshots.sproutId, sproutId), eq(dataSnapshots.fingerprint, fingerprint)));
  await tx.insert(versionData).values({ versionId, snapshotId: same?.id ?? (await copyTestData(tx, sproutId, fingerprint)) });
}

/** Removes snapshots no version names any more, with their rows (deleted file rows queue their bytes for the sweep). */
async function dropUnusedSnapshots(tx: Executor, sproutId: string): Promise<void> {
  const gone = await tx
    .delete(dataSnapshots)
    .where(and(eq(dataSnapshots.sproutId, sproutId), sql`not exists (select 1 from ${versionData} v where v.snapshot_id = ${dataSnapshots.id})`))
    .returning({ id: dataSnapshots.id });
  if (!gone.length) return;
  const datasets = gone.map((s) => snapshotDataset(s.id));
  for (const table of [appDocuments, appFiles, appUsers]) {
    await tx.delete(table).where(and(eq(table.sproutId, sproutId), inArray(sql`${table.dataset}`, datasets)));
  }
}

/** Keeps the test data of the newest KEPT_VERSION_DATA versions only. */
export async function pruneVersionData(tx: Executor, sproutId: string): Promise<void> {
  await tx.delete(versionData).where(
    inArray(
      versionData.versionId,
      tx
        .select({ id: versions.id })
        .from(versions)
        .where(
          and(
            eq(versions.sproutId, sproutId),
            sql`${versions.number} <= (select max(v.number) from ${versions} v where v.sprout_id = ${sproutId}) - ${KEPT_VERSION_DATA}`,
          ),
        ),
    ),
  );
  await dropUnusedSnapshots(tx, sproutId);
}

/** The snapshot holding `versionId`'s test data, or null when none is kept. */
export async function versionSnapshotId(db: Executor, versionId: string): Promise<string | null> {
  const [row] = await db.select({ id: versionData.snapshotId }).from(versionData).where(eq(versionData.versionId, versionId));
  return row?.id ?? null;
}

/** The project's versions whose test data is kept. */
export async function versionsWithData(db: Executor, sproutId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: versionData.versionId })
    .from(versionData)
    .innerJoin(dataSnapshots, eq(dataSnapshots.id, versionData.snapshotId))
    .where(eq(dataSnapshots.sproutId, sproutId));
  return new Set(rows.map((r) => r.id));
}

/**
 * Replaces the test data with a snapshot's, under the ids it had (the payments collection stays as
 * it is). Returns the collections that changed, before or after, for the open previews to reload.
 */
export async function restoreSnapshot(tx: Executor, sproutId: string, snapshotId: string): Promise<string[]> {
  const [dataset, prefix] = [snapshotDataset(snapshotId), rowPrefix(snapshotId)];
  const collections = await tx.execute(sql`select distinct collection from app_documents
    where sprout_id = ${sproutId} and dataset in ('test', ${dataset}) and collection <> ${PAYMENTS} order by collection`);
  await tx
    .delete(appDocuments)
    .where(and(eq(appDocuments.sproutId, sproutId), eq(appDocuments.dataset, 'test'), sql`${appDocuments.collection} <> ${PAYMENTS}`));
  for (const table of [appFiles, appUsers]) await tx.delete(table).where(and(eq(table.sproutId, sproutId), eq(table.dataset, 'test')));
  const from = prefix.length + 1;
  await tx.execute(sql`insert into app_documents (id, sprout_id, dataset, collection, data, created_by, size, created_at, updated_at)
    select substr(id, ${from}), sprout_id, 'test', collection, data, created_by, size, created_at, updated_at
    from app_documents where sprout_id = ${sproutId} and dataset = ${dataset}`);
  await tx.execute(sql`insert into app_files (id, sprout_id, dataset, name, mime_type, size, storage_key, data, created_by, created_at)
    select substr(id, ${from}), sprout_id, 'test', name, mime_type, size, storage_key, data, created_by, created_at
    from app_files where sprout_id = ${sproutId} and dataset = ${dataset}`);
  await tx.execute(sql`insert into app_users (id, sprout_id, dataset, email, password_hash, sessions_valid_after, created_at)
    select substr(id, ${from}), sprout_id, 'test', email, password_hash, sessions_valid_after, created_at
    from app_users where sprout_id = ${sproutId} and dataset = ${dataset}`);
  return rowsOf<{ collection: string }>(collections).map((r) => r.collection);
}

/** A deleted project keeps no test data of its versions (the rows' deletion queues their files' bytes). */
export async function deleteProjectSnapshots(tx: Executor, sproutId: string): Promise<void> {
  await tx
    .delete(versionData)
    .where(inArray(versionData.snapshotId, tx.select({ id: dataSnapshots.id }).from(dataSnapshots).where(eq(dataSnapshots.sproutId, sproutId))));
  await dropUnusedSnapshots(tx, sproutId);
}
