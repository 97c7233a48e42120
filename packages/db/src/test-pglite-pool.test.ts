import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Db } from './create-db';
import { createUser } from './queries/users';
import { lendTestPglite, testPglitePoolStats } from './test-pglite-pool';

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** What a test could notice of an earlier user: rows, an identity's next value, session settings, locks. */
async function traces(db: Db) {
  const [users] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from users`);
  const [audit] = await rowsOf<{ id: number }>(db, sql`insert into audit_log (action) values ('probe') returning id`);
  const [timeout] = await rowsOf<{ statement_timeout: string }>(db, sql`show statement_timeout`);
  const [locks] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from pg_locks where locktype = 'advisory'`);
  return { users: users!.n, firstAuditId: Number(audit!.id), statementTimeout: timeout!.statement_timeout, advisoryLocks: locks!.n };
}

// PGlite only: with DATABASE_URL set, test databases are copies of a template (test-template.test.ts).
describe.skipIf(!!process.env.DATABASE_URL)('test databases a worker lends again', () => {
  it('come back empty, identities restarted and the session discarded, as a new one does', async () => {
    const fresh = await lendTestPglite();
    const asNew = await traces(fresh.db);
    await createUser(fresh.db, { email: 'left@example.com', passwordHash: 'x', displayName: 'Left behind' });
    await fresh.db.execute(sql`insert into audit_log (action) values ('a'), ('b')`);
    await fresh.db.execute(sql`set statement_timeout = '12s'`);
    await fresh.db.execute(sql`select pg_advisory_lock(42)`);
    expect(await traces(fresh.db)).not.toEqual(asNew);
    const before = testPglitePoolStats();
    await fresh.close();
    expect(testPglitePoolStats().idle).toBe(before.idle + 1);

    const again = await lendTestPglite();
    try {
      expect(testPglitePoolStats().reused).toBe(before.reused + 1);
      expect(await traces(again.db)).toEqual(asNew);
    } finally {
      await again.close();
    }
  });

  it('fail a closed handle’s late statements, so they never reach the next file’s data', async () => {
    const first = await lendTestPglite();
    await first.close();
    const next = await lendTestPglite();
    try {
      // Drizzle reports the statement that failed; the reason is its cause.
      const late = await createUser(first.db, { email: 'late@example.com', passwordHash: 'x', displayName: 'Late' }).then(
        () => null,
        (err: Error) => err,
      );
      expect((late?.cause as Error | undefined)?.message).toBe('the database handle is closed');
      await expect(first.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow('the database handle is closed');
      const [users] = await rowsOf<{ n: number }>(next.db, sql`select count(*)::int as n from users`);
      expect(users!.n).toBe(0);
    } finally {
      await next.close();
    }
  });

  it('are kept only in a Vitest worker: a process that opened and closed one (an eval, a benchmark) still exits', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.VITEST;
    delete env.DATABASE_URL;
    const script = "import { createTestDb } from '@sprout/db/testing'; const h = await createTestDb(); await h.close(); console.log('closed');";
    const cwd = fileURLToPath(new URL('..', import.meta.url));
    // A process that never exits fails at the test's own time limit, and is killed then.
    const running = promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd, env });
    onTestFinished(() => {
      running.child.kill();
    });
    const { stdout } = await running;
    expect(stdout.trim()).toBe('closed');
  });

  it('keep at most two idle, closing the rest', async () => {
    const held = await Promise.all([lendTestPglite(), lendTestPglite(), lendTestPglite()]);
    await Promise.all(held.map((h) => h.close()));
    expect(testPglitePoolStats().idle).toBe(2);
  });
});
