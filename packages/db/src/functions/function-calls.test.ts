import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { createSproutForUser } from '../operations/create-sprout';
import type { AppScope } from '../app-data/scope';
import { KEPT_FUNCTION_CALLS, listFunctionCalls, recordFunctionCall } from './function-calls';
import { deleteSecret, listSealedSecrets, listSecretInfo, putSecret } from './secrets';

let h: DbHandle;
let test: AppScope;
let live: AppScope;
beforeAll(async () => {
  h = await createTestDb();
  const owner = await createUser(h.db, { email: `fn-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'o' });
  const r = await createSproutForUser(h.db, { ownerId: owner.id, displayName: 'S', files: [{ path: 'client/src/App.tsx', content: 'x' }] });
  if (!r.ok) throw new Error('limit');
  test = { sproutId: r.sprout.id, dataset: 'test' };
  live = { sproutId: r.sprout.id, dataset: 'live' };
});
afterAll(async () => {
  await h?.close();
});

const call = (name: string, i: number) => ({ name, trigger: 'request' as const, status: 200, outcome: 'ok', durationMs: i, logs: [`line ${i}`], error: null });

describe('function calls', () => {
  it('lists a dataset’s calls newest first, of one function when asked, and keeps the newest only', async () => {
    for (let i = 0; i < 3; i++) await recordFunctionCall(h.db, test, call('a', i));
    await recordFunctionCall(h.db, test, call('b', 9));
    await recordFunctionCall(h.db, live, call('a', 7));
    expect((await listFunctionCalls(h.db, test, { limit: 10 })).map((c) => c.durationMs)).toEqual([9, 2, 1, 0]);
    expect((await listFunctionCalls(h.db, test, { name: 'a', limit: 2 })).map((c) => c.logs)).toEqual([['line 2'], ['line 1']]);
    expect((await listFunctionCalls(h.db, live, { limit: 10 })).map((c) => c.durationMs)).toEqual([7]);
  });

  it('keeps the newest calls of a dataset (KEPT_FUNCTION_CALLS by default)', async () => {
    expect(KEPT_FUNCTION_CALLS).toBe(500);
    const scope: AppScope = { ...test, dataset: 'check' };
    for (let i = 0; i < 8; i++) await recordFunctionCall(h.db, scope, call('c', i), 5);
    expect((await listFunctionCalls(h.db, scope, { limit: 20 })).map((c) => c.durationMs)).toEqual([7, 6, 5, 4, 3]);
    expect(await listFunctionCalls(h.db, test, { name: 'c', limit: 20 })).toEqual([]);
  });
});

describe('secrets', () => {
  it('adds, replaces, lists without values, and deletes, per dataset', async () => {
    expect(await putSecret(h.db, test, { name: 'API_KEY', sealed: 's1', keyId: 'k', hint: '1234' }, 5)).toEqual({ ok: true, created: true });
    expect(await putSecret(h.db, test, { name: 'API_KEY', sealed: 's2', keyId: 'k', hint: '5678' }, 5)).toEqual({ ok: true, created: false });
    expect((await listSecretInfo(h.db, test)).map(({ name, hint }) => ({ name, hint }))).toEqual([{ name: 'API_KEY', hint: '5678' }]);
    expect(await listSealedSecrets(h.db, test)).toEqual([{ name: 'API_KEY', sealed: 's2', keyId: 'k' }]);
    expect(await listSecretInfo(h.db, live)).toEqual([]);
    expect(await deleteSecret(h.db, test, 'API_KEY')).toBe(true);
    expect(await deleteSecret(h.db, test, 'API_KEY')).toBe(false);
  });

  it('refuses a new secret past the most a dataset may hold, but replaces one it has', async () => {
    await putSecret(h.db, live, { name: 'A', sealed: 'x', keyId: 'k', hint: '' }, 1);
    expect(await putSecret(h.db, live, { name: 'B', sealed: 'x', keyId: 'k', hint: '' }, 1)).toEqual({ ok: false, reason: 'too_many' });
    expect(await putSecret(h.db, live, { name: 'A', sealed: 'y', keyId: 'k', hint: '' }, 1)).toEqual({ ok: true, created: false });
  });
});
