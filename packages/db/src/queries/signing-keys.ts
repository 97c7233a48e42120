import { desc, sql } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import { signingKeys } from '../schema';

export type SigningKeyRow = typeof signingKeys.$inferSelect;

export function listSigningKeys(db: Executor): Promise<SigningKeyRow[]> {
  return db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt));
}

/**
 * Inserts `key` only when there is no key yet, one caller at a time: instances starting together on
 * a new database agree on one key. Each inserting its own left each signing with a key the others
 * had not loaded, and refusing their tokens until a reload (at most one every 10 s). Returns whether
 * this key was the one inserted.
 */
export async function insertFirstSigningKey(db: Db, key: Omit<SigningKeyRow, 'createdAt'>): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('signing-keys:first'))`);
    if ((await tx.select({ kid: signingKeys.kid }).from(signingKeys).limit(1)).length > 0) return false;
    await tx.insert(signingKeys).values(key);
    return true;
  });
}
