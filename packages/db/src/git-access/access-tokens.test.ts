import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../create-db';
import { sha256Hex } from '../ids';
import { createUser } from '../queries/users';
import { createTestDb } from '../testing';
import { insertAccessToken, listAccessTokens, revokeAccessToken, useAccessToken } from './access-tokens';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const person = () => createUser(h.db, { email: `tokens-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'p' });

describe('access tokens', () => {
  it('stores a hash, finds it, marks it used and stops finding it once revoked', async () => {
    const user = await person();
    const hash = sha256Hex(`spt_${Math.random()}`);
    const row = await insertAccessToken(h.db, { userId: user.id, name: 'laptop', scope: 'write', tokenHash: hash }, 20);
    if (typeof row === 'string') throw new Error(row);
    expect(row.lastUsedAt).toBeNull();
    const used = await useAccessToken(h.db, hash);
    expect(used).toMatchObject({ id: row.id, userId: user.id, scope: 'write' });
    expect(used!.lastUsedAt).toBeInstanceOf(Date);
    expect(await useAccessToken(h.db, sha256Hex('spt_other'))).toBeNull();
    const stranger = await person();
    expect(await revokeAccessToken(h.db, stranger.id, row.id)).toBe(false);
    expect(await revokeAccessToken(h.db, user.id, row.id)).toBe(true);
    expect(await revokeAccessToken(h.db, user.id, row.id)).toBe(false);
    expect(await useAccessToken(h.db, hash)).toBeNull();
    expect(await listAccessTokens(h.db, user.id)).toEqual([]);
  });

  it('holds at most the limit of live tokens per person, counted under a lock', async () => {
    const user = await person();
    const make = (i: number) => insertAccessToken(h.db, { userId: user.id, name: `t${i}`, scope: 'read', tokenHash: sha256Hex(`${user.id}-${i}`) }, 3);
    const results = await Promise.all([0, 1, 2, 3, 4].map(make));
    expect(results.filter((r) => r === 'limit_reached')).toHaveLength(2);
    const list = await listAccessTokens(h.db, user.id);
    expect(list).toHaveLength(3);
    await revokeAccessToken(h.db, user.id, list[0]!.id);
    expect(typeof (await make(9))).toBe('object');
    expect(await insertAccessToken(h.db, { userId: 'nobody', name: 'x', scope: 'read', tokenHash: sha256Hex('nobody') }, 3)).toBe('no_user');
  });
});
