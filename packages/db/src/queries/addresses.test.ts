import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccountData } from '../account/delete-account';
import type { DbHandle } from '../create-db';
import { insertSprout } from './sprouts';
import { createUser } from './users';
import { releasedAddresses, sprouts } from '../schema';
import { changeSlug, claimSlug, slugState } from './addresses';
import { createTestDb } from '../testing';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const DAY = 24 * 3600_000;
const person = (tag: string) => createUser(h.db, { email: `${tag}-${Math.random()}@example.com`, passwordHash: 'x', displayName: tag });
const project = async (ownerId: string) => insertSprout(h.db, { ownerId, displayName: 'App' });
const inherited = async (id: string) => (await h.db.select({ v: sprouts.addressInherited }).from(sprouts).where(eq(sprouts.id, id)))[0]!.v;

describe('addresses given up', () => {
  it('are held for their owner: nobody else takes one until the hold ends, then the taker is told it was someone else’s', async () => {
    const [ann, bob] = [await person('ann'), await person('bob')];
    const first = await project(ann.id);
    expect(await claimSlug(h.db, first.id, ['ann-shop'])).toBe('ann-shop');
    expect(await changeSlug(h.db, first.id, 'ann-shop-2')).toBe('ok');

    const now = Date.now();
    const holdStart = new Date(now - 30 * DAY);
    const other = await project(bob.id);
    expect(await slugState(h.db, 'ann-shop', bob.id, holdStart)).toEqual({ kind: 'held' });
    expect(await claimSlug(h.db, other.id, ['ann-shop'], holdStart)).toBeNull();
    expect(await changeSlug(h.db, other.id, 'ann-shop', holdStart)).toBe('taken');
    // Its owner may take it back meanwhile, and inherits nothing.
    const again = await project(ann.id);
    expect(await slugState(h.db, 'ann-shop', ann.id, holdStart)).toEqual({ kind: 'free' });
    expect(await changeSlug(h.db, again.id, 'ann-shop', holdStart)).toBe('ok');
    expect(await inherited(again.id)).toBe(false);
    expect(await changeSlug(h.db, again.id, 'ann-shop-3', holdStart)).toBe('ok');

    // After the hold: anyone, who learns the address had another owner's app.
    const afterHold = new Date(now + DAY);
    expect(await slugState(h.db, 'ann-shop', bob.id, afterHold)).toEqual({ kind: 'free' });
    expect(await changeSlug(h.db, other.id, 'ann-shop', afterHold)).toBe('ok');
    expect(await inherited(other.id)).toBe(true);
    expect(await h.db.select().from(releasedAddresses).where(eq(releasedAddresses.slug, 'ann-shop'))).toEqual([]);
  });

  it('of a deleted account are held for nobody', async () => {
    const [cat, dan] = [await person('cat'), await person('dan')];
    const gone = await project(cat.id);
    expect(await claimSlug(h.db, gone.id, ['cat-cafe'])).toBe('cat-cafe');
    await deleteAccountData(h.db, cat.id, { actorId: cat.id, details: {} });
    const holdStart = new Date(Date.now() - 30 * DAY);
    expect(await slugState(h.db, 'cat-cafe', dan.id, holdStart)).toEqual({ kind: 'held' });
    const taker = await project(dan.id);
    expect(await claimSlug(h.db, taker.id, ['cat-cafe', 'dan-cafe'], holdStart)).toBe('dan-cafe');
  });
});
