import { sql } from 'drizzle-orm';
import type { Executor } from '../create-db';

/** `check`: the server's behaviour checks of a candidate version, emptied before each (never shown to anyone). */
export type Dataset = 'test' | 'live' | 'check';

/** Every query of an app's backend is scoped to one project's dataset. */
export interface AppScope {
  sproutId: string;
  dataset: Dataset;
}

/**
 * Serialises writes of one dataset for the rest of the transaction: quota counts and unique fields
 * are checked and written without another writer in between.
 */
export async function lockDataset(tx: Executor, scope: AppScope): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`app:${scope.sproutId}:${scope.dataset}`}))`);
}
