import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser, getUserById, endTokensIssuedBefore } from './users';
import { insertSprout, listSproutsForOwner, softDeleteSproutForOwner, updateSproutForOwner } from './sprouts';
import { upsertSubscription } from './subscriptions';
import { getUserWithSprouts } from './user-with-sprouts';
import { createVersion } from './versions';
import { putScreenshot } from '../attempts/attempts';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

describe('getUserWithSprouts', () => {
  it('answers exactly what getUserById and listSproutsForOwner answer, in one statement sent through the driver', async () => {
    const ann = await createUser(h.db, { email: 'ann@example.com', passwordHash: 'x', displayName: 'Ann' });
    const bob = await createUser(h.db, { email: 'bob@example.com', passwordHash: 'x', displayName: 'Bob' });
    const a = await insertSprout(h.db, { ownerId: ann.id, displayName: 'First' });
    const b = await insertSprout(h.db, { ownerId: ann.id, displayName: 'Second “quoted” \\ name' });
    const c = await insertSprout(h.db, { ownerId: ann.id, displayName: 'Deleted' });
    await insertSprout(h.db, { ownerId: bob.id, displayName: 'Not Ann’s' });
    await updateSproutForOwner(h.db, a.id, ann.id, { isPinned: true, publicUrl: 'https://first.example', isDeploymentEnabled: true });
    await updateSproutForOwner(h.db, b.id, ann.id, { shareEnabled: true });
    await softDeleteSproutForOwner(h.db, c.id, ann.id);
    await endTokensIssuedBefore(h.db, ann.id, new Date('2026-01-02T03:04:05.678Z'));
    await upsertSubscription(h.db, ann.id, { type: 'subscribed on web', tierType: 'tier-1' });

    const got = await getUserWithSprouts(h.db, ann.id);
    expect(got?.user).toEqual(await getUserById(h.db, ann.id));
    expect(got?.user).toMatchObject({ tier: 'tier-1', tokensValidAfter: new Date('2026-01-02T03:04:05.678Z'), roles: [] });
    const listed = await listSproutsForOwner(h.db, ann.id);
    expect(listed.map((s) => s.displayName)).toEqual(['First', 'Second “quoted” \\ name']);
    expect(got?.sprouts).toEqual(listed.map((s) => ({ ...s, thumbnailId: null })));
    expect(got?.sprouts[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('gives a person without projects an empty list, and an unknown id nothing', async () => {
    const cy = await createUser(h.db, { email: 'cy@example.com', passwordHash: 'x', displayName: 'Cy' });
    expect(await getUserWithSprouts(h.db, cy.id)).toEqual({ user: await getUserById(h.db, cy.id), sprouts: [] });
    expect(await getUserWithSprouts(h.db, 'no-such-user')).toBeNull();
  });

  it('answers the same inside a transaction (through Drizzle there)', async () => {
    const dee = await createUser(h.db, { email: 'dee@example.com', passwordHash: 'x', displayName: 'Dee' });
    await insertSprout(h.db, { ownerId: dee.id, displayName: 'Dee’s' });
    const got = await h.db.transaction((tx) => getUserWithSprouts(tx, dee.id));
    expect(got).toEqual(await getUserWithSprouts(h.db, dee.id));
    expect(got?.user).toEqual(await getUserById(h.db, dee.id));
    expect(got?.sprouts.map((s) => s.displayName)).toEqual(['Dee’s']);
  });

  it('gives each project the picture of its newest version that has one, never another project’s', async () => {
    const eve = await createUser(h.db, { email: 'eve@example.com', passwordHash: 'x', displayName: 'Eve' });
    const shown = await insertSprout(h.db, { ownerId: eve.id, displayName: 'Shown' });
    const other = await insertSprout(h.db, { ownerId: eve.id, displayName: 'Other' });
    const version = () =>
      h.db.transaction((tx) => createVersion(tx, { sproutId: shown.id, source: 'run', files: [{ path: 'a.txt', content: String(Math.random()) }] }));
    const image = new Uint8Array([0xff, 0xd8, 0xff]);
    const thumbnails = async () => Object.fromEntries((await getUserWithSprouts(h.db, eve.id))!.sprouts.map((s) => [s.displayName, s.thumbnailId]));

    const v1 = await version();
    expect(await thumbnails()).toEqual({ Shown: null, Other: null });
    await putScreenshot(h.db, { id: v1.id, sproutId: shown.id, image });
    // A restore or a manual edit has no picture of its own: the one before stays.
    await version();
    expect(await thumbnails()).toEqual({ Shown: v1.id, Other: null });
    const v3 = await version();
    await putScreenshot(h.db, { id: v3.id, sproutId: shown.id, image });
    // An attempt's picture (not a version) is never a thumbnail.
    await putScreenshot(h.db, { id: 'attempt-of-other', sproutId: other.id, image });
    expect(await thumbnails()).toEqual({ Shown: v3.id, Other: null });
    expect(await h.db.transaction((tx) => getUserWithSprouts(tx, eve.id))).toEqual(await getUserWithSprouts(h.db, eve.id));
  });
});
