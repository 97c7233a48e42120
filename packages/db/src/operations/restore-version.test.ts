import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { clearDataset } from '../app-data/owner';
import { listVersions } from '../queries/versions';
import { getSproutForOwner } from '../queries/sprouts';
import { startMessageRun } from './start-run';
import { KEPT_VERSION_DATA } from '../data-snapshots/snapshots';
import { addAppUser, addDoc, addFile, nextVersion, projectWithOwner, rowsOf } from '../data-snapshots/test-data.testing';
import { restoreProjectVersion } from './restore-version';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

describe('restoring a version with its test data', () => {
  it('brings the documents, files and app users back under their ids, keeps newer versions, payments and live data', async () => {
    const { sproutId, firstVersionId } = await projectWithOwner(h.db);
    await addDoc(h.db, sproutId, 'test', 'notes', { text: 'then', file: '/_sprout/v1/files/x' });
    const file = await addFile(h.db, sproutId);
    const user = await addAppUser(h.db, sproutId, 'test', 'ann@example.com');
    await addDoc(h.db, sproutId, 'live', 'notes', { text: 'live' });
    const then = await rowsOf(h.db, sproutId, 'test');
    const v2 = await nextVersion(h.db, sproutId);
    await clearDataset(h.db, { sproutId, dataset: 'test' });
    await addDoc(h.db, sproutId, 'test', 'tasks', { title: 'now' });
    const payment = await addDoc(h.db, sproutId, 'test', 'payments', { total: 3 });
    const live = await rowsOf(h.db, sproutId, 'live');

    const restored = await restoreProjectVersion(h.db, { sproutId, from: { id: firstVersionId, number: 1 }, withData: true });
    expect(restored).toMatchObject({ ok: true, dataRestored: true, collections: ['notes', 'tasks'] });
    expect(restored.ok && restored.version).toMatchObject({ number: 3, source: 'restore', summary: 'Restored version 1', parentId: v2.id });
    expect((await listVersions(h.db, sproutId)).map((v) => v.number)).toEqual([3, 2, 1]);
    const now = await rowsOf(h.db, sproutId, 'test');
    expect(now.files).toEqual(then.files);
    expect(now.users).toEqual(then.users);
    expect(now.documents).toEqual([...then.documents, { id: payment.id, collection: 'payments', data: { total: 3 } }].sort((a, b) => a.id.localeCompare(b.id)));
    expect(now.files[0]).toEqual({ id: file.id, key: file.key });
    expect(now.users[0]!.id).toBe(user.id);
    expect(await rowsOf(h.db, sproutId, 'live')).toEqual(live);

    // What the test data was a moment ago is version 2's, and comes back the same way.
    const back = await restoreProjectVersion(h.db, { sproutId, from: { id: v2.id, number: 2 }, withData: true });
    expect(back.ok).toBe(true);
    expect((await rowsOf(h.db, sproutId, 'test')).documents.map((d) => d.data)).toEqual(expect.arrayContaining([{ title: 'now' }, { total: 3 }]));
    expect((await rowsOf(h.db, sproutId, 'test')).documents).toHaveLength(2);
  });

  it('without data, restores the files only and leaves the test data as it is', async () => {
    const { sproutId, firstVersionId } = await projectWithOwner(h.db);
    await nextVersion(h.db, sproutId);
    await addDoc(h.db, sproutId, 'test', 'notes', { text: 'newer' });
    const before = await rowsOf(h.db, sproutId, 'test');
    const restored = await restoreProjectVersion(h.db, { sproutId, from: { id: firstVersionId, number: 1 }, withData: false });
    expect(restored).toMatchObject({ ok: true, dataRestored: false, collections: [] });
    expect(await rowsOf(h.db, sproutId, 'test')).toEqual(before);
  });

  it('refuses, changing nothing, a version whose data is no longer kept or while a run writes the project', async () => {
    const { ownerId, sproutId, firstVersionId } = await projectWithOwner(h.db);
    for (let i = 0; i < KEPT_VERSION_DATA; i++) await nextVersion(h.db, sproutId);
    await addDoc(h.db, sproutId, 'test', 'notes', { text: 'now' });
    const versions = await listVersions(h.db, sproutId);
    const before = await rowsOf(h.db, sproutId, 'test');

    const gone = await restoreProjectVersion(h.db, { sproutId, from: { id: firstVersionId, number: 1 }, withData: true });
    expect(gone).toEqual({ ok: false, reason: 'no_data' });
    expect(await listVersions(h.db, sproutId)).toEqual(versions);
    expect(await rowsOf(h.db, sproutId, 'test')).toEqual(before);

    const sprout = await getSproutForOwner(h.db, sproutId, ownerId);
    const run = await startMessageRun(h.db, {
      sproutId,
      userId: ownerId,
      text: 'go',
      attachments: [],
      model: 'offline',
      baseVersionId: sprout!.currentVersionId,
    });
    expect(run.ok).toBe(true);
    const busy = await restoreProjectVersion(h.db, { sproutId, from: versions[1]!, withData: true });
    expect(busy).toEqual({ ok: false, reason: 'run_active' });
    expect(await listVersions(h.db, sproutId)).toEqual(versions);
  });

  it('restores the current version with its data as a new version, the data unchanged', async () => {
    const { sproutId } = await projectWithOwner(h.db);
    const v2 = await nextVersion(h.db, sproutId);
    await addDoc(h.db, sproutId, 'test', 'notes', { text: 'now' });
    const before = await rowsOf(h.db, sproutId, 'test');
    const restored = await restoreProjectVersion(h.db, { sproutId, from: v2, withData: true });
    expect(restored).toMatchObject({ ok: true, dataRestored: true, version: { number: 3 } });
    expect(await rowsOf(h.db, sproutId, 'test')).toEqual(before);
  });
});
