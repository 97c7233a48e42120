import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { insertUpload } from '../queries/uploads';
import { queuePendingFile } from '../queries/stored-files';
import { createSproutForUser } from '../operations/create-sprout';
import { deploymentVersionOf, getSiteSettings, getSiteUpload, saveSiteSettings } from './settings';

let h: DbHandle;
let ownerId: string;
let sproutId: string;
let otherId: string;
beforeAll(async () => {
  h = await createTestDb();
  ownerId = (await createUser(h.db, { email: `site-settings-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'o' })).id;
  const make = async (displayName: string) => {
    const r = await createSproutForUser(h.db, { ownerId, displayName, files: [{ path: 'client/src/App.tsx', content: 'x' }] });
    if (!r.ok) throw new Error('limit');
    return r.sprout.id;
  };
  sproutId = await make('Shop');
  otherId = await make('Other');
});
afterAll(async () => {
  await h?.close();
});

describe("a project's page settings", () => {
  it('are stored whole, the last write winning, each project its own', async () => {
    expect(await getSiteSettings(h.db, sproutId)).toBeNull();
    const first = await saveSiteSettings(h.db, sproutId, { title: 'Soup' });
    expect(first.settings).toEqual({ title: 'Soup' });
    const second = await saveSiteSettings(h.db, sproutId, { title: 'Stew', language: 'fr' });
    expect(second.updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());
    expect((await getSiteSettings(h.db, sproutId))?.settings).toEqual({ title: 'Stew', language: 'fr' });
    expect(await getSiteSettings(h.db, otherId)).toBeNull();
  });

  it('find an uploaded image only through its own project', async () => {
    const key = `uploads/ab/site-${Math.random().toString(36).slice(2)}`;
    await queuePendingFile(h.db, key, 60);
    const upload = await insertUpload(h.db, { userId: ownerId, sproutId, mimeType: 'image/png', storageKey: key, size: 10, sha256: 'x' });
    expect(await getSiteUpload(h.db, sproutId, upload.id)).toEqual({ mimeType: 'image/png', storageKey: key, size: 10 });
    expect(await getSiteUpload(h.db, otherId, upload.id)).toBeNull();
    expect(await getSiteUpload(h.db, sproutId, 'nope')).toBeNull();
  });

  it('know no version for a deployment that does not exist', async () => {
    expect(await deploymentVersionOf(h.db, 'nope')).toBeNull();
  });
});
