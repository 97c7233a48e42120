import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { newId } from '../ids';
import { createUser, getUserById } from './users';
import { getSubscription, upsertSubscription } from './subscriptions';
import { writeAudit } from './misc';
import {
  claimCheckoutSession,
  findSubscriptionByProviderIds,
  getCheckoutSession,
  insertCheckoutSession,
  isBillingEventRecorded,
  listAuditForUser,
  recordBillingEvent,
} from './billing';

let h: DbHandle;
let userId: string;
let otherId: string;
beforeAll(async () => {
  h = await createTestDb();
  userId = (await createUser(h.db, { email: 'b@example.com', passwordHash: 'x', displayName: 'B' })).id;
  otherId = (await createUser(h.db, { email: 'o@example.com', passwordHash: 'x', displayName: 'O' })).id;
});
afterAll(async () => {
  await h?.close();
});

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000);

describe('checkout sessions', () => {
  it('are claimed once, by their owner, before they expire', async () => {
    const id = newId(32);
    await insertCheckoutSession(h.db, { id, userId, tierType: 'tier-2', returnTo: '/build', expiresAt: inMinutes(30) });
    expect(await claimCheckoutSession(h.db, id, otherId)).toBeNull();
    const results = await Promise.all(Array.from({ length: 8 }, () => claimCheckoutSession(h.db, id, userId)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await getCheckoutSession(h.db, id)).toMatchObject({ status: 'completed', tierType: 'tier-2' });

    const expired = newId(32);
    await insertCheckoutSession(h.db, { id: expired, userId, tierType: 'tier-1', returnTo: '/build', expiresAt: inMinutes(-1) });
    expect(await claimCheckoutSession(h.db, expired, userId)).toBeNull();
    expect(await getCheckoutSession(h.db, 'missing')).toBeNull();
  });
});

describe('billing events', () => {
  it('are recorded once per source and id', async () => {
    const event = { source: 'stripe' as const, eventId: 'evt_1', type: 'checkout.session.completed', userId, outcome: 'applied' };
    expect(await isBillingEventRecorded(h.db, 'stripe', 'evt_1')).toBe(false);
    const results = await Promise.all([recordBillingEvent(h.db, event), recordBillingEvent(h.db, event), recordBillingEvent(h.db, event)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await isBillingEventRecorded(h.db, 'stripe', 'evt_1')).toBe(true);
    // The same id from another source is another notification.
    expect(await recordBillingEvent(h.db, { ...event, source: 'mobile' })).toBe(true);
  });

  it('leave no record when the transaction that applies them fails', async () => {
    await expect(
      h.db.transaction(async (tx) => {
        await recordBillingEvent(tx, { source: 'stripe', eventId: 'evt_fail', type: 'x', userId: null, outcome: 'applied' });
        throw new Error('apply failed');
      }),
    ).rejects.toThrow('apply failed');
    expect(await isBillingEventRecorded(h.db, 'stripe', 'evt_fail')).toBe(false);
  });
});

describe('subscriptions by provider ids', () => {
  it('finds by subscription id first, then by customer id', async () => {
    await upsertSubscription(h.db, userId, { type: 'subscribed on web', tierType: 'tier-1', providerCustomerId: 'cus_A', providerSubscriptionId: 'sub_A' });
    await upsertSubscription(h.db, otherId, { type: 'free', tierType: 'free', providerCustomerId: 'cus_B', providerSubscriptionId: 'sub_B' });
    expect((await findSubscriptionByProviderIds(h.db, { subscriptionId: 'sub_A' }))?.userId).toBe(userId);
    expect((await findSubscriptionByProviderIds(h.db, { subscriptionId: 'sub_new', customerId: 'cus_B' }))?.userId).toBe(otherId);
    expect((await findSubscriptionByProviderIds(h.db, { subscriptionId: 'sub_A', customerId: 'cus_B' }))?.userId).toBe(userId);
    expect(await findSubscriptionByProviderIds(h.db, {})).toBeNull();
    expect(await findSubscriptionByProviderIds(h.db, { subscriptionId: 'nope' })).toBeNull();
  });
});

describe('the tier users are on', () => {
  it('is the pending downgrade once its period has ended, before anyone settles the record', async () => {
    await upsertSubscription(h.db, userId, {
      type: 'subscribed on web',
      tierType: 'tier-3',
      pendingTierType: 'tier-1',
      currentPeriodEnd: inMinutes(60),
    });
    expect((await getUserById(h.db, userId))?.tier).toBe('tier-3');
    await upsertSubscription(h.db, userId, { type: 'subscribed on web', tierType: 'tier-3', currentPeriodEnd: inMinutes(-1) });
    expect((await getUserById(h.db, userId))?.tier).toBe('tier-1');
    expect((await getSubscription(h.db, userId))?.tierType).toBe('tier-3');
  });
});

describe('audit per user', () => {
  it('lists the newest entries about one user', async () => {
    await writeAudit(h.db, { actorId: otherId, action: 'a.one', targetUserId: userId });
    await writeAudit(h.db, { actorId: otherId, action: 'a.two', targetUserId: userId });
    await writeAudit(h.db, { actorId: userId, action: 'a.other', targetUserId: otherId });
    expect((await listAuditForUser(h.db, userId)).map((e) => e.action)).toEqual(['a.two', 'a.one']);
  });
});
