import { and, count, desc, eq, gte, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { userTierColumn } from '../queries/users';
import { messageUsage, sprouts, subscriptions, users } from '../schema';

/** `%` and `_` typed by staff are letters, not wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface PersonSummaryRow {
  id: string;
  email: string;
  displayName: string;
  tier: string;
  projects: number;
  monthlyMessages: number;
  createdAt: Date;
}

/**
 * People whose email or name contains `q` (any case), newest accounts first; an empty `q` lists the
 * newest. Each with their live projects and the messages counted against them since `monthStart`.
 */
export async function searchPeople(db: Executor, input: { q: string; limit: number; monthStart: Date }): Promise<PersonSummaryRow[]> {
  const pattern = `%${likeEscape(input.q.trim())}%`;
  const projects = db
    .select({ ownerId: sprouts.ownerId, n: count().as('projects') })
    .from(sprouts)
    .where(isNull(sprouts.deletedAt))
    .groupBy(sprouts.ownerId)
    .as('p');
  const messages = db
    .select({ userId: messageUsage.userId, n: count().as('messages') })
    .from(messageUsage)
    .where(and(gte(messageUsage.createdAt, input.monthStart), isNull(messageUsage.refundedAt)))
    .groupBy(messageUsage.userId)
    .as('m');
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      tier: userTierColumn,
      projects: sql<number>`coalesce(${projects.n}, 0)::int`,
      monthlyMessages: sql<number>`coalesce(${messages.n}, 0)::int`,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(projects, eq(projects.ownerId, users.id))
    .leftJoin(messages, eq(messages.userId, users.id))
    .where(input.q.trim() ? or(ilike(users.email, pattern), ilike(users.displayName, pattern)) : undefined)
    .orderBy(desc(users.createdAt), users.id)
    .limit(input.limit);
  return rows;
}

/** A person's projects, deleted ones too (marked), newest first, each with its number of versions. */
export function listPersonProjects(db: Executor, userId: string, limit = 200) {
  return db
    .select({
      id: sprouts.id,
      displayName: sprouts.displayName,
      isDeploymentEnabled: sprouts.isDeploymentEnabled,
      publicUrl: sprouts.publicUrl,
      // Spelled out: drizzle leaves columns unqualified inside a sql template, which would bind to versions.id.
      versions: sql<number>`(select count(*) from "versions" where "versions"."sprout_id" = "sprouts"."id")::int`,
      createdAt: sprouts.createdAt,
      updatedAt: sprouts.updatedAt,
      deletedAt: sprouts.deletedAt,
    })
    .from(sprouts)
    .where(eq(sprouts.ownerId, userId))
    .orderBy(desc(sprouts.createdAt))
    .limit(limit);
}
