import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { newId } from '../ids';
import { isUniqueViolation } from '../unique-violation';
import { normalizeEmail } from '../queries/users';
import { users } from '../schema';
import { emailTokens } from './tables';

export type EmailTokenPurpose = 'verify' | 'change';

/**
 * Stores a new link's token hash and ends the person's earlier unused links of the same purpose:
 * only the newest link works (a resend, or a second change of mind about the new address).
 */
export async function replaceEmailToken(
  db: Executor,
  input: { userId: string; purpose: EmailTokenPurpose; email: string; tokenHash: string; expiresAt: Date },
  now = new Date(),
): Promise<void> {
  await endEmailTokens(db, input.userId, input.purpose, now);
  await db.insert(emailTokens).values({ id: newId(), ...input, email: normalizeEmail(input.email) });
}

/** Single use: the first caller gets what the link proves; a used, expired or unknown link gets null. */
export async function consumeEmailToken(
  db: Executor,
  tokenHash: string,
  now = new Date(),
): Promise<{ userId: string; purpose: EmailTokenPurpose; email: string } | null> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, tokenHash), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({ userId: emailTokens.userId, purpose: emailTokens.purpose, email: emailTokens.email });
  return rows[0] ?? null;
}

/** Ends a person's unused links (of one purpose, or all): after a change of address none of the old ones may act. */
export async function endEmailTokens(db: Executor, userId: string, purpose?: EmailTokenPurpose, now = new Date()): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt), purpose ? eq(emailTokens.purpose, purpose) : undefined));
}

/** The address a person asked to move to and has not confirmed yet, while its link still works. */
export async function getPendingEmailChange(db: Executor, userId: string, now = new Date()): Promise<{ email: string; expiresAt: Date } | null> {
  const rows = await db
    .select({ email: emailTokens.email, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'change'), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Marks the address verified, only if it is still the account's address: a link sent to an address
 * the account has since left proves nothing about the current one.
 */
export async function markEmailVerified(db: Executor, userId: string, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.email, normalizeEmail(email))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Moves the account to a proven address (verified by the same link). `taken`: another account has it now. */
export async function changeUserEmail(db: Executor, userId: string, email: string): Promise<'changed' | 'taken' | 'missing'> {
  try {
    const rows = await db
      .update(users)
      .set({ email: normalizeEmail(email), emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    return rows.length === 1 ? 'changed' : 'missing';
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}
