import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../create-db';
import { createSproutForUser } from '../operations/create-sprout';
import { createUser } from '../queries/users';
import { createTestDb } from '../testing';
import { createManualVersion } from '../operations/commit-version';
import { deleteProjectRemote, getProjectRemote, recordRemoteSync, remotesBehind, setProjectRemote } from './project-remotes';

let h: DbHandle;
let sproutId: string;
beforeAll(async () => {
  h = await createTestDb();
  const owner = await createUser(h.db, { email: `remotes-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'o' });
  const r = await createSproutForUser(h.db, { ownerId: owner.id, displayName: 'Synced', files: [{ path: 'client/src/App.tsx', content: 'v1' }] });
  if (!r.ok) throw new Error('limit');
  sproutId = r.sprout.id;
});
afterAll(async () => {
  await h?.close();
});

const A = 'https://git.example.com/pat/a.git';
const B = 'https://git.example.com/pat/b.git';

describe('project remotes', () => {
  it('connects, reads back, and has no remote before', async () => {
    expect(await getProjectRemote(h.db, sproutId)).toBeNull();
    const row = await setProjectRemote(h.db, sproutId, { url: A, tokenSealed: 'sealed-a', tokenKeyId: 'k1' });
    expect(row).toMatchObject({ sproutId, url: A, tokenSealed: 'sealed-a', lastPushedAt: null, lastPulledAt: null, lastError: null });
    expect(await getProjectRemote(h.db, sproutId)).toMatchObject({ url: A });
  });

  it('records push and pull results, only for the remote still connected', async () => {
    await recordRemoteSync(h.db, sproutId, A, { kind: 'push', error: 'The remote has commits Sprout does not have: pull first.' });
    expect(await getProjectRemote(h.db, sproutId)).toMatchObject({ lastPushedAt: null, lastError: expect.stringMatching(/pull first/) });
    await recordRemoteSync(h.db, sproutId, A, { kind: 'push', error: null });
    const pushed = await getProjectRemote(h.db, sproutId);
    expect(pushed!.lastPushedAt).toBeInstanceOf(Date);
    expect(pushed!.lastError).toBeNull();
    await recordRemoteSync(h.db, sproutId, A, { kind: 'pull', error: null });
    expect((await getProjectRemote(h.db, sproutId))!.lastPulledAt).toBeInstanceOf(Date);
    // A sync of a remote since replaced changes nothing.
    await setProjectRemote(h.db, sproutId, { url: B, tokenSealed: 'sealed-b', tokenKeyId: 'k1' });
    await recordRemoteSync(h.db, sproutId, A, { kind: 'push', error: 'old' });
    expect(await getProjectRemote(h.db, sproutId)).toMatchObject({ url: B, tokenSealed: 'sealed-b', lastError: null, lastPushedAt: null, lastPulledAt: null });
  });

  it('lists the remotes not pushed to since the current version was made', async () => {
    await setProjectRemote(h.db, sproutId, { url: A, tokenSealed: 'sealed-a', tokenKeyId: 'k1' });
    expect(await remotesBehind(h.db)).toEqual([sproutId]);
    await recordRemoteSync(h.db, sproutId, A, { kind: 'push', error: null });
    expect(await remotesBehind(h.db)).toEqual([]);
    // A failed push leaves the time of the last one that went through.
    await recordRemoteSync(h.db, sproutId, A, { kind: 'push', error: 'The remote refused the token.' });
    expect(await remotesBehind(h.db)).toEqual([]);
    const edit = await createManualVersion(h.db, { sproutId, files: [{ path: 'client/src/App.tsx', content: 'v2' }], source: 'manual', summary: 'Edit' });
    expect(edit.ok).toBe(true);
    expect(await remotesBehind(h.db)).toEqual([sproutId]);
  });

  it('disconnects', async () => {
    expect(await deleteProjectRemote(h.db, sproutId)).toBe(true);
    expect(await deleteProjectRemote(h.db, sproutId)).toBe(false);
    expect(await getProjectRemote(h.db, sproutId)).toBeNull();
  });
});
