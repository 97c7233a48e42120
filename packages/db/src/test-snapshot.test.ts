import { cpSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb, migrationsFolder, type Db } from './create-db';
import { migratedSnapshot, migrationsHash, snapshotFile } from './test-snapshot';

const rowsOf = async (db: Db, query: ReturnType<typeof sql>): Promise<unknown[]> => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;

/** The database's tables and columns, and how many migrations its journal records. */
async function shape(db: Db) {
  return {
    columns: await rowsOf(db, sql`select table_name, column_name, data_type from information_schema.columns where table_schema = 'public' order by 1, 2`),
    migrations: await rowsOf(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  };
}

describe('the migrated snapshot test databases start from', () => {
  it('is named after the migrations: the same files give the same name, one more file another', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'sprout-migrations-'));
    cpSync(migrationsFolder, copy, { recursive: true });
    expect(migrationsHash(copy)).toBe(migrationsHash());
    writeFileSync(path.join(copy, '9999_next.sql'), 'create table next_one (id text);\n');
    expect(migrationsHash(copy)).not.toBe(migrationsHash());
  });

  it('gives the database the migrations make, empty, and is kept for the next process', async () => {
    const fromSnapshot = await createDb({ snapshot: await migratedSnapshot() });
    const migrated = await createDb();
    try {
      const shapeOfSnapshot = await shape(fromSnapshot.db);
      expect(shapeOfSnapshot.columns.length).toBeGreaterThan(100);
      expect(shapeOfSnapshot).toEqual(await shape(migrated.db));
      expect(await rowsOf(fromSnapshot.db, sql`select count(*)::int as n from users`)).toEqual([{ n: 0 }]);
    } finally {
      await Promise.all([fromSnapshot.close(), migrated.close()]);
    }
    expect(existsSync(snapshotFile())).toBe(true);
  });
});
