import type { NameOrigin } from '@sprout/core';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import { newId } from '../ids';
import { preparedFor } from './prepared';
import { sprouts } from '../schema';
import { deleteProjectFiles } from './stored-files';
import { lockDataset } from '../app-data/scope';
import { deleteProjectSnapshots } from '../data-snapshots/snapshots';

export type SproutRow = typeof sprouts.$inferSelect;

const active = (ownerId: string) => and(eq(sprouts.ownerId, ownerId), isNull(sprouts.deletedAt));

const listQuery = <T extends Executor>(db: T, ownerId: string | ReturnType<typeof sql.placeholder>) =>
  db
    .select()
    .from(sprouts)
    .where(and(eq(sprouts.ownerId, ownerId), isNull(sprouts.deletedAt)))
    .orderBy(desc(sprouts.isPinned), desc(sprouts.updatedAt), desc(sprouts.createdAt));
const listPrepared = preparedFor((db) => listQuery(db, sql.placeholder('ownerId')).prepare(''));

/** Pinned first, then most recently updated. Prepared once per database: the list is a hot route. */
export function listSproutsForOwner(db: Executor, ownerId: string): Promise<SproutRow[]> {
  return listPrepared(db)?.execute({ ownerId }) ?? listQuery(db, ownerId);
}

/** The project if it exists, is not deleted and belongs to `ownerId`; otherwise null. */
export async function getSproutForOwner(db: Executor, id: string, ownerId: string): Promise<SproutRow | null> {
  const rows = await db
    .select()
    .from(sprouts)
    .where(and(eq(sprouts.id, id), active(ownerId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function getSproutById(db: Executor, id: string): Promise<SproutRow | null> {
  const rows = await db
    .select()
    .from(sprouts)
    .where(and(eq(sprouts.id, id), isNull(sprouts.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function countActiveSprouts(db: Executor, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sprouts).where(active(ownerId));
  return Number(row?.n ?? 0);
}

export async function insertSprout(db: Executor, input: { ownerId: string; displayName: string; nameOrigin?: NameOrigin }): Promise<SproutRow> {
  const rows = await db
    .insert(sprouts)
    .values({ id: newId(), ...input })
    .returning();
  return rows[0]!;
}

export async function updateSproutForOwner(
  db: Executor,
  id: string,
  ownerId: string,
  changes: Partial<Pick<SproutRow, 'displayName' | 'isDeploymentEnabled' | 'isPinned' | 'shareEnabled' | 'publicUrl'>>,
): Promise<SproutRow | null> {
  const set: Partial<SproutRow> = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return getSproutForOwner(db, id, ownerId);
  // Pinning or unpublishing is not an edit: only a real rename moves the project's "last edited" time
  // (clients send the full object, so an unchanged name comes along with every PATCH).
  // A name typed by the person is theirs from then on: Sprout never renames it (core NameOrigin).
  const touch =
    changes.displayName !== undefined
      ? {
          updatedAt: sql`case when ${sprouts.displayName} is distinct from ${changes.displayName} then now() else ${sprouts.updatedAt} end`,
          nameOrigin: sql`case when ${sprouts.displayName} is distinct from ${changes.displayName} then 'person' else ${sprouts.nameOrigin} end`,
        }
      : {};
  const rows = await db
    .update(sprouts)
    .set({ ...set, ...touch })
    .where(and(eq(sprouts.id, id), active(ownerId)))
    .returning();
  return rows[0] ?? null;
}

/**
 * Deletes a project for its owner: it stops being served, and its files, builds and versions' test
 * data go (their bytes swept from the file store).
 */
export function softDeleteSproutForOwner(db: Db, id: string, ownerId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The datasets' locks before the project row's: the order a new version takes them in (lockForNewVersion).
    for (const dataset of ['check', 'live', 'test'] as const) await lockDataset(tx, { sproutId: id, dataset });
    const rows = await tx
      .update(sprouts)
      // Its deployments are removed below: nothing may point at one any more.
      .set({ deletedAt: new Date(), isDeploymentEnabled: false, activeDeploymentId: null })
      .where(and(eq(sprouts.id, id), active(ownerId)))
      .returning({ id: sprouts.id });
    if (rows.length === 1) {
      await deleteProjectFiles(tx, id);
      await deleteProjectSnapshots(tx, id);
    }
    return rows.length === 1;
  });
}
