import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { appDataUsage, replaceAppDocument } from '../app-data/documents';
import { clearDataset, listAppCollections } from '../app-data/owner';
import { listAppUsers } from '../app-data/users';
import { fileDeletions } from '../files/tables';
import { dueFileDeletions } from '../queries/stored-files';
import { softDeleteSproutForOwner } from '../queries/sprouts';
import { KEPT_VERSION_DATA, snapshotDataset, versionsWithData } from './snapshots';
import { addAppUser, addDoc, addFile, nextVersion, projectWithOwner, rowsOf, snapshotDatasetsWithRows, snapshotsByVersion } from './test-data.testing';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.db.delete(fileDeletions);
});

const queued = async (key: string) => (await dueFileDeletions(h.db, 1000)).find((d) => d.key === key) ?? null;

describe('the test data each version leaves behind', () => {
  it('is copied when a new version is made: documents, files and app users, never payments or live data', async () => {
    const { sproutId, firstVersionId } = await projectWithOwner(h.db);
    const note = await addDoc(h.db, sproutId, 'test', 'notes', { text: 'first' });
    await addDoc(h.db, sproutId, 'test', 'payments', { total: 5 });
    await addDoc(h.db, sproutId, 'live', 'notes', { text: 'live' });
    const file = await addFile(h.db, sproutId);
    const user = await addAppUser(h.db, sproutId, 'test', 'ann@example.com');
    const usage = await appDataUsage(h.db, { sproutId, dataset: 'test' });

    const v2 = await nextVersion(h.db, sproutId);
    const kept = await snapshotsByVersion(h.db, sproutId);
    expect([...kept.keys()]).toEqual([firstVersionId]);
    expect(await versionsWithData(h.db, sproutId)).toEqual(new Set([firstVersionId]));
    const snapshot = await rowsOf(h.db, sproutId, snapshotDataset(kept.get(firstVersionId)!));
    expect(snapshot.documents).toEqual([{ id: `${kept.get(firstVersionId)}:${note.id}`, collection: 'notes', data: { text: 'first' } }]);
    expect(snapshot.files).toEqual([{ id: `${kept.get(firstVersionId)}:${file.id}`, key: file.key }]);
    expect(snapshot.users).toEqual([{ id: `${kept.get(firstVersionId)}:${user.id}`, email: 'ann@example.com' }]);

    // Nothing that reads a dataset sees it: the app's data, its quota, the Data panel's lists.
    expect(await appDataUsage(h.db, { sproutId, dataset: 'test' })).toEqual(usage);
    expect(await listAppCollections(h.db, { sproutId, dataset: 'test' })).toEqual([
      { name: 'notes', documents: 1 },
      { name: 'payments', documents: 1 },
    ]);
    expect((await listAppUsers(h.db, { sproutId, dataset: 'test' })).map((u) => u.email)).toEqual(['ann@example.com']);
    expect(await rowsOf(h.db, sproutId, 'live')).toMatchObject({ documents: [{ data: { text: 'live' } }], files: [], users: [] });
    // The current version has none of its own yet: its data is the test data itself.
    expect(kept.has(v2.id)).toBe(false);
  });

  it('is copied once while it does not change: versions share the snapshot', async () => {
    const { sproutId, firstVersionId } = await projectWithOwner(h.db);
    const note = await addDoc(h.db, sproutId, 'test', 'notes', { text: 'a' });
    const v2 = await nextVersion(h.db, sproutId);
    const v3 = await nextVersion(h.db, sproutId);
    // Payments are never kept, so a new one is no change.
    await addDoc(h.db, sproutId, 'test', 'payments', { total: 1 });
    const v4 = await nextVersion(h.db, sproutId);
    const edited = await replaceAppDocument(
      h.db,
      { sproutId, dataset: 'test' },
      { collection: 'notes', id: note.id, data: { text: 'b' }, unique: [], quota: { documents: 10, storageBytes: 10_000 } },
    );
    expect(edited.ok).toBe(true);
    await nextVersion(h.db, sproutId);

    const kept = await snapshotsByVersion(h.db, sproutId);
    expect(kept.get(v2.id)).toBe(kept.get(firstVersionId));
    expect(kept.get(v3.id)).toBe(kept.get(firstVersionId));
    expect(kept.get(v4.id)).not.toBe(kept.get(firstVersionId));
    expect((await rowsOf(h.db, sproutId, snapshotDataset(kept.get(v4.id)!))).documents.map((d) => d.data)).toEqual([{ text: 'b' }]);
    expect(await snapshotDatasetsWithRows(h.db, sproutId)).toHaveLength(2);
  });

  it('keeps the bytes of the files it names from the sweep until the snapshot goes', async () => {
    const { sproutId } = await projectWithOwner(h.db);
    const file = await addFile(h.db, sproutId);
    await nextVersion(h.db, sproutId);
    await clearDataset(h.db, { sproutId, dataset: 'test' });
    // The test data's row is gone; the snapshot's row still names the bytes.
    expect(await queued(file.key)).toEqual({ key: file.key, referenced: true });
  });

  it('is kept for the newest versions only: older snapshots go, and their files’ bytes with them', async () => {
    const { sproutId, firstVersionId } = await projectWithOwner(h.db);
    const file = await addFile(h.db, sproutId);
    await nextVersion(h.db, sproutId);
    await clearDataset(h.db, { sproutId, dataset: 'test' });
    const made = [];
    for (let i = 0; i < KEPT_VERSION_DATA; i++) {
      await addDoc(h.db, sproutId, 'test', 'notes', { i });
      made.push(await nextVersion(h.db, sproutId));
    }
    // Versions 1 … 32 exist; the newest 30 (3 … 32) are kept, the current one (32) by being current.
    const kept = await snapshotsByVersion(h.db, sproutId);
    expect(kept.has(firstVersionId)).toBe(false);
    expect(kept.size).toBe(KEPT_VERSION_DATA - 1);
    expect(made.slice(0, -1).every((v) => kept.has(v.id))).toBe(true);
    expect(await queued(file.key)).toEqual({ key: file.key, referenced: false });
    // Each kept snapshot has its rows, and no dropped snapshot left any behind.
    const withRows = await snapshotDatasetsWithRows(h.db, sproutId);
    expect(withRows).toEqual([...new Set(kept.values())].map(snapshotDataset).sort());
  });

  it('goes with its project, and queues its files’ bytes', async () => {
    const { ownerId, sproutId } = await projectWithOwner(h.db);
    const file = await addFile(h.db, sproutId);
    await addDoc(h.db, sproutId, 'test', 'notes', { text: 'a' });
    await nextVersion(h.db, sproutId);
    expect(await snapshotDatasetsWithRows(h.db, sproutId)).toHaveLength(1);
    expect(await softDeleteSproutForOwner(h.db, sproutId, ownerId)).toBe(true);
    expect(await snapshotsByVersion(h.db, sproutId)).toEqual(new Map());
    expect(await snapshotDatasetsWithRows(h.db, sproutId)).toEqual([]);
    expect(await queued(file.key)).toEqual({ key: file.key, referenced: false });
  });
});
