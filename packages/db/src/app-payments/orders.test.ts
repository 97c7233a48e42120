import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { createUser } from '../queries/users';
import { createSproutForUser } from '../operations/create-sprout';
import { getAppDocument } from '../app-data/documents';
import { allAppDocuments, copyDataset } from '../app-data/owner';
import type { AppScope } from '../app-data/scope';
import { createPaymentOrder, listPaidOrders, markOrderPaid, markOrderRefunded, openTestOrder, paymentTotals, setOrderStripeSession } from './orders';

let h: DbHandle;
let sproutId: string;
beforeAll(async () => {
  h = await createTestDb();
  const owner = await createUser(h.db, { email: `pay-${Math.random()}@example.com`, passwordHash: 'x', displayName: 'o' });
  const r = await createSproutForUser(h.db, { ownerId: owner.id, displayName: 'S', files: [{ path: 'client/src/App.tsx', content: 'x' }] });
  if (!r.ok) throw new Error('limit');
  sproutId = r.sprout.id;
});
afterAll(async () => {
  await h?.close();
});

const HOUR = 3_600_000;
const order = (scope: AppScope, testCheckout = scope.dataset !== 'live', expiresAt = new Date(Date.now() + HOUR)) =>
  createPaymentOrder(h.db, scope, {
    items: [
      { name: 'Lemon cake', amount: 450, currency: 'eur', quantity: 2 },
      { name: 'Tea', amount: 300, currency: 'eur', quantity: 1 },
    ],
    currency: 'eur',
    metadata: { table: '4' },
    createdBy: 'visitor:v1',
    successPath: '/thanks',
    cancelPath: '/cart',
    versionId: null,
    testCheckout,
    expiresAt,
  });

describe("an app's payment orders", () => {
  it('totals the lines on the server, and a test order is paid once, into the payments collection, with its secret spent', async () => {
    const scope = { sproutId, dataset: 'test' as const };
    const o = await order(scope);
    expect(o).toMatchObject({ status: 'open', amount: 1200 });
    expect(o.checkoutToken).toMatch(/^[\w-]{43}$/);
    expect(await getAppDocument(h.db, scope, 'payments', o.id)).toBeNull();
    const twice = await Promise.all([1, 2].map(() => markOrderPaid(h.db, { sproutId, orderId: o.id, token: o.checkoutToken! })));
    expect(twice.map((r) => r.kind).sort()).toEqual(['not_open', 'paid']);
    const doc = await getAppDocument(h.db, scope, 'payments', o.id);
    expect(doc).toMatchObject({ createdBy: 'visitor:v1', data: { status: 'paid', amount: 1200, currency: 'eur', metadata: { table: '4' } } });
    expect(await openTestOrder(h.db, scope, o.checkoutToken!)).toBeNull();
    // The live data never sees it.
    expect(await getAppDocument(h.db, { sproutId, dataset: 'live' }, 'payments', o.id)).toBeNull();
  });

  it('refuses a wrong secret, an expired page, another app and a live order on the test page', async () => {
    const scope = { sproutId, dataset: 'test' as const };
    const o = await order(scope);
    expect((await markOrderPaid(h.db, { sproutId, orderId: o.id, token: 'guess' })).kind).toBe('not_open');
    expect((await markOrderPaid(h.db, { sproutId: 'another-app', orderId: o.id, token: o.checkoutToken! })).kind).toBe('not_open');
    expect(await openTestOrder(h.db, { sproutId, dataset: 'check' }, o.checkoutToken!)).toBeNull();
    const later = new Date(Date.now() + 2 * HOUR);
    expect(await openTestOrder(h.db, scope, o.checkoutToken!, later)).toBeNull();
    expect((await markOrderPaid(h.db, { sproutId, orderId: o.id, token: o.checkoutToken!, now: later })).kind).toBe('not_open');
    const live = await order({ sproutId, dataset: 'live' }, false);
    expect(live.checkoutToken).toBeNull();
    expect((await markOrderPaid(h.db, { sproutId, orderId: live.id, token: '' })).kind).toBe('not_open');
  });

  it('applies a Stripe event once, refunds by payment intent, and sums per currency', async () => {
    const scope = { sproutId, dataset: 'live' as const };
    const o = await order(scope);
    await setOrderStripeSession(h.db, o.id, 'cs_1');
    const event = { id: 'evt_1', type: 'checkout.session.completed' };
    const paid = await markOrderPaid(h.db, { sproutId, orderId: o.id, event, customerEmail: 'ada@example.com', paymentIntent: 'pi_1' });
    expect(paid).toMatchObject({ kind: 'paid', order: { customerEmail: 'ada@example.com', stripePaymentIntent: 'pi_1' } });
    expect((await markOrderPaid(h.db, { sproutId, orderId: o.id, event })).kind).toBe('duplicate');
    expect(await paymentTotals(h.db, scope)).toEqual({ count: 1, paid: { eur: 1200 }, refunded: {} });
    const refund = { id: 'evt_2', type: 'charge.refunded' };
    expect((await markOrderRefunded(h.db, { sproutId, paymentIntent: 'pi_1', event: refund })).kind).toBe('refunded');
    expect((await markOrderRefunded(h.db, { sproutId, paymentIntent: 'pi_1', event: refund })).kind).toBe('duplicate');
    expect((await markOrderRefunded(h.db, { sproutId, orderId: o.id })).kind).toBe('not_paid');
    expect((await getAppDocument(h.db, scope, 'payments', o.id))?.data.status).toBe('refunded');
    expect(await paymentTotals(h.db, scope)).toEqual({ count: 1, paid: {}, refunded: { eur: 1200 } });
    expect((await listPaidOrders(h.db, scope, 10)).map((r) => r.id)).toEqual([o.id]);
  });

  it('publishing with the test data copies no test payment and keeps the live ones', async () => {
    const test = { sproutId, dataset: 'test' as const };
    const live = { sproutId, dataset: 'live' as const };
    const before = (await allAppDocuments(h.db, live, 'payments')).map((d) => d.id);
    expect(before.length).toBeGreaterThan(0);
    expect((await allAppDocuments(h.db, test, 'payments')).length).toBeGreaterThan(0);
    await copyDataset(h.db, sproutId, 'test', 'live');
    const after = (await allAppDocuments(h.db, live, 'payments')).map((d) => d.id);
    expect(after).toEqual(before);
  });
});
