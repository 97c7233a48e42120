import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import type { AppScope } from '../app-data/scope';
import { appSecrets } from './tables';

/** What the owner and the model may know of a secret: never its value. */
export interface SecretInfo {
  name: string;
  hint: string;
  updatedAt: Date;
}

export interface SealedSecret {
  name: string;
  sealed: string;
  keyId: string;
}

const scoped = (scope: AppScope) => and(eq(appSecrets.sproutId, scope.sproutId), eq(appSecrets.dataset, scope.dataset));

export async function listSecretInfo(db: Executor, scope: AppScope): Promise<SecretInfo[]> {
  return db
    .select({ name: appSecrets.name, hint: appSecrets.hint, updatedAt: appSecrets.updatedAt })
    .from(appSecrets)
    .where(scoped(scope))
    .orderBy(asc(appSecrets.name));
}

/** The sealed values of a dataset's secrets, for a function call (opened by the API). */
export async function listSealedSecrets(db: Executor, scope: AppScope): Promise<SealedSecret[]> {
  return db.select({ name: appSecrets.name, sealed: appSecrets.sealed, keyId: appSecrets.keyId }).from(appSecrets).where(scoped(scope));
}

export type PutSecretResult = { ok: true; created: boolean } | { ok: false; reason: 'too_many' };

/** Adds or replaces a secret; a new one is refused past `max` in the dataset. One transaction. */
export async function putSecret(db: Db, scope: AppScope, secret: SealedSecret & { hint: string }, max: number): Promise<PutSecretResult> {
  return db.transaction(async (tx): Promise<PutSecretResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`secrets:${scope.sproutId}:${scope.dataset}`}))`);
    const [existing] = await tx
      .select({ name: appSecrets.name })
      .from(appSecrets)
      .where(and(scoped(scope), eq(appSecrets.name, secret.name)));
    if (!existing) {
      const [n] = await tx.select({ n: count() }).from(appSecrets).where(scoped(scope));
      if (Number(n?.n ?? 0) >= max) return { ok: false, reason: 'too_many' };
    }
    await tx
      .insert(appSecrets)
      .values({ ...scope, ...secret })
      .onConflictDoUpdate({
        target: [appSecrets.sproutId, appSecrets.dataset, appSecrets.name],
        set: { sealed: secret.sealed, keyId: secret.keyId, hint: secret.hint, updatedAt: new Date() },
      });
    return { ok: true, created: !existing };
  });
}

/** Whether a secret was there to delete. */
export async function deleteSecret(db: Executor, scope: AppScope, name: string): Promise<boolean> {
  const rows = await db
    .delete(appSecrets)
    .where(and(scoped(scope), eq(appSecrets.name, name)))
    .returning({ name: appSecrets.name });
  return rows.length > 0;
}
