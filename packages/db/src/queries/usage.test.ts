import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from './users';
import { insertMessageUsage, refundMessageForRun, refundedRunIds } from './usage';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const plan = async (query: ReturnType<typeof sql>): Promise<string> =>
  ((await h.db.execute(sql`explain ${query}`)) as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');

describe('message usage by run', () => {
  it('says which runs had their message given back, once each, and nothing for no runs', async () => {
    const u = await createUser(h.db, { email: 'usage@example.com', passwordHash: 'x', displayName: 'U' });
    for (const runId of ['r-kept', 'r-refunded', 'r-twice', 'r-twice']) await insertMessageUsage(h.db, { userId: u.id, runId });
    expect(await refundMessageForRun(h.db, 'r-refunded')).toBe(true);
    expect(await refundMessageForRun(h.db, 'r-twice')).toBe(true);
    expect(await refundMessageForRun(h.db, 'r-twice')).toBe(false);

    expect(await refundedRunIds(h.db, ['r-kept', 'r-refunded', 'r-twice', 'r-unknown'])).toEqual(new Set(['r-refunded', 'r-twice']));
    expect(await refundedRunIds(h.db, [])).toEqual(new Set());
  });

  // Every run and chat fetch asks this of the whole ledger: on a large one it must not read every row.
  it('finds a run’s rows through the run index on a large ledger', async () => {
    const u = await createUser(h.db, { email: 'ledger@example.com', passwordHash: 'x', displayName: 'L' });
    await h.db.execute(sql`insert into message_usage (user_id, run_id) select ${u.id}, 'bulk-' || g from generate_series(1, 20000) g`);
    await h.db.execute(sql`analyze message_usage`);
    const byRun = await plan(sql`select run_id from message_usage where run_id in ('bulk-7', 'bulk-9') and refunded_at is not null`);
    expect(byRun).toContain('message_usage_run_idx');
    expect(byRun).not.toMatch(/Seq Scan on message_usage/);
  });
});
