import {
  createAppUser,
  createManualVersion,
  getAppFile,
  insertAppDocument,
  insertAppFile,
  KEPT_VERSION_DATA,
  newId,
  queuePendingFile,
  type Dataset,
} from '@sprout/db';
import type { Sprout } from '@sprout/core/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileOf, newProject, type Session, useTestApp, versionsOf } from '../testing';

const t = useTestApp();
let owner: Session, other: Session;
beforeAll(async () => {
  [owner, other] = await Promise.all([t.register(), t.register()]);
});

const restore = (s: Session, sproutId: string, versionId: string, body?: unknown) =>
  t.api('POST', `/build/v1/sprouts/${sproutId}/versions/${versionId}/restore`, { token: s.idToken, ...(body === undefined ? {} : { body }) });
const put = (sproutId: string, path: string, content: string, baseVersionId: string) =>
  t.api('PUT', `/build/v1/sprouts/${sproutId}/files`, { token: owner.idToken, body: { path, content, baseVersionId } });
const get = (path: string) => t.api('GET', `/build/v1/sprouts/${path}`, { token: owner.idToken });

const RULES = JSON.stringify({ collections: { notes: { create: 'anyone', read: 'anyone', fields: { text: 'string' } } } });

async function projectWithRules(): Promise<Sprout> {
  const files = [
    { name: 'client/src/App.tsx', content: 'export default function App() { return null; }\n' },
    { name: 'sprout.data.json', content: RULES },
  ];
  const res = await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Notes', files } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Sprout;
}

async function addDoc(sproutId: string, dataset: Dataset, collection: string, data: Record<string, unknown>) {
  const r = await insertAppDocument(
    t.db.db,
    { sproutId, dataset },
    { collection, data, createdBy: 'visitor:v1', unique: [], quota: { documents: 100, storageBytes: 1e6 } },
  );
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

async function addFile(sproutId: string) {
  const key = `app-files/${newId(2)}/${newId()}`;
  await queuePendingFile(t.db.db, key, 3600);
  const r = await insertAppFile(
    t.db.db,
    { sproutId, dataset: 'test' },
    { name: 'a.png', mimeType: 'image/png', storageKey: key, size: 4, createdBy: 'visitor:v1', storageBytes: 1e6 },
  );
  if (!r.ok) throw new Error(r.reason);
  return r.file;
}

const notes = async (sproutId: string, dataset: Dataset) =>
  (await get(`${sproutId}/data/${dataset}/collections/notes`)).json().data.map((d: { id: string; data: unknown }) => ({ id: d.id, data: d.data }));
const appUsers = async (sproutId: string) => (await get(`${sproutId}/data/test/users`)).json().users.map((u: { email: string }) => u.email);

describe('restoring a version', () => {
  it('makes a new version with the old files, destroying nothing, when asked without a body', async () => {
    const sproutId = await newProject(t, owner);
    const v1 = (await versionsOf(t, owner, sproutId)).currentVersionId!;
    const original = await fileOf(t, owner, sproutId, 'client/src/App.tsx');
    const v2 = (await put(sproutId, 'client/src/App.tsx', 'changed\n', v1)).json().version.id;
    const restored = await restore(owner, sproutId, v1);
    expect(restored.statusCode).toBe(201);
    expect(restored.json()).toMatchObject({ dataRestored: false, version: { number: 3, source: 'restore', summary: 'Restored version 1', parentId: v2 } });
    expect(await fileOf(t, owner, sproutId, 'client/src/App.tsx')).toBe(original);
    const list = await versionsOf(t, owner, sproutId);
    expect(list.versions.map((v) => v.number)).toEqual([3, 2, 1]);
    expect(list.currentVersionId).toBe(restored.json().version.id);
    const old = await get(`${sproutId}/files?version=${v2}`);
    expect(old.json().files.find((f: { path: string }) => f.path === 'client/src/App.tsx').content).toBe('changed\n');
    expect((await restore(other, sproutId, v1)).statusCode).toBe(404);
  });

  it('brings back the test data the version had, keeps newer versions, leaves live data alone, and reloads open previews', async () => {
    const sprout = await projectWithRules();
    const v1 = sprout.currentVersionId!;
    const then = await addDoc(sprout.id, 'test', 'notes', { text: 'then' });
    const file = await addFile(sprout.id);
    await createAppUser(t.db.db, { sproutId: sprout.id, dataset: 'test' }, { email: 'ann@example.com', passwordHash: 'x', maxUsers: 10 });
    await addDoc(sprout.id, 'live', 'notes', { text: 'live' });
    const live = await notes(sprout.id, 'live');
    // Version 2 drops the notes' field; its test data is different.
    const v2 = (await put(sprout.id, 'sprout.data.json', JSON.stringify({ collections: { notes: {} } }), v1)).json().version.id;
    expect((await t.api('POST', `/build/v1/sprouts/${sprout.id}/data/test/reset`, { token: owner.idToken })).statusCode).toBe(204);
    await addDoc(sprout.id, 'test', 'notes', { text: 'now' });

    const heard: string[] = [];
    const stop = t.app.services.appChanges.subscribe({ sproutId: sprout.id, dataset: 'test', collection: 'notes' }, (c) => heard.push(c.op));
    const res = await restore(owner, sprout.id, v1, { withData: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ dataRestored: true, version: { number: 3, summary: 'Restored version 1', parentId: v2 } });
    await expect.poll(() => heard).toEqual(['reset']);
    stop();

    expect(await notes(sprout.id, 'test')).toEqual([{ id: then.id, data: { text: 'then' } }]);
    expect(await appUsers(sprout.id)).toEqual(['ann@example.com']);
    expect(await getAppFile(t.db.db, { sproutId: sprout.id, dataset: 'test' }, file.id)).toMatchObject({ id: file.id, name: 'a.png' });
    expect(await notes(sprout.id, 'live')).toEqual(live);
    expect((await versionsOf(t, owner, sprout.id)).versions.map((v) => v.number)).toEqual([3, 2, 1]);

    // The data of a moment ago was kept as version 2's.
    expect((await restore(owner, sprout.id, v2, { withData: true })).statusCode).toBe(201);
    expect((await notes(sprout.id, 'test')).map((d: { data: unknown }) => d.data)).toEqual([{ text: 'now' }]);
    expect(await appUsers(sprout.id)).toEqual([]);
  });

  it('refuses a version whose test data is no longer kept, making no version and changing no data', async () => {
    const sprout = await projectWithRules();
    for (let i = 0; i < KEPT_VERSION_DATA; i++) {
      const made = await createManualVersion(t.db.db, { sproutId: sprout.id, files: [{ path: 'a.ts', content: `${i}` }], source: 'manual', summary: 'Edited' });
      expect(made.ok).toBe(true);
    }
    await addDoc(sprout.id, 'test', 'notes', { text: 'now' });
    const before = await versionsOf(t, owner, sprout.id);
    expect(before.versions.find((v) => v.number === 1)!.hasData).toBe(false);
    const res = await restore(owner, sprout.id, sprout.currentVersionId!, { withData: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'version_data_gone', message: "Version 1's test data is no longer kept." });
    expect(await versionsOf(t, owner, sprout.id)).toEqual(before);
    expect((await notes(sprout.id, 'test')).map((d: { data: unknown }) => d.data)).toEqual([{ text: 'now' }]);
  });

  it('refuses a body that is not what it takes', async () => {
    const sproutId = await newProject(t, owner);
    const v1 = (await versionsOf(t, owner, sproutId)).currentVersionId!;
    for (const body of [{ withData: 'yes' }, { withData: true, extra: 1 }, []])
      expect((await restore(owner, sproutId, v1, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await versionsOf(t, owner, sproutId)).versions).toHaveLength(1);
  });
});
