import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import { releasedAddresses, sprouts } from '../schema';
import { isUniqueViolation } from '../unique-violation';

// Addresses (slugs) of published apps: claimed at first publish and kept, changed by their owner,
// and when given up held for their owner for a while (`heldSince`: releases after it still hold).

/** Another project holds it, or another owner gave it up after `heldSince` (for the project's owner: theirs to take back). */
const unavailable = (slug: string, heldSince: Date) => sql`(
  exists (select 1 from ${sprouts} s2 where s2.slug = ${slug} and s2.id <> ${sprouts.id})
  or exists (select 1 from ${releasedAddresses} r where r.slug = ${slug} and r.released_at > ${heldSince} and r.owner_id is distinct from ${sprouts.ownerId})
)`;

/** Whether someone other than the project's owner had the address before (their app's storage may still be in browsers there). */
const inheritedFrom = (slug: string) =>
  sql`exists (select 1 from ${releasedAddresses} r where r.slug = ${slug} and r.owner_id is distinct from ${sprouts.ownerId})`;

/** Gives an address up: held for `ownerId` (null: nobody) from now. */
export async function releaseSlug(db: Executor, slug: string, ownerId: string | null, now = new Date()): Promise<void> {
  await db
    .insert(releasedAddresses)
    .values({ slug, ownerId, releasedAt: now })
    .onConflictDoUpdate({ target: releasedAddresses.slug, set: { ownerId, releasedAt: now } });
}

/** Takes `slug` for the project when it is free for it; the release it ends (if any) is removed. */
async function take(tx: Executor, sproutId: string, slug: string, heldSince: Date, onlyIfNone: boolean): Promise<boolean> {
  const rows = await tx
    .update(sprouts)
    .set({ slug, addressInherited: inheritedFrom(slug) })
    .where(and(eq(sprouts.id, sproutId), onlyIfNone ? isNull(sprouts.slug) : undefined, sql`not ${unavailable(slug, heldSince)}`))
    .returning({ slug: sprouts.slug });
  if (rows[0]?.slug !== slug) return false;
  await tx.delete(releasedAddresses).where(eq(releasedAddresses.slug, slug));
  return true;
}

/**
 * Gives the project the first free slug among `candidates`, unless it already has one (a
 * republished app keeps its URL). Returns the project's slug, or null when every candidate is taken or held.
 */
export async function claimSlug(db: Db, sproutId: string, candidates: readonly string[], heldSince = new Date(0)): Promise<string | null> {
  for (const candidate of candidates) {
    const [current] = await db.select({ slug: sprouts.slug }).from(sprouts).where(eq(sprouts.id, sproutId)).limit(1);
    if (!current) return null;
    if (current.slug) return current.slug;
    try {
      if (await db.transaction((tx) => take(tx, sproutId, candidate, heldSince, true))) return candidate;
    } catch (err) {
      // Another project claimed the same slug at the same moment: try the next one.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  const [after] = await db.select({ slug: sprouts.slug }).from(sprouts).where(eq(sprouts.id, sproutId)).limit(1);
  return after?.slug ?? null;
}

/**
 * Gives the project the address `slug`, chosen by its owner: 'taken' when another project holds it
 * (also when one claims it at the same moment) or another owner gave it up after `heldSince`. The
 * project's old address is released, held for its owner.
 */
export async function changeSlug(db: Db, sproutId: string, slug: string, heldSince = new Date(0), now = new Date()): Promise<'ok' | 'taken'> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select({ slug: sprouts.slug, ownerId: sprouts.ownerId }).from(sprouts).where(eq(sprouts.id, sproutId)).for('update');
      if (!current) return 'taken';
      if (current.slug === slug) return 'ok';
      if (!(await take(tx, sproutId, slug, heldSince, false))) return 'taken';
      if (current.slug) await releaseSlug(tx, current.slug, current.ownerId, now);
      return 'ok';
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

export type SlugState = { kind: 'free' } | { kind: 'held' } | { kind: 'project'; sproutId: string };

/** Who has `slug` for a project of `ownerId`: a project (deleted ones keep theirs), held after another owner gave it up, or free. */
export async function slugState(db: Executor, slug: string, ownerId: string, heldSince: Date): Promise<SlugState> {
  const [row] = await db.select({ id: sprouts.id }).from(sprouts).where(eq(sprouts.slug, slug)).limit(1);
  if (row) return { kind: 'project', sproutId: row.id };
  const [held] = await db
    .select({ ownerId: releasedAddresses.ownerId })
    .from(releasedAddresses)
    .where(and(eq(releasedAddresses.slug, slug), gt(releasedAddresses.releasedAt, heldSince)))
    .limit(1);
  return held && held.ownerId !== ownerId ? { kind: 'held' } : { kind: 'free' };
}
