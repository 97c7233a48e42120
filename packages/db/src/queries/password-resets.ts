import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { newId } from '../ids';
import { passwordResetTokens } from '../schema';

export async function insertPasswordReset(db: Executor, input: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values({ id: newId(), ...input });
}

/** Single use: the first caller gets the user id, every later or expired use gets null. */
export async function consumePasswordReset(db: Executor, tokenHash: string, now = new Date()): Promise<string | null> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  return rows[0]?.userId ?? null;
}

/** Ends every unused reset link of a person (after a reset, no other link may set the password again). */
export async function endPasswordResets(db: Executor, userId: string, now = new Date()): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
