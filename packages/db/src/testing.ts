import pg from 'pg';
import { createDb, type DbHandle } from './create-db';
import { newId } from './ids';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default; with DATABASE_URL set,
 * a new PostgreSQL database created on that server (and dropped on close) so parallel test files
 * and repeated CI runs never see each other's data.
 */
export async function createTestDb(databaseUrl = process.env.DATABASE_URL): Promise<DbHandle> {
  if (!databaseUrl) return createDb();
  const name = `sprout_test_${newId(12)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), poolSize: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
