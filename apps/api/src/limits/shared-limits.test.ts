import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type DbHandle } from '@sprout/db';
import { createTestDb } from '@sprout/db/testing';
import { MemoryLimits } from './memory-limits';
import { PostgresLimits } from './postgres-limits';
import { RedisLimits } from './redis-limits';
import type { SharedLimits } from './shared-limits';

// The same rules wherever limits are counted; PostgreSQL and Redis also count once across instances
// (two objects with their own instance ids stand for two API processes). Redis: the one every
// machine of this project runs on 127.0.0.1:6379 (REDIS_URL overrides), under a prefix of this run's.

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const failed = (err: unknown) => {
  throw err;
};

let db: DbHandle;
const made: SharedLimits[] = [];
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  for (const limits of made) await limits.stop();
  await db?.close();
});

type Pair = () => Promise<[SharedLimits, SharedLimits]>;
const prefix = `sprout:test:${newId()}:`;
async function redis(): Promise<RedisLimits> {
  const limits = new RedisLimits(REDIS_URL, newId(), failed, prefix);
  await limits.connect();
  made.push(limits);
  return limits;
}
const postgres = () => {
  const limits = new PostgresLimits(db.db, newId(), failed);
  made.push(limits);
  return limits;
};

const backends: [string, Pair][] = [
  ['in the process', async () => [new MemoryLimits(), new MemoryLimits()]],
  ['in PostgreSQL', async () => [postgres(), postgres()]],
  ['in Redis', async () => [await redis(), await redis()]],
];

describe.each(backends)('limits counted %s', (where, pair) => {
  it('counts hits of a key in its window, apart from other keys, with the time left', async () => {
    const [a] = await pair();
    const key = `hits-${newId()}`;
    expect((await a.hit(key, 60_000)).count).toBe(1);
    const second = await a.hit(key, 60_000);
    expect(second.count).toBe(2);
    expect(second.resetMs).toBeGreaterThan(0);
    expect(second.resetMs).toBeLessThanOrEqual(60_000);
    expect((await a.hit(`${key}-other`, 60_000)).count).toBe(1);
  });

  it('starts a new window when the last one ended', async () => {
    const [a] = await pair();
    const key = `window-${newId()}`;
    await a.hit(key, 50);
    await a.hit(key, 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await a.hit(key, 50)).count).toBe(1);
  });

  it('opens only while no key is at its limit, and frees on close', async () => {
    const [a] = await pair();
    const [visitor, address] = [`v-${newId()}`, `ip-${newId()}`];
    expect(await a.tryOpen([visitor, address], [2, 5])).toBe(true);
    expect(await a.tryOpen([visitor, address], [2, 5])).toBe(true);
    expect(await a.tryOpen([visitor, address], [2, 5])).toBe(false);
    // The refused open took nothing of the address's five.
    expect(await a.tryOpen([address], [3])).toBe(true);
    expect(await a.tryOpen([address], [3])).toBe(false);
    await a.close([visitor, address]);
    expect(await a.tryOpen([visitor], [2])).toBe(true);
  });

  it(where === 'in the process' ? 'counts apart in another process' : 'counts once across instances, and not for an instance that stopped', async () => {
    const [a, b] = await pair();
    const key = `shared-${newId()}`;
    await a.hit(key, 60_000);
    const shared = where !== 'in the process';
    expect((await b.hit(key, 60_000)).count).toBe(shared ? 2 : 1);
    expect(await a.tryOpen([key], [1])).toBe(true);
    expect(await b.tryOpen([key], [1])).toBe(!shared);
    await a.stop();
    // Stopped (a shutdown): what it held stops counting at once.
    expect(await b.tryOpen([key], [shared ? 1 : 2])).toBe(true);
  });
});

describe('limits counted in Redis while Redis cannot be reached', () => {
  it('lets requests and streams through, and says why in the log', async () => {
    const seen: unknown[] = [];
    // Never connected: every command fails at once, as while Redis is down.
    const down = new RedisLimits(REDIS_URL, newId(), (err) => seen.push(err), prefix);
    made.push(down);
    expect(await down.hit('anything', 60_000)).toEqual({ count: 0, resetMs: 60_000 });
    expect(await down.tryOpen(['a', 'b'], [1, 1])).toBe(true);
    await down.close(['a', 'b']);
    expect(seen).toHaveLength(3);
  });
});
