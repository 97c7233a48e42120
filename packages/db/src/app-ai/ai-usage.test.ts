import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { createSproutForUser } from '../operations/create-sprout';
import { appAiCapOf, appAiUseOf, recordAppAiUse, reserveAppAiUse, setAppAiCap, settleAppAiUse } from './ai-usage';

let h: DbHandle;
let sproutId: string;
beforeAll(async () => {
  h = await createTestDb();
  const owner = await createUser(h.db, { email: `ai-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'o' });
  const r = await createSproutForUser(h.db, { ownerId: owner.id, displayName: 'S', files: [{ path: 'client/src/App.tsx', content: 'x' }] });
  if (!r.ok) throw new Error('limit');
  sproutId = r.sprout.id;
});
afterAll(async () => {
  await h?.close();
});

describe('app AI use', () => {
  it('adds up concurrent requests per month, the checks counted with the preview, live apart', async () => {
    await Promise.all(Array.from({ length: 5 }, () => recordAppAiUse(h.db, { sproutId, dataset: 'test' }, '2026-12', { tokensIn: 10, tokensOut: 3 })));
    await recordAppAiUse(h.db, { sproutId, dataset: 'check' }, '2026-12', { tokensIn: 1, tokensOut: 1 });
    await recordAppAiUse(h.db, { sproutId, dataset: 'live' }, '2026-12', { tokensIn: 7, tokensOut: 2 });
    await recordAppAiUse(h.db, { sproutId, dataset: 'live' }, '2026-11', { tokensIn: 100, tokensOut: 100 });
    expect(await appAiUseOf(h.db, sproutId, '2026-12')).toEqual({
      test: { tokensIn: 51, tokensOut: 16, requests: 6 },
      live: { tokensIn: 7, tokensOut: 2, requests: 1 },
    });
    expect(await appAiUseOf(h.db, sproutId, '2027-01')).toEqual({
      test: { tokensIn: 0, tokensOut: 0, requests: 0 },
      live: { tokensIn: 0, tokensOut: 0, requests: 0 },
    });
  });

  it('reserves against the cap so that requests at the same moment stay within it, then settles to what was used', async () => {
    const scope = { sproutId, dataset: 'live' as const };
    const month = '2030-01';
    const asks = Array.from({ length: 4 }, () => reserveAppAiUse(h.db, scope, month, { tokensIn: 10, maxTokensOut: 100, minTokensOut: 16, cap: 250 }));
    const got = (await Promise.all(asks)).map((r) => r?.tokensOut ?? null);
    // 110 + 110 reserved; 30 left: 20 for a third reply; nothing worth asking for a fourth.
    expect(got.sort()).toEqual([100, 100, 20, null].sort());
    expect((await appAiUseOf(h.db, sproutId, month)).live).toEqual({ tokensIn: 30, tokensOut: 220, requests: 3 });
    await settleAppAiUse(h.db, scope, month, { tokensIn: 10, tokensOut: 100 }, { tokensIn: 12, tokensOut: 40 });
    expect((await appAiUseOf(h.db, sproutId, month)).live).toEqual({ tokensIn: 32, tokensOut: 160, requests: 3 });
  });

  it("keeps the owner's cap until it is cleared back to the plan's default", async () => {
    expect(await appAiCapOf(h.db, sproutId)).toBeNull();
    await setAppAiCap(h.db, sproutId, 5_000);
    await setAppAiCap(h.db, sproutId, 7_000);
    expect(await appAiCapOf(h.db, sproutId)).toBe(7_000);
    await setAppAiCap(h.db, sproutId, null);
    expect(await appAiCapOf(h.db, sproutId)).toBeNull();
  });
});
