import { releaseSlug } from '../queries/addresses';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import { runAttemptFiles, runAttempts } from '../attempts/tables';
import { analyticsEvents, auditLog, billingEvents, blobs, rateLimits, sprouts, users, versionFiles, versions } from '../schema';

export interface AccountDeletion {
  /** Projects removed, soft-deleted ones included. */
  projects: number;
  /** Of those, how many were published (now answered as unpublished). */
  publishedApps: number;
  /** File contents no other project shares, removed with them. */
  blobs: number;
}

/**
 * Removes a person and everything of theirs, in one transaction: their published apps stop at once
 * (the site host finds no project), their projects with versions, chats, runs and their events,
 * deployments, app data, app users, files, attempts and screenshots (cascades from `sprouts`), then
 * the account with its subscription, sessions, links, usage, visits, flags and uploads (cascades
 * from `users`), and the rows that name them without a foreign key: analytics events (also the
 * visitor id's events from before sign-in), billing notifications and rate-limit counters. File
 * contents are shared by hash, so only those no other project refers to are removed. The audit log
 * keeps its entries, which hold ids only, and gets `account.deleted`. Null: no such account.
 */
export function deleteAccountData(
  db: Db,
  userId: string,
  audit: { actorId: string | null; details: Record<string, unknown> },
): Promise<AccountDeletion | null> {
  return db.transaction(async (tx) => {
    // The row lock makes a message sent in the same moment (start-run locks the user too) wait, then find no one.
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) return null;
    const owned = await tx
      .select({ id: sprouts.id, published: sprouts.isDeploymentEnabled, slug: sprouts.slug })
      .from(sprouts)
      .where(eq(sprouts.ownerId, userId));
    const sproutIds = owned.map((p) => p.id);
    // Unpublished first, in the same transaction: no instance serves these apps once it commits.
    if (sproutIds.length) await tx.update(sprouts).set({ isDeploymentEnabled: false }).where(eq(sprouts.ownerId, userId));
    const hashes = sproutIds.length ? await blobHashesOf(tx, sproutIds) : [];
    if (sproutIds.length) await tx.delete(sprouts).where(eq(sprouts.ownerId, userId));
    // Their addresses are held for nobody for a while: a stranger cannot take an app's origin at once.
    for (const p of owned) if (p.slug) await releaseSlug(tx, p.slug, null);
    await tx
      .delete(analyticsEvents)
      .where(
        sql`${analyticsEvents.userId} = ${userId} or (${analyticsEvents.userId} is null and ${analyticsEvents.anonymousId} in (select anonymous_id from analytics_events where user_id = ${userId} and anonymous_id is not null))`,
      );
    await tx.delete(billingEvents).where(eq(billingEvents.userId, userId));
    await deleteRateLimitsNaming(tx, [userId, user.email, ...sproutIds]);
    await tx.delete(users).where(eq(users.id, userId));
    const removedBlobs = await deleteUnreferencedBlobs(tx, hashes);
    await tx.insert(auditLog).values({ actorId: audit.actorId, action: 'account.deleted', targetUserId: userId, details: audit.details });
    return { projects: owned.length, publishedApps: owned.filter((p) => p.published).length, blobs: removedBlobs };
  });
}

async function blobHashesOf(tx: Executor, sproutIds: string[]): Promise<string[]> {
  const inVersions = await tx
    .selectDistinct({ hash: versionFiles.blobHash })
    .from(versionFiles)
    .innerJoin(versions, eq(versions.id, versionFiles.versionId))
    .where(inArray(versions.sproutId, sproutIds));
  const inAttempts = await tx
    .selectDistinct({ hash: runAttemptFiles.blobHash })
    .from(runAttemptFiles)
    .innerJoin(runAttempts, eq(runAttempts.runId, runAttemptFiles.runId))
    .where(inArray(runAttempts.sproutId, sproutIds));
  return [...new Set([...inVersions, ...inAttempts].map((r) => r.hash))];
}

/** Counters keyed by the person's id, address or projects' ids (`login:account:{email}:{ip}`, `reset:{id}`, `app-login:{sproutId}:…`), matched as whole segments. */
async function deleteRateLimitsNaming(tx: Executor, names: string[]): Promise<void> {
  await tx
    .delete(rateLimits)
    .where(
      sql`exists (select 1 from unnest(${toTextArray(names)}::text[]) as n(name) where position(':' || n.name || ':' in ':' || ${rateLimits.key} || ':') > 0)`,
    );
}

const CHUNK = 500;

async function deleteUnreferencedBlobs(tx: Executor, hashes: string[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < hashes.length; i += CHUNK) {
    const rows = await tx
      .delete(blobs)
      .where(
        and(
          inArray(blobs.hash, hashes.slice(i, i + CHUNK)),
          sql`not exists (select 1 from version_files vf where vf.blob_hash = ${blobs.hash})`,
          sql`not exists (select 1 from run_attempt_files af where af.blob_hash = ${blobs.hash})`,
        ),
      )
      .returning({ hash: blobs.hash });
    removed += rows.length;
  }
  return removed;
}

// A JS array as one text[] parameter (drizzle would otherwise spread it into a row of parameters).
function toTextArray(values: string[]) {
  return sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}`;
}
