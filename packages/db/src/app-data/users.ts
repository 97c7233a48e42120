import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import { newId } from '../ids';
import { isUniqueViolation } from '../unique-violation';
import { appUsers } from './tables';
import { type AppScope, lockDataset } from './scope';

export interface AppUser {
  id: string;
  email: string;
  createdAt: Date;
}

const cols = { id: appUsers.id, email: appUsers.email, createdAt: appUsers.createdAt };

export type CreateAppUserResult = { ok: true; user: AppUser } | { ok: false; reason: 'email_taken' | 'quota' };

/** Signs up an app user (email already normalised, password already hashed); one account per email and dataset. */
export async function createAppUser(db: Db, scope: AppScope, input: { email: string; passwordHash: string; maxUsers: number }): Promise<CreateAppUserResult> {
  try {
    return await db.transaction(async (tx): Promise<CreateAppUserResult> => {
      await lockDataset(tx, scope);
      const [n] = await tx
        .select({ n: count() })
        .from(appUsers)
        .where(and(eq(appUsers.sproutId, scope.sproutId), eq(appUsers.dataset, scope.dataset)));
      if (Number(n?.n ?? 0) >= input.maxUsers) return { ok: false, reason: 'quota' };
      const [row] = await tx
        .insert(appUsers)
        .values({ id: newId(), ...scope, email: input.email, passwordHash: input.passwordHash })
        .returning(cols);
      return { ok: true, user: row! };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: 'email_taken' };
    throw err;
  }
}

export async function findAppUserByEmail(db: Executor, scope: AppScope, email: string) {
  const rows = await db
    .select({ ...cols, passwordHash: appUsers.passwordHash, sessionsValidAfter: appUsers.sessionsValidAfter })
    .from(appUsers)
    .where(and(eq(appUsers.sproutId, scope.sproutId), eq(appUsers.dataset, scope.dataset), eq(appUsers.email, email)))
    .limit(1);
  return rows[0] ?? null;
}

export async function getAppUser(db: Executor, scope: AppScope, id: string) {
  const rows = await db
    .select({ ...cols, sessionsValidAfter: appUsers.sessionsValidAfter })
    .from(appUsers)
    .where(and(eq(appUsers.sproutId, scope.sproutId), eq(appUsers.dataset, scope.dataset), eq(appUsers.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** Ends every session of an app user issued so far (sign-out). */
export async function endAppUserSessions(db: Executor, scope: AppScope, id: string, now = new Date()): Promise<void> {
  await db
    .update(appUsers)
    .set({ sessionsValidAfter: now })
    .where(and(eq(appUsers.sproutId, scope.sproutId), eq(appUsers.dataset, scope.dataset), eq(appUsers.id, id)));
}

export async function listAppUsers(db: Executor, scope: AppScope, limit = 500): Promise<AppUser[]> {
  return db
    .select(cols)
    .from(appUsers)
    .where(and(eq(appUsers.sproutId, scope.sproutId), eq(appUsers.dataset, scope.dataset)))
    .orderBy(desc(appUsers.createdAt))
    .limit(limit);
}

export async function deleteAppUser(db: Executor, scope: AppScope, id: string): Promise<boolean> {
  const rows = await db
    .delete(appUsers)
    .where(and(eq(appUsers.sproutId, scope.sproutId), eq(appUsers.dataset, scope.dataset), eq(appUsers.id, id)))
    .returning({ id: appUsers.id });
  return rows.length > 0;
}
