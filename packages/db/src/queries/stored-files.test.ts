import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { newId } from '../ids';
import { createUser } from './users';
import { createSproutForUser } from '../operations/create-sprout';
import { insertAppFile } from '../app-data/files';
import { clearDataset, copyDataset } from '../app-data/owner';
import { deleteAccountData } from '../account/delete-account';
import { insertUpload } from './uploads';
import { softDeleteSproutForOwner } from './sprouts';
import { fileDeletions } from '../files/tables';
import { messages } from '../schema';
import { publishDeployment } from '../operations/publish';
import { putScreenshot } from '../attempts/attempts';
import {
  countFileDeletions,
  dueFileDeletions,
  forgetFileDeletions,
  keepReferencedFiles,
  legacyFileBytes,
  legacyFileIds,
  moveFileToStore,
  queuePendingFile,
} from './stored-files';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});
// Each test reads the queue from empty.
beforeEach(async () => {
  await h.db.delete(fileDeletions);
});

async function owner() {
  return createUser(h.db, { email: `o-${newId(8)}@example.com`, passwordHash: 'x', displayName: 'o' });
}
async function project(ownerId: string) {
  const r = await createSproutForUser(h.db, { ownerId, displayName: 'S', files: [{ path: 'client/src/App.tsx', content: 'x' }] });
  if (!r.ok) throw new Error('limit');
  return r.sprout.id;
}
const quota = { storageBytes: 1_000_000 };
async function appFile(sproutId: string, dataset: 'test' | 'live' = 'test') {
  const key = `app-files/${newId(2)}/${newId()}`;
  await queuePendingFile(h.db, key, 3600);
  const r = await insertAppFile(
    h.db,
    { sproutId, dataset },
    { name: 'a.png', mimeType: 'image/png', storageKey: key, size: 10, createdBy: 'visitor:v', ...quota },
  );
  if (!r.ok) throw new Error('quota');
  return { id: r.file.id, key };
}
const due = async () => (await dueFileDeletions(h.db, 100)).sort((a, b) => a.key.localeCompare(b.key));
const byKey = (...entries: { key: string; referenced: boolean }[]) => entries.sort((a, b) => a.key.localeCompare(b.key));

describe('the file deletion queue', () => {
  it('holds a pending write until its grace passes, and a stored row claims it', async () => {
    const u = await owner();
    const sproutId = await project(u.id);
    await queuePendingFile(h.db, 'app-files/ab/never-claimed', 3600);
    await queuePendingFile(h.db, 'app-files/ab/due-at-once', 0);
    const claimed = await appFile(sproutId);
    expect(await countFileDeletions(h.db)).toBe(2);
    expect(await due()).toEqual([{ key: 'app-files/ab/due-at-once', referenced: false }]);
    expect((await due()).map((d) => d.key)).not.toContain(claimed.key);
  });

  it('queues the bytes of every deleted row: a cleared dataset, a deleted project, a deleted account', async () => {
    const u = await owner();
    const a = await project(u.id);
    const b = await project(u.id);
    const inTest = await appFile(a, 'test');
    const inLive = await appFile(a, 'live');
    const image = await insertUpload(h.db, { userId: u.id, sproutId: b, mimeType: 'image/png', storageKey: `uploads/cd/${newId()}`, size: 3, sha256: 'x' });
    const loose = await insertUpload(h.db, { userId: u.id, mimeType: 'image/png', storageKey: `uploads/cd/${newId()}`, size: 3, sha256: 'y' });
    const ofB = await appFile(b);

    await clearDataset(h.db, { sproutId: a, dataset: 'test' });
    expect(await due()).toEqual([{ key: inTest.key, referenced: false }]);
    expect(await softDeleteSproutForOwner(h.db, a, u.id)).toBe(true);
    expect(await due()).toEqual(byKey({ key: inTest.key, referenced: false }, { key: inLive.key, referenced: false }));
    await deleteAccountData(h.db, u.id, { actorId: u.id, details: {} });
    expect(await due()).toEqual(
      byKey(
        { key: inTest.key, referenced: false },
        { key: inLive.key, referenced: false },
        { key: image.storageKey!, referenced: false },
        { key: loose.storageKey!, referenced: false },
        { key: ofB.key, referenced: false },
      ),
    );
    await forgetFileDeletions(
      h.db,
      (await due()).map((d) => d.key),
    );
    expect(await countFileDeletions(h.db)).toBe(0);
  });

  it('keeps bytes a copied dataset still names, and queues them again when the last row goes', async () => {
    const u = await owner();
    const sproutId = await project(u.id);
    const f = await appFile(sproutId);
    await copyDataset(h.db, sproutId, 'test', 'live');
    await clearDataset(h.db, { sproutId, dataset: 'test' });
    expect(await due()).toEqual([{ key: f.key, referenced: true }]);
    await keepReferencedFiles(h.db, [f.key]);
    expect(await countFileDeletions(h.db)).toBe(0);
    await clearDataset(h.db, { sproutId, dataset: 'live' });
    expect(await due()).toEqual([{ key: f.key, referenced: false }]);
    // Keeping is checked again when it is written: bytes nobody names are not kept.
    await keepReferencedFiles(h.db, [f.key]);
    expect(await due()).toEqual([{ key: f.key, referenced: false }]);
  });

  it('counts a key a published file or a screenshot names as referenced, and queues it once their account goes', async () => {
    const u = await owner();
    const sproutId = await project(u.id);
    const deploymentId = newId();
    const siteKey = `deployments/${deploymentId}/0`;
    const shotKey = `screenshots/ab/${newId(24)}`;
    await queuePendingFile(h.db, [siteKey, shotKey], 3600);
    const published = await publishDeployment(h.db, {
      ownerId: u.id,
      sproutId,
      versionId: 'v',
      publicUrl: 'http://x.sites.localhost',
      deploymentId,
      files: [{ path: 'index.html', contentType: 'text/html', storageKey: siteKey, size: 1 }],
    });
    expect(published.ok).toBe(true);
    expect(await putScreenshot(h.db, { id: 'v', sproutId, storageKey: shotKey })).toBe(true);
    expect(await countFileDeletions(h.db)).toBe(0);
    // A key queued while a row still names it (as a sweep may meet one) is kept.
    await h.db.insert(fileDeletions).values([{ key: siteKey }, { key: shotKey }]);
    expect(await due()).toEqual(byKey({ key: siteKey, referenced: true }, { key: shotKey, referenced: true }));
    await forgetFileDeletions(h.db, [siteKey, shotKey]);
    // The account's cascades (project → deployment → its files; project → screenshots) queue both.
    await deleteAccountData(h.db, u.id, { actorId: u.id, details: {} });
    expect(await due()).toEqual(byKey({ key: siteKey, referenced: false }, { key: shotKey, referenced: false }));
  });

  it('keeps an image a message of another of the owner’s projects shows when its own project is deleted', async () => {
    const u = await owner();
    const a = await project(u.id);
    const b = await project(u.id);
    const shown = await insertUpload(h.db, { userId: u.id, sproutId: a, mimeType: 'image/png', storageKey: `uploads/ef/${newId()}`, size: 3, sha256: 'x' });
    const only = await insertUpload(h.db, { userId: u.id, sproutId: a, mimeType: 'image/png', storageKey: `uploads/ef/${newId()}`, size: 3, sha256: 'y' });
    await h.db
      .insert(messages)
      .values({ id: newId(), sproutId: b, role: 'user', content: 'logo', attachments: [{ uploadId: shown.id, mimeType: 'image/png', size: 3 }] });
    await softDeleteSproutForOwner(h.db, a, u.id);
    expect(await due()).toEqual([{ key: only.storageKey!, referenced: false }]);
  });
});

describe('rows stored before the file store', () => {
  it('are listed, read and moved once', async () => {
    const u = await owner();
    const sproutId = await project(u.id);
    const id = newId();
    await h.db.execute(sql`insert into app_files (id, sprout_id, dataset, name, mime_type, size, data, created_by)
      values (${id}, ${sproutId}, 'test', 'old.txt', 'text/plain', 5, ${new Uint8Array([104, 101, 108, 108, 111])}, 'visitor:v')`);
    expect(await legacyFileIds(h.db, 'app_files', 100)).toContain(id);
    expect(Buffer.from((await legacyFileBytes(h.db, 'app_files', id))!).toString()).toBe('hello');
    await queuePendingFile(h.db, 'app-files/gh/moved', 3600);
    await queuePendingFile(h.db, 'app-files/gh/second', 3600);
    expect(await moveFileToStore(h.db, 'app_files', id, 'app-files/gh/moved')).toBe(true);
    // A second mover finds it done; its pending key stays for the sweep (or its own removal).
    expect(await moveFileToStore(h.db, 'app_files', id, 'app-files/gh/second')).toBe(false);
    expect(await legacyFileBytes(h.db, 'app_files', id)).toBeNull();
    expect(await legacyFileIds(h.db, 'app_files', 100)).not.toContain(id);
    const [row] = await h.db
      .execute(sql`select storage_key, data from app_files where id = ${id}`)
      .then((r) => (r as unknown as { rows: Record<string, unknown>[] }).rows);
    expect(row).toEqual({ storage_key: 'app-files/gh/moved', data: null });
    expect(await countFileDeletions(h.db)).toBe(1);
  });
});
