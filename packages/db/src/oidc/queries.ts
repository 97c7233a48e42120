import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { oidcHandoffs, oidcLinks, oidcSignIns } from './tables';

export type OidcSignInRow = typeof oidcSignIns.$inferSelect;
export type OidcHandoffRow = typeof oidcHandoffs.$inferSelect;

/** The account a provider's subject is linked to, or null. */
export async function findOidcLink(db: Executor, provider: string, subject: string): Promise<string | null> {
  const rows = await db
    .select({ userId: oidcLinks.userId })
    .from(oidcLinks)
    .where(and(eq(oidcLinks.provider, provider), eq(oidcLinks.subject, subject)))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/** Links a provider's subject to an account; false when the subject is already linked (to this or another account). */
export async function insertOidcLink(db: Executor, input: { provider: string; subject: string; userId: string }): Promise<boolean> {
  const rows = await db.insert(oidcLinks).values(input).onConflictDoNothing().returning({ userId: oidcLinks.userId });
  return rows.length === 1;
}

/** Records a sign-in on its way to a provider; sign-ins nobody came back from are cleared on the way. */
export async function insertOidcSignIn(db: Executor, row: OidcSignInRow): Promise<void> {
  await db.delete(oidcSignIns).where(lt(oidcSignIns.expiresAt, new Date()));
  await db.insert(oidcSignIns).values(row);
}

/** Takes the sign-in a state belongs to, once: a second callback with the same state finds nothing. Expired ones are not returned. */
export async function takeOidcSignIn(db: Executor, stateHash: string): Promise<OidcSignInRow | null> {
  const rows = await db.delete(oidcSignIns).where(eq(oidcSignIns.stateHash, stateHash)).returning();
  const row = rows[0];
  return row && row.expiresAt.getTime() > Date.now() ? row : null;
}

export async function insertOidcHandoff(db: Executor, row: OidcHandoffRow): Promise<void> {
  await db.delete(oidcHandoffs).where(lt(oidcHandoffs.expiresAt, new Date()));
  await db.insert(oidcHandoffs).values(row);
}

/** Takes a finished sign-in by its code, once and before it expires. */
export async function takeOidcHandoff(db: Executor, codeHash: string): Promise<OidcHandoffRow | null> {
  const rows = await db
    .delete(oidcHandoffs)
    .where(and(eq(oidcHandoffs.codeHash, codeHash), gt(oidcHandoffs.expiresAt, new Date())))
    .returning();
  return rows[0] ?? null;
}
