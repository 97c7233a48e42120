import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { rateLimits } from '../schema';
import { dropExpiredRateLimits, hitRateLimit } from './rate-limits';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

describe('rate limit windows', () => {
  it('count within a window, start anew after it, and know when they end', async () => {
    const key = `hits:${Math.random()}`;
    const t0 = new Date('2026-01-01T00:00:00Z');
    expect((await hitRateLimit(h.db, key, 60_000, 1, t0)).count).toBe(1);
    expect((await hitRateLimit(h.db, key, 60_000, 2, new Date(t0.getTime() + 30_000))).count).toBe(3);
    const [row] = await h.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(row!.expiresAt).toEqual(new Date(t0.getTime() + 60_000));
    const later = new Date(t0.getTime() + 61_000);
    expect(await hitRateLimit(h.db, key, 60_000, 1, later)).toEqual({ count: 1, windowStart: later });
    const [renewed] = await h.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(renewed!.expiresAt).toEqual(new Date(later.getTime() + 60_000));
  });

  it('are removed once ended; live ones stay, and undated ones go after 30 days', async () => {
    const now = new Date('2026-02-01T12:00:00Z');
    const [ended, live, undatedOld, undatedRecent] = ['ended', 'live', 'undated-old', 'undated-recent'].map((k) => `${k}:${Math.random()}`) as [
      string,
      string,
      string,
      string,
    ];
    await hitRateLimit(h.db, ended, 60_000, 1, new Date(now.getTime() - 120_000));
    await hitRateLimit(h.db, live, 86_400_000, 1, new Date(now.getTime() - 3_600_000));
    await h.db.insert(rateLimits).values([
      { key: undatedOld, windowStart: new Date(now.getTime() - 31 * 86_400_000), count: 1 },
      { key: undatedRecent, windowStart: new Date(now.getTime() - 86_400_000), count: 1 },
    ]);
    expect(await dropExpiredRateLimits(h.db, now)).toBeGreaterThanOrEqual(2);
    const left = await h.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, [ended, live, undatedOld, undatedRecent]));
    expect(left.map((r) => r.key).sort()).toEqual([live, undatedRecent].sort());
  });
});
