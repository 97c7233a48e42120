import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import { newId } from '../ids';
import { lockUser } from '../queries/users';
import { accessTokens } from './tables';

export type AccessTokenRow = typeof accessTokens.$inferSelect;
export type AccessTokenScope = AccessTokenRow['scope'];

/**
 * Stores a new token (its hash only) unless the person already holds `limit` tokens that are not
 * revoked; the count and the insert are serialised per person by a lock on their row.
 */
export function insertAccessToken(
  db: Db,
  input: { userId: string; name: string; scope: AccessTokenScope; tokenHash: string },
  limit: number,
): Promise<AccessTokenRow | 'limit_reached' | 'no_user'> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, input.userId))) return 'no_user' as const;
    const [held] = await tx
      .select({ n: count() })
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, input.userId), isNull(accessTokens.revokedAt)));
    if ((held?.n ?? 0) >= limit) return 'limit_reached' as const;
    const [row] = await tx
      .insert(accessTokens)
      .values({ id: newId(), ...input })
      .returning();
    return row!;
  });
}

/** A person's tokens that still open something, oldest first. */
export function listAccessTokens(db: Executor, userId: string): Promise<AccessTokenRow[]> {
  return db
    .select()
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
    .orderBy(asc(accessTokens.createdAt), asc(accessTokens.id));
}

/** Revokes one of the person's tokens; false when they hold no such token (or it was revoked already). */
export async function revokeAccessToken(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id });
  return rows.length === 1;
}

/** The token of this hash, if it is not revoked, marked as used now. */
export async function useAccessToken(db: Executor, tokenHash: string): Promise<AccessTokenRow | null> {
  const rows = await db
    .update(accessTokens)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt)))
    .returning();
  return rows[0] ?? null;
}
