import { desc } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { signingKeys } from '../schema';

export type SigningKeyRow = typeof signingKeys.$inferSelect;

export function listSigningKeys(db: Executor): Promise<SigningKeyRow[]> {
  return db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt));
}

/** Inserts a key unless one with the same kid exists (instances racing at first start). */
export async function insertSigningKey(db: Executor, key: Omit<SigningKeyRow, 'createdAt'>): Promise<void> {
  await db.insert(signingKeys).values(key).onConflictDoNothing();
}
