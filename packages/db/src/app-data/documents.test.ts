import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery, type ListQuery } from '@sprout/core';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { createSproutForUser } from '../operations/create-sprout';
import { getAppDocument, insertAppDocument, listAppDocuments, replaceAppDocument, deleteAppDocument } from './documents';
import { clearDataset, copyDataset, listAppCollections } from './owner';
import type { AppScope } from './scope';

let h: DbHandle;
let scope: AppScope;
let other: AppScope;
beforeAll(async () => {
  h = await createTestDb();
  const owner = await createUser(h.db, { email: `o-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'o' });
  const make = async () => {
    const r = await createSproutForUser(h.db, { ownerId: owner.id, displayName: 'S', files: [{ path: 'client/src/App.tsx', content: 'x' }] });
    if (!r.ok) throw new Error('limit');
    return r.sprout.id;
  };
  scope = { sproutId: await make(), dataset: 'test' };
  other = { sproutId: await make(), dataset: 'test' };
});
afterAll(async () => {
  await h?.close();
});

const quota = { documents: 1000, storageBytes: 10_000_000 };
const q = (input: Parameters<typeof parseListQuery>[0]): ListQuery => {
  const r = parseListQuery(input);
  if (!r.ok) throw new Error(r.problem);
  return r.query;
};
const add = async (s: AppScope, collection: string, data: Record<string, unknown>, createdBy = 'visitor:a', unique: string[] = []) => {
  const r = await insertAppDocument(h.db, s, { collection, data, createdBy, unique, quota });
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
};

describe('app documents', () => {
  it('stay inside their project, dataset and collection', async () => {
    const doc = await add(scope, 'notes', { text: 'mine' });
    expect(await getAppDocument(h.db, scope, 'notes', doc.id)).toMatchObject({ data: { text: 'mine' } });
    expect(await getAppDocument(h.db, other, 'notes', doc.id)).toBeNull();
    expect(await getAppDocument(h.db, { ...scope, dataset: 'live' }, 'notes', doc.id)).toBeNull();
    expect(await getAppDocument(h.db, scope, 'other', doc.id)).toBeNull();
    expect((await listAppDocuments(h.db, other, 'notes', q({}), null)).docs).toEqual([]);
  });

  it('filter, sort and page with cursors, and the creator limit holds under any filter', async () => {
    for (let i = 0; i < 7; i++) await add(scope, 'scores', { n: i, tag: i % 2 ? 'odd' : 'even' }, i < 5 ? 'visitor:a' : 'visitor:b');
    const seen: number[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await listAppDocuments(h.db, scope, 'scores', q({ orderBy: 'n', desc: 'true', limit: '3', after }), null);
      seen.push(...page.docs.map((d) => d.data.n as number));
      if (!page.more) break;
      const last = page.docs[page.docs.length - 1]!;
      const { encodeCursor } = await import('@sprout/core');
      after = encodeCursor({ value: last.sortValue, id: last.id });
    }
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0]);
    const odd = await listAppDocuments(h.db, scope, 'scores', q({ where: JSON.stringify({ tag: 'odd', n: { gte: 3 } }), orderBy: 'n' }), null);
    expect(odd.docs.map((d) => d.data.n)).toEqual([3, 5]);
    // Only visitor b's documents, whatever the filter says about createdBy.
    const mine = await listAppDocuments(h.db, scope, 'scores', q({ where: JSON.stringify({ createdBy: 'visitor:a' }) }), ['visitor:b']);
    expect(mine.docs).toEqual([]);
    const b = await listAppDocuments(h.db, scope, 'scores', q({ orderBy: 'n' }), ['visitor:b']);
    expect(b.docs.map((d) => d.data.n)).toEqual([5, 6]);
    // Ranges compare like with like.
    await add(scope, 'scores', { n: '9' });
    const numbers = await listAppDocuments(h.db, scope, 'scores', q({ where: JSON.stringify({ n: { gt: 5 } }) }), null);
    expect(numbers.docs.map((d) => d.data.n)).toEqual([6]);
  });

  it('refuses a second document with the same unique value, also on update', async () => {
    const first = await add(scope, 'slots', { slot: '10:00' }, 'visitor:a', ['slot']);
    const again = await insertAppDocument(h.db, scope, { collection: 'slots', data: { slot: '10:00' }, createdBy: 'visitor:b', unique: ['slot'], quota });
    expect(again).toEqual({ ok: false, reason: 'duplicate', field: 'slot' });
    const second = await add(scope, 'slots', { slot: '11:00' }, 'visitor:a', ['slot']);
    expect(await replaceAppDocument(h.db, scope, { collection: 'slots', id: second.id, data: { slot: '10:00' }, unique: ['slot'], quota })).toMatchObject({
      ok: false,
      reason: 'duplicate',
    });
    expect(
      await replaceAppDocument(h.db, scope, { collection: 'slots', id: first.id, data: { slot: '10:00', name: 'x' }, unique: ['slot'], quota }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('lets exactly one of many concurrent bookings of a slot through', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        insertAppDocument(h.db, scope, { collection: 'race', data: { slot: 'x' }, createdBy: `visitor:${i}`, unique: ['slot'], quota }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('keeps to the document and storage quotas', async () => {
    const small = { sproutId: other.sproutId, dataset: 'live' as const };
    const tight = { documents: 2, storageBytes: 10_000_000 };
    for (let i = 0; i < 2; i++)
      expect((await insertAppDocument(h.db, small, { collection: 'c', data: { i }, createdBy: 'v', unique: [], quota: tight })).ok).toBe(true);
    expect(await insertAppDocument(h.db, small, { collection: 'c', data: {}, createdBy: 'v', unique: [], quota: tight })).toEqual({
      ok: false,
      reason: 'quota',
      limit: 'documents',
    });
    expect(
      await insertAppDocument(h.db, small, {
        collection: 'c',
        data: { big: 'x'.repeat(200) },
        createdBy: 'v',
        unique: [],
        quota: { documents: 100, storageBytes: 100 },
      }),
    ).toEqual({ ok: false, reason: 'quota', limit: 'storage' });
  });

  it('copies test data to live under new ids, and clears a dataset', async () => {
    const s = { sproutId: other.sproutId, dataset: 'test' as const };
    const doc = await add(s, 'copied', { text: 'hello', file: '/_sprout/v1/files/abc' }, 'user:u1');
    await copyDataset(h.db, s.sproutId, 'test', 'live');
    const live = await listAppDocuments(h.db, { ...s, dataset: 'live' }, 'copied', q({}), null);
    expect(live.docs).toHaveLength(1);
    expect(live.docs[0]!.id).not.toBe(doc.id);
    expect(live.docs[0]!.createdBy).not.toBe('user:u1');
    expect(live.docs[0]!.data.file).toMatch(/^\/_sprout\/v1\/files\/.+abc$/);
    await clearDataset(h.db, { ...s, dataset: 'live' });
    expect(await listAppCollections(h.db, { ...s, dataset: 'live' })).toEqual([]);
    expect(await getAppDocument(h.db, s, 'copied', doc.id)).not.toBeNull();
    expect(await deleteAppDocument(h.db, s, 'copied', doc.id)).toBe(true);
  });
});
