import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser, getUserById, endTokensIssuedBefore } from './users';
import { insertSprout, listSproutsForOwner, softDeleteSproutForOwner, updateSproutForOwner } from './sprouts';
import { upsertSubscription } from './subscriptions';
import { getUserWithSprouts } from './user-with-sprouts';

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
    expect(got?.sprouts).toEqual(listed);
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
});
