import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { newId } from '../ids';
import { refreshTokens } from '../schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: Executor,
  input: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<RefreshTokenRow> {
  const rows = await db
    .insert(refreshTokens)
    .values({ id: newId(), ...input })
    .returning();
  return rows[0]!;
}

export type ConsumeResult = { status: 'ok'; token: RefreshTokenRow } | { status: 'reused'; token: RefreshTokenRow } | { status: 'invalid' };

/**
 * Marks a refresh token used, atomically: of two concurrent uses exactly one wins. A token that
 * was already used or revoked is a replay — the caller revokes its whole family.
 */
export async function consumeRefreshToken(db: Executor, tokenHash: string, now = new Date()): Promise<ConsumeResult> {
  const used = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
    .returning();
  if (used[0]) return { status: 'ok', token: used[0] };
  const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  const row = rows[0];
  if (row && (row.usedAt || row.revokedAt)) return { status: 'reused', token: row };
  return { status: 'invalid' };
}

export async function revokeRefreshFamily(db: Executor, familyId: string, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function findRefreshToken(db: Executor, tokenHash: string): Promise<RefreshTokenRow | null> {
  const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return rows[0] ?? null;
}

export async function revokeAllRefreshTokensForUser(db: Executor, userId: string, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
