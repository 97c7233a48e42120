import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { openSlots } from './tables';

export interface OpenSlotsRequest {
  /** The API instance opening them (its rows are renewed while it lives). */
  instance: string;
  keys: readonly string[];
  /** `limits[i]`: the most `keys[i]` may hold open across all live instances. */
  limits: readonly number[];
  /** Rows not renewed for this long belong to an instance that is gone: they no longer count. */
  staleSeconds: number;
}

/**
 * Opens one slot for every key when none is at its limit, counted across live instances, and says
 * so; opens nothing otherwise. One transaction holding each key's advisory lock (taken in key
 * order, so two callers never wait on each other crosswise): two instances checking the same key at
 * once cannot both take its last slot.
 */
export async function tryOpenSlots(db: Executor, r: OpenSlotsRequest): Promise<boolean> {
  const keys = [...new Set(r.keys)].sort();
  const limitOf = new Map(r.keys.map((key, i) => [key, r.limits[i]!]));
  return db.transaction(async (tx) => {
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`open-slots:${key}`}))`);
    const rows = await tx
      .select({ key: openSlots.key, open: sql<number>`sum(${openSlots.open})::int` })
      .from(openSlots)
      .where(and(inArray(openSlots.key, keys), sql`${openSlots.seenAt} > now() - make_interval(secs => ${r.staleSeconds})`))
      .groupBy(openSlots.key);
    const open = new Map(rows.map((row) => [row.key, Number(row.open)]));
    if (keys.some((key) => (open.get(key) ?? 0) >= limitOf.get(key)!)) return false;
    await tx
      .insert(openSlots)
      .values(keys.map((key) => ({ key, instance: r.instance, open: 1 })))
      .onConflictDoUpdate({
        target: [openSlots.key, openSlots.instance],
        set: { open: sql`${openSlots.open} + 1`, seenAt: sql`now()` },
      });
    return true;
  });
}

/** Closes one slot of every key (what a `tryOpenSlots` that succeeded opened); a key left with none loses its row. */
export async function closeOpenSlots(db: Executor, instance: string, keys: readonly string[]): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  await db.transaction(async (tx) => {
    const mine = and(eq(openSlots.instance, instance), inArray(openSlots.key, unique));
    await tx
      .update(openSlots)
      .set({ open: sql`${openSlots.open} - 1` })
      .where(mine);
    await tx.delete(openSlots).where(and(mine, lte(openSlots.open, 0)));
  });
}

/** Keeps an instance's slots counting: called well within `staleSeconds`, while it lives. */
export async function renewOpenSlots(db: Executor, instance: string): Promise<void> {
  await db.update(openSlots).set({ seenAt: sql`now()` }).where(eq(openSlots.instance, instance));
}

/** Removes the rows of instances that are gone (they count for nothing already); returns how many. */
export async function dropStaleOpenSlots(db: Executor, staleSeconds: number): Promise<number> {
  const rows = await db.delete(openSlots).where(sql`${openSlots.seenAt} < now() - make_interval(secs => ${staleSeconds})`).returning({ key: openSlots.key });
  return rows.length;
}

/** An instance that stops (a graceful shutdown): its slots stop counting at once, not when they go stale. */
export async function releaseInstanceSlots(db: Executor, instance: string): Promise<void> {
  await db.delete(openSlots).where(eq(openSlots.instance, instance));
}
