import { and, asc, count, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { sprouts } from '../schema';
import { isUniqueViolation } from '../unique-violation';
import { customDomains } from './tables';

export type CustomDomainRow = typeof customDomains.$inferSelect;

/** Whether another app has this domain verified: it is theirs until they remove it or its records vanish. */
async function verifiedElsewhere(db: Executor, sproutId: string, domain: string): Promise<boolean> {
  const rows = await db
    .select({ sproutId: customDomains.sproutId })
    .from(customDomains)
    .where(and(eq(customDomains.domain, domain), isNotNull(customDomains.verifiedAt), ne(customDomains.sproutId, sproutId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Claims a domain for a project: several projects may claim a domain nobody has proven, and the one
 * whose TXT record is found gets it. Claiming again returns the existing claim (its token kept).
 */
export async function claimCustomDomain(
  db: Executor,
  input: { sproutId: string; domain: string; verifyToken: string },
): Promise<{ ok: true; row: CustomDomainRow } | { ok: false; reason: 'taken' }> {
  if (await verifiedElsewhere(db, input.sproutId, input.domain)) return { ok: false, reason: 'taken' };
  await db.insert(customDomains).values(input).onConflictDoNothing();
  const row = await getCustomDomain(db, input.sproutId, input.domain);
  if (!row) throw new Error('a claimed domain was removed as it was claimed');
  return { ok: true, row };
}

export async function getCustomDomain(db: Executor, sproutId: string, domain: string): Promise<CustomDomainRow | null> {
  const rows = await db
    .select()
    .from(customDomains)
    .where(and(eq(customDomains.sproutId, sproutId), eq(customDomains.domain, domain)))
    .limit(1);
  return rows[0] ?? null;
}

/** A project's domains, oldest first. */
export async function listCustomDomains(db: Executor, sproutId: string): Promise<CustomDomainRow[]> {
  return db.select().from(customDomains).where(eq(customDomains.sproutId, sproutId)).orderBy(asc(customDomains.createdAt), asc(customDomains.domain));
}

/** How many domains an owner's projects (not deleted) have claimed: what the plan's limit counts. */
export async function countOwnerCustomDomains(db: Executor, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customDomains)
    .innerJoin(sprouts, eq(sprouts.id, customDomains.sproutId))
    .where(and(eq(sprouts.ownerId, ownerId), isNull(sprouts.deletedAt)));
  return Number(row?.n ?? 0);
}

/**
 * Records a check: `error` null verifies the domain (keeping when it was first verified), an error
 * unverifies it and keeps the reason. Another app verified the same domain first: not verified here
 * ('taken'; the partial unique index decides between instances).
 */
export async function markCustomDomainChecked(
  db: Executor,
  input: { sproutId: string; domain: string; error: string | null; at: Date },
): Promise<{ ok: true; row: CustomDomainRow | null } | { ok: false; reason: 'taken' }> {
  const where = and(eq(customDomains.sproutId, input.sproutId), eq(customDomains.domain, input.domain));
  if (input.error !== null) {
    const [row] = await db.update(customDomains).set({ verifiedAt: null, lastCheckedAt: input.at, lastError: input.error }).where(where).returning();
    return { ok: true, row: row ?? null };
  }
  try {
    const [row] = await db
      .update(customDomains)
      .set({ verifiedAt: sql`coalesce(${customDomains.verifiedAt}, ${input.at.toISOString()}::timestamptz)`, lastCheckedAt: input.at, lastError: null })
      .where(where)
      .returning();
    return { ok: true, row: row ?? null };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return { ok: false, reason: 'taken' };
  }
}

export async function removeCustomDomain(db: Executor, sproutId: string, domain: string): Promise<boolean> {
  const rows = await db
    .delete(customDomains)
    .where(and(eq(customDomains.sproutId, sproutId), eq(customDomains.domain, domain)))
    .returning({ domain: customDomains.domain });
  return rows.length > 0;
}

/** Makes `domain` the project's one primary domain (`primary` false: none). Null when the project has no such domain. */
export async function setPrimaryCustomDomain(db: Executor, sproutId: string, domain: string, primary: boolean): Promise<CustomDomainRow | null> {
  return db.transaction(async (tx) => {
    if (!(await getCustomDomain(tx, sproutId, domain))) return null;
    if (primary)
      await tx
        .update(customDomains)
        .set({ isPrimary: false })
        .where(and(eq(customDomains.sproutId, sproutId), ne(customDomains.domain, domain)));
    const [row] = await tx
      .update(customDomains)
      .set({ isPrimary: primary })
      .where(and(eq(customDomains.sproutId, sproutId), eq(customDomains.domain, domain)))
      .returning();
    return row ?? null;
  });
}

const published = and(eq(sprouts.isDeploymentEnabled, true), isNull(sprouts.deletedAt), isNotNull(sprouts.publicUrl), isNotNull(sprouts.slug));

/**
 * The published app a verified domain serves, or null: asked on every request to a host Sprout does
 * not know, so one query on the domain's index (at most one verified row).
 */
export async function findCustomDomainSite(db: Executor, domain: string): Promise<{ sproutId: string; slug: string } | null> {
  const rows = await db
    .select({ sproutId: sprouts.id, slug: sprouts.slug })
    .from(customDomains)
    .innerJoin(sprouts, eq(sprouts.id, customDomains.sproutId))
    .where(and(eq(customDomains.domain, domain), isNotNull(customDomains.verifiedAt), published))
    .limit(1);
  const row = rows[0];
  return row?.slug ? { sproutId: row.sproutId, slug: row.slug } : null;
}

/** The verified primary domain of the app published at `slug`, where its slug address sends page requests. */
export async function primaryDomainOfSlug(db: Executor, slug: string): Promise<string | null> {
  const rows = await db
    .select({ domain: customDomains.domain })
    .from(customDomains)
    .innerJoin(sprouts, eq(sprouts.id, customDomains.sproutId))
    .where(and(eq(sprouts.slug, slug), eq(customDomains.isPrimary, true), isNotNull(customDomains.verifiedAt), published))
    .limit(1);
  return rows[0]?.domain ?? null;
}

/**
 * Domains due for a scheduled check at `now`, and claimed for it (their `last_checked_at` moved to
 * now, so of several instances one checks each): pending ones added within `pendingForMs`, every
 * `pendingEveryMs`; verified ones every `verifiedEveryMs`.
 */
export async function claimDomainsDueForCheck(
  db: Executor,
  o: { now: Date; pendingEveryMs: number; pendingForMs: number; verifiedEveryMs: number; limit?: number },
): Promise<CustomDomainRow[]> {
  const ago = (ms: number) => new Date(o.now.getTime() - ms);
  const due = or(
    and(
      isNull(customDomains.verifiedAt),
      gt(customDomains.createdAt, ago(o.pendingForMs)),
      or(isNull(customDomains.lastCheckedAt), lt(customDomains.lastCheckedAt, ago(o.pendingEveryMs))),
    ),
    and(isNotNull(customDomains.verifiedAt), or(isNull(customDomains.lastCheckedAt), lt(customDomains.lastCheckedAt, ago(o.verifiedEveryMs)))),
  );
  const candidates = await db
    .select({ sproutId: customDomains.sproutId, domain: customDomains.domain, lastCheckedAt: customDomains.lastCheckedAt })
    .from(customDomains)
    .where(due)
    .orderBy(asc(customDomains.lastCheckedAt))
    .limit(o.limit ?? 100);
  const claimed: CustomDomainRow[] = [];
  for (const c of candidates) {
    const same = c.lastCheckedAt ? eq(customDomains.lastCheckedAt, c.lastCheckedAt) : isNull(customDomains.lastCheckedAt);
    const [row] = await db
      .update(customDomains)
      .set({ lastCheckedAt: o.now })
      .where(and(eq(customDomains.sproutId, c.sproutId), eq(customDomains.domain, c.domain), same))
      .returning();
    if (row) claimed.push(row);
  }
  return claimed;
}
