import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { closeOpenSlots, dropStaleOpenSlots, renewOpenSlots, tryOpenSlots } from './open-slots';
import { openSlots } from './tables';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const open = (instance: string, keys: string[], limits: number[]) => tryOpenSlots(h.db, { instance, keys, limits, staleSeconds: 60 });

describe('open slots across instances', () => {
  it('holds a cap across instances, frees a slot on close, and opens nothing when one key is full', async () => {
    const key = `visitor-${Math.random()}`;
    const address = `ip-${Math.random()}`;
    expect(await open('a', [key, address], [3, 10])).toBe(true);
    expect(await open('b', [key, address], [3, 10])).toBe(true);
    expect(await open('a', [key, address], [3, 10])).toBe(true);
    expect(await open('b', [key, address], [3, 10])).toBe(false);
    // Refused on the full key: the address got nothing either (2 + 1 of its 10 would otherwise show).
    expect(await open('b', [address], [3])).toBe(false);
    await closeOpenSlots(h.db, 'b', [key, address]);
    expect(await open('b', [key, address], [3, 10])).toBe(true);
    await closeOpenSlots(h.db, 'a', [key, address]);
    await closeOpenSlots(h.db, 'a', [key, address]);
    const rows = await h.db.select().from(openSlots).where(eq(openSlots.key, key));
    expect(rows.map((r) => [r.instance, r.open])).toEqual([['b', 1]]);
  });

  it("stops counting an instance's slots once it stops renewing them, and drops them", async () => {
    const key = `person-${Math.random()}`;
    expect(await open('gone', [key], [1])).toBe(true);
    expect(await open('alive', [key], [1])).toBe(false);
    await h.db.update(openSlots).set({ seenAt: sql`now() - interval '2 minutes'` }).where(eq(openSlots.instance, 'gone'));
    await renewOpenSlots(h.db, 'alive');
    expect(await open('alive', [key], [1])).toBe(true);
    expect(await dropStaleOpenSlots(h.db, 60)).toBeGreaterThanOrEqual(1);
    const rows = await h.db.select().from(openSlots).where(eq(openSlots.key, key));
    expect(rows.map((r) => r.instance)).toEqual(['alive']);
  });

  it('never lets two callers at once both take the last slot', async () => {
    const key = `race-${Math.random()}`;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => open(`i${i % 2}`, [key], [3])));
    expect(answers.filter(Boolean)).toHaveLength(3);
  });
});
