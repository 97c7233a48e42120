import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { softDeleteSproutForOwner } from '../queries/sprouts';
import { createSproutForUser } from '../operations/create-sprout';
import { recordAppAiUse, setAppAiCap } from './ai-usage';
import { appAiUseOfOwner } from './owner-ai-use';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

async function owner() {
  const user = await createUser(h.db, { email: `owner-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'o' });
  const app = async (name: string) => {
    const r = await createSproutForUser(h.db, { ownerId: user.id, displayName: name, files: [{ path: 'client/src/App.tsx', content: 'x' }] });
    if (!r.ok) throw new Error('limit');
    return r.sprout.id;
  };
  return { id: user.id, app };
}

describe("an owner's apps' AI use", () => {
  it('sums each app of the month, preview and checks apart from live, most tokens first, with its cap', async () => {
    const o = await owner();
    const [small, big, idle] = [await o.app('Small'), await o.app('Big'), await o.app('Idle')];
    await recordAppAiUse(h.db, { sproutId: small, dataset: 'test' }, '2026-12', { tokensIn: 5, tokensOut: 5 });
    await recordAppAiUse(h.db, { sproutId: big, dataset: 'test' }, '2026-12', { tokensIn: 10, tokensOut: 2 });
    await recordAppAiUse(h.db, { sproutId: big, dataset: 'check' }, '2026-12', { tokensIn: 1, tokensOut: 1 });
    await recordAppAiUse(h.db, { sproutId: big, dataset: 'live' }, '2026-12', { tokensIn: 30, tokensOut: 7 });
    await recordAppAiUse(h.db, { sproutId: idle, dataset: 'live' }, '2026-11', { tokensIn: 999, tokensOut: 1 });
    await setAppAiCap(h.db, big, 5_000);
    expect(await appAiUseOfOwner(h.db, o.id, '2026-12')).toEqual([
      { sproutId: big, name: 'Big', tokens: { test: 14, live: 37 }, requests: 3, cap: 5_000 },
      { sproutId: small, name: 'Small', tokens: { test: 10, live: 0 }, requests: 1, cap: null },
    ]);
  });

  it("leaves out deleted projects and other people's apps", async () => {
    const [a, b] = [await owner(), await owner()];
    const gone = await a.app('Gone');
    const theirs = await b.app('Theirs');
    await recordAppAiUse(h.db, { sproutId: gone, dataset: 'live' }, '2026-12', { tokensIn: 1, tokensOut: 1 });
    await recordAppAiUse(h.db, { sproutId: theirs, dataset: 'live' }, '2026-12', { tokensIn: 1, tokensOut: 1 });
    expect(await softDeleteSproutForOwner(h.db, gone, a.id)).toBe(true);
    expect(await appAiUseOfOwner(h.db, a.id, '2026-12')).toEqual([]);
    expect((await appAiUseOfOwner(h.db, b.id, '2026-12')).map((r) => r.name)).toEqual(['Theirs']);
  });
});
