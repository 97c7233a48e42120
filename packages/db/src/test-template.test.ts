import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from './create-db';
import { createUser } from './queries/users';
import { templateName } from './test-template';
import { createTestDb } from './testing';

const databaseUrl = process.env.DATABASE_URL;
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function databases(): Promise<string[]> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    return (await admin.query<{ datname: string }>('select datname from pg_database')).rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
}

// PostgreSQL only (CI's PostgreSQL pass): each test file's database is a copy of one migrated template.
describe.skipIf(!databaseUrl)('test databases on PostgreSQL', () => {
  it('are copies of the migrated template, apart from each other, and dropped on close', async () => {
    const [a, b] = await Promise.all([createTestDb(), createTestDb()]);
    const names = [a, b].map((h) => new URL(h.databaseUrl!).pathname.slice(1));
    try {
      expect(await databases()).toContain(templateName());
      const [applied] = await rowsOf<{ n: number }>(a.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied!.n).toBeGreaterThan(10);
      await createUser(a.db, { email: 'only-in-a@example.com', passwordHash: 'x', displayName: 'A' });
      expect(await rowsOf(b.db, sql`select email from users`)).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const left = await databases();
    for (const name of names) expect(left).not.toContain(name);
  });
});
