import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { newId } from '../ids';
import { preparedFor } from './prepared';
import { subscriptions, users } from '../schema';

export type UserRow = typeof users.$inferSelect;
export interface UserWithTier extends UserRow {
  tier: string;
}

export class EmailTakenError extends Error {
  constructor() {
    super('Email already registered');
    this.name = 'EmailTakenError';
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A new account. An empty `passwordHash` is an account without a password (made by signing in with
 * a provider): no password matches it until one is set through a reset.
 */
export async function createUser(db: Executor, input: { email: string; passwordHash: string; displayName: string; emailVerified?: boolean }): Promise<UserRow> {
  const rows = await db
    .insert(users)
    .values({
      id: newId(),
      email: normalizeEmail(input.email),
      passwordHash: input.passwordHash,
      displayName: input.displayName,
      emailVerified: input.emailVerified ?? false,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  const row = rows[0];
  if (!row) throw new EmailTakenError();
  return row;
}

const withTier = {
  user: users,
  // A downgrade scheduled for the end of a billing period is in force once the period is over, even
  // before anyone wrote it down (core settleSubscription): every limit sees the same tier.
  tier: sql<string>`case
    when ${subscriptions.pendingTierType} is not null and ${subscriptions.currentPeriodEnd} <= now() then ${subscriptions.pendingTierType}
    else coalesce(${subscriptions.tierType}, 'free') end`,
};

/** The tier in force, as a column of a query that joins subscriptions to users (left join). */
export const userTierColumn = withTier.tier;

async function findUser(db: Executor, where: ReturnType<typeof eq>): Promise<UserWithTier | null> {
  const rows = await db.select(withTier).from(users).leftJoin(subscriptions, eq(subscriptions.userId, users.id)).where(where).limit(1);
  const row = rows[0];
  return row ? { ...row.user, tier: row.tier } : null;
}

const getUserByIdQuery = preparedFor((db) =>
  db
    .select(withTier)
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare(''),
);

/** Every authenticated request runs this one: prepared once per database (see preparedFor). */
export async function getUserById(db: Executor, id: string): Promise<UserWithTier | null> {
  const prepared = getUserByIdQuery(db);
  if (!prepared) return findUser(db, eq(users.id, id));
  const row = (await prepared.execute({ id }))[0];
  return row ? { ...row.user, tier: row.tier } : null;
}

export function getUserByEmail(db: Executor, email: string): Promise<UserWithTier | null> {
  return findUser(db, eq(users.email, normalizeEmail(email)));
}

export async function updateUserProfile(
  db: Executor,
  id: string,
  changes: { displayName?: string; photoUrl?: string | null; phoneNumber?: string | null },
): Promise<UserWithTier | null> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id));
  return getUserById(db, id);
}

export async function setUserPassword(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function setUserRoles(db: Executor, id: string, roles: string[]): Promise<void> {
  await db.update(users).set({ roles, updatedAt: new Date() }).where(eq(users.id, id));
}

/**
 * Takes a row lock on the user for the rest of the transaction: quota checks that count and then
 * insert are serialised per user this way, on PostgreSQL and PGlite alike.
 */
export async function lockUser(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  return rows.length === 1;
}

/** Whether a token issued at `issuedAtMs` was ended since (a sign-out, reset, theft) for this person. */
export function tokensEndedSince(user: { tokensValidAfter: Date | null }, issuedAtMs: number): boolean {
  return user.tokensValidAfter !== null && issuedAtMs < user.tokensValidAfter.getTime();
}

/**
 * Ends every ID token issued before `at` (a reset, a sign-out, a stolen refresh token): the API
 * refuses them on the next request, and the browser's refresh token (if still valid) gets new ones.
 */
export async function endTokensIssuedBefore(db: Executor, userId: string, at = new Date()): Promise<void> {
  await db.update(users).set({ tokensValidAfter: at }).where(eq(users.id, userId));
}
