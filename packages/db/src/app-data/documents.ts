import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Filter, ListQuery } from '@sprout/core';
import type { Db, Executor } from '../create-db';
import { newId } from '../ids';
import { appDocuments, appFiles } from './tables';
import { type AppScope, lockDataset } from './scope';

export interface AppDocument {
  id: string;
  collection: string;
  data: Record<string, unknown>;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  /** The sort value of this document under the list's order, for its cursor. */
  sortValue?: unknown;
}

export interface DataQuota {
  documents: number;
  storageBytes: number;
  /** What one creator may hold (a visitor or an app user): a share of the whole, so nobody fills it alone. */
  perCreator?: { documents: number; storageBytes: number };
}

/** A dataset's documents and bytes (documents and files together). */
export interface DataUsage {
  documents: number;
  bytes: number;
}

export type WriteResult =
  | { ok: true; doc: AppDocument; usage: DataUsage }
  | { ok: false; reason: 'duplicate'; field: string }
  | { ok: false; reason: 'quota'; limit: 'documents' | 'storage' | 'creator' }
  | { ok: false; reason: 'not_found' };

/** What a document read returns (lists add their sort value). */
export const documentColumns = {
  id: appDocuments.id,
  collection: appDocuments.collection,
  data: appDocuments.data,
  createdBy: appDocuments.createdBy,
  createdAt: appDocuments.createdAt,
  updatedAt: appDocuments.updatedAt,
};

const scoped = (scope: AppScope, collection: string) =>
  and(eq(appDocuments.sproutId, scope.sproutId), eq(appDocuments.dataset, scope.dataset), eq(appDocuments.collection, collection));

const jsonSize = (data: unknown) => Buffer.byteLength(JSON.stringify(data), 'utf8');

/** What one creator holds in a dataset: their documents, and the bytes of their documents and files. */
export async function creatorUsage(db: Executor, scope: AppScope, createdBy: string): Promise<DataUsage> {
  const [docs] = await db
    .select({ n: count(), bytes: sql<string>`coalesce(sum(${appDocuments.size}), 0)` })
    .from(appDocuments)
    .where(and(eq(appDocuments.sproutId, scope.sproutId), eq(appDocuments.dataset, scope.dataset), eq(appDocuments.createdBy, createdBy)));
  const [files] = await db
    .select({ bytes: sql<string>`coalesce(sum(${appFiles.size}), 0)` })
    .from(appFiles)
    .where(and(eq(appFiles.sproutId, scope.sproutId), eq(appFiles.dataset, scope.dataset), eq(appFiles.createdBy, createdBy)));
  return { documents: Number(docs?.n ?? 0), bytes: Number(docs?.bytes ?? 0) + Number(files?.bytes ?? 0) };
}

/** Whether one more document (`addsDocument`) of `growth` bytes would take its creator past their share. */
async function creatorFull(tx: Executor, scope: AppScope, createdBy: string, quota: DataQuota, addsDocument: boolean, growth: number): Promise<boolean> {
  if (!quota.perCreator) return false;
  const mine = await creatorUsage(tx, scope, createdBy);
  return (addsDocument && mine.documents >= quota.perCreator.documents) || (growth > 0 && mine.bytes + growth > quota.perCreator.storageBytes);
}

/** Bytes used by a dataset's documents and files, and how many documents it holds. */
export async function appDataUsage(db: Executor, scope: AppScope): Promise<DataUsage> {
  const [docs] = await db
    .select({ n: count(), bytes: sql<string>`coalesce(sum(${appDocuments.size}), 0)` })
    .from(appDocuments)
    .where(and(eq(appDocuments.sproutId, scope.sproutId), eq(appDocuments.dataset, scope.dataset)));
  const [files] = await db
    .select({ bytes: sql<string>`coalesce(sum(${appFiles.size}), 0)` })
    .from(appFiles)
    .where(and(eq(appFiles.sproutId, scope.sproutId), eq(appFiles.dataset, scope.dataset)));
  return { documents: Number(docs?.n ?? 0), bytes: Number(docs?.bytes ?? 0) + Number(files?.bytes ?? 0) };
}

async function duplicateField(tx: Executor, scope: AppScope, collection: string, unique: string[], data: Record<string, unknown>, except?: string) {
  for (const field of unique) {
    const value = data[field];
    if (value === undefined || value === null) continue;
    const hit = await tx
      .select({ id: appDocuments.id })
      .from(appDocuments)
      .where(
        and(
          scoped(scope, collection),
          sql`${appDocuments.data} -> ${field} = ${JSON.stringify(value)}::jsonb`,
          except ? sql`${appDocuments.id} <> ${except}` : undefined,
        ),
      )
      .limit(1);
    if (hit.length) return field;
  }
  return null;
}

/** Adds a document: quota and unique fields checked under the dataset's lock, in one transaction. */
export function insertAppDocument(
  db: Db,
  scope: AppScope,
  input: { collection: string; data: Record<string, unknown>; createdBy: string; unique: string[]; quota: DataQuota },
): Promise<WriteResult> {
  return db.transaction(async (tx): Promise<WriteResult> => {
    await lockDataset(tx, scope);
    const size = jsonSize(input.data);
    const usage = await appDataUsage(tx, scope);
    if (usage.documents >= input.quota.documents) return { ok: false, reason: 'quota', limit: 'documents' };
    if (usage.bytes + size > input.quota.storageBytes) return { ok: false, reason: 'quota', limit: 'storage' };
    if (await creatorFull(tx, scope, input.createdBy, input.quota, true, size)) return { ok: false, reason: 'quota', limit: 'creator' };
    const field = await duplicateField(tx, scope, input.collection, input.unique, input.data);
    if (field) return { ok: false, reason: 'duplicate', field };
    const [row] = await tx
      .insert(appDocuments)
      .values({ id: newId(), ...scope, collection: input.collection, data: input.data, createdBy: input.createdBy, size })
      .returning(documentColumns);
    return { ok: true, doc: row!, usage: { documents: usage.documents + 1, bytes: usage.bytes + size } };
  });
}

export async function getAppDocument(db: Executor, scope: AppScope, collection: string, id: string): Promise<AppDocument | null> {
  const rows = await db
    .select(documentColumns)
    .from(appDocuments)
    .where(and(scoped(scope, collection), eq(appDocuments.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** Replaces a document's data (the caller merged the patch and checked it), under the same rules as an insert. */
export function replaceAppDocument(
  db: Db,
  scope: AppScope,
  input: { collection: string; id: string; data: Record<string, unknown>; unique: string[]; quota: DataQuota },
): Promise<WriteResult> {
  return db.transaction(async (tx): Promise<WriteResult> => {
    await lockDataset(tx, scope);
    const current = await tx
      .select({ size: appDocuments.size, createdBy: appDocuments.createdBy })
      .from(appDocuments)
      .where(and(scoped(scope, input.collection), eq(appDocuments.id, input.id)))
      .for('update');
    if (!current[0]) return { ok: false, reason: 'not_found' };
    const size = jsonSize(input.data);
    const usage = await appDataUsage(tx, scope);
    if (size > current[0].size && usage.bytes - current[0].size + size > input.quota.storageBytes) return { ok: false, reason: 'quota', limit: 'storage' };
    // Growing a document counts against whoever created it, as adding one would.
    if (await creatorFull(tx, scope, current[0].createdBy, input.quota, false, size - current[0].size)) return { ok: false, reason: 'quota', limit: 'creator' };
    const field = await duplicateField(tx, scope, input.collection, input.unique, input.data, input.id);
    if (field) return { ok: false, reason: 'duplicate', field };
    const [row] = await tx
      .update(appDocuments)
      .set({ data: input.data, size, updatedAt: new Date() })
      .where(and(scoped(scope, input.collection), eq(appDocuments.id, input.id)))
      .returning(documentColumns);
    return row
      ? { ok: true, doc: row, usage: { documents: usage.documents, bytes: usage.bytes - current[0].size + size } }
      : { ok: false, reason: 'not_found' };
  });
}

export async function deleteAppDocument(db: Executor, scope: AppScope, collection: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(appDocuments)
    .where(and(scoped(scope, collection), eq(appDocuments.id, id)))
    .returning({ id: appDocuments.id });
  return rows.length > 0;
}

const SYSTEM_SORT: Record<string, SQL> = {
  createdAt: sql`${appDocuments.createdAt}`,
  updatedAt: sql`${appDocuments.updatedAt}`,
};

function sortExpression(orderBy: string): { expr: SQL; system: boolean } {
  const system = SYSTEM_SORT[orderBy];
  // A missing field sorts as JSON null: every document has a place in the order, so cursors never skip one.
  return system ? { expr: system, system: true } : { expr: sql`coalesce(${appDocuments.data} -> ${orderBy}, 'null'::jsonb)`, system: false };
}

function filterExpression(filter: Filter): SQL {
  if (filter.field === 'createdBy') {
    const values = Array.isArray(filter.value) ? filter.value : [filter.value];
    return filter.op === 'ne'
      ? sql`${appDocuments.createdBy} <> ${String(filter.value)}`
      : sql`${appDocuments.createdBy} in (${sql.join(
          values.map((v) => sql`${String(v)}`),
          sql`, `,
        )})`;
  }
  const field = sql`coalesce(${appDocuments.data} -> ${filter.field}, 'null'::jsonb)`;
  if (filter.op === 'in') {
    const values = (filter.value as unknown[]).map((v) => sql`${JSON.stringify(v)}::jsonb`);
    return values.length ? sql`${field} in (${sql.join(values, sql`, `)})` : sql`false`;
  }
  const value = sql`${JSON.stringify(filter.value)}::jsonb`;
  const op = { eq: sql`=`, ne: sql`<>`, gt: sql`>`, gte: sql`>=`, lt: sql`<`, lte: sql`<=` }[filter.op];
  // Ranges compare like with like: "price > 3" never matches a string price.
  const sameType = filter.op === 'eq' || filter.op === 'ne' ? sql`true` : sql`jsonb_typeof(${field}) = jsonb_typeof(${value})`;
  return sql`(${field} ${op} ${value} and ${sameType})`;
}

/**
 * One page of a collection. `onlyCreatedBy`, when given, limits the page to documents those
 * creators made (the `creator` read rule): it is part of the query, so no filter or cursor can
 * reach past it.
 */
export async function listAppDocuments(
  db: Executor,
  scope: AppScope,
  collection: string,
  query: ListQuery,
  onlyCreatedBy: string[] | null,
): Promise<{ docs: AppDocument[]; more: boolean }> {
  const { expr, system } = sortExpression(query.orderBy);
  const conditions: (SQL | undefined)[] = [scoped(scope, collection), ...query.where.map(filterExpression)];
  if (onlyCreatedBy) {
    conditions.push(
      onlyCreatedBy.length
        ? sql`${appDocuments.createdBy} in (${sql.join(
            onlyCreatedBy.map((c) => sql`${c}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  if (query.after) {
    const value = system ? sql`${String(query.after.value)}::timestamptz` : sql`${JSON.stringify(query.after.value)}::jsonb`;
    conditions.push(
      query.desc ? sql`(${expr}, ${appDocuments.id}) < (${value}, ${query.after.id})` : sql`(${expr}, ${appDocuments.id}) > (${value}, ${query.after.id})`,
    );
  }
  const direction = query.desc ? sql`desc` : sql`asc`;
  const rows = await db
    .select({ ...documentColumns, sortValue: system ? sql<string>`${expr}::text` : sql<unknown>`${expr}` })
    .from(appDocuments)
    .where(and(...conditions))
    .orderBy(sql`${expr} ${direction}`, sql`${appDocuments.id} ${direction}`)
    .limit(query.limit + 1);
  return { docs: rows.slice(0, query.limit), more: rows.length > query.limit };
}
