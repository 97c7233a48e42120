import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hitRateLimit } from '@sprout/db';
import { useTestApp } from '../testing';

const t = useTestApp();

describe("the app's sweep of ended rate-limit windows", () => {
  it('removes the windows that ended and keeps the ones still counting', async () => {
    const ended = `sweep-ended:${Math.random()}`;
    const live = `sweep-live:${Math.random()}`;
    await hitRateLimit(t.db.db, ended, 1_000, 1, new Date(Date.now() - 5_000));
    await hitRateLimit(t.db.db, live, 60_000);
    await t.app.services.limitRows.sweepSoon();
    const left = await t.db.db.execute(sql`select key, count from rate_limits where key in (${ended}, ${live})`);
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([{ key: live, count: 1 }]);
  });
});
