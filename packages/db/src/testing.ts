import { createDb, type DbHandle } from './create-db';
import { newId } from './ids';
import { assertNamesItsDatabase } from './test-files';
import { lendTestPglite } from './test-pglite-pool';
import { createFromTemplate, dropDatabase } from './test-template';

/**
 * A fresh, migrated database for one test file: by default an empty in-memory PGlite, loaded from
 * a migrated snapshot or lent again after an earlier file of this worker closed it (test-pglite-pool.ts); with DATABASE_URL set, a new PostgreSQL database copied from a migrated template on that
 * server (and dropped on close) so parallel test files and repeated CI runs never see each other's data.
 */
export async function createTestDb(databaseUrl = process.env.DATABASE_URL): Promise<DbHandle> {
  await checkTestFileNamesItsDatabase();
  if (!databaseUrl) return lendTestPglite();
  const name = `sprout_test_${newId(12)}`;
  // The pool a deployment gets by default (DATABASE_POOL_SIZE): connections are the server's scarcest resource here.
  const handle = await createDb({ databaseUrl: await createFromTemplate(databaseUrl, name), poolSize: 10 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(databaseUrl, name);
    },
  };
}

const checked = new Set<string>();

/**
 * Under Vitest: fails when the test file opening this database would not be selected for the
 * PostgreSQL pass (see ./test-files), so the pass can never silently skip a file that needs it.
 */
async function checkTestFileNamesItsDatabase(): Promise<void> {
  if (!process.env.VITEST) return;
  const { expect } = await import('vitest');
  const file = expect.getState().testPath;
  if (!file || checked.has(file)) return;
  assertNamesItsDatabase(file);
  checked.add(file);
}

export { migratedDataDir } from './test-data-dir';
