import { describe, expect, it } from 'vitest';
import { StripeSubscriptionSchema } from './stripe';
import { syncFromStripe } from './stripe-sync';
import { recordOf, type SubscriptionRecord } from './subscriptions';
import { fakeSubscription } from '../testing';

const prices = { 'tier-1': 'price_t1', 'tier-2': 'price_t2', 'tier-3': 'price_t3', 'tier-4': 'price_t4' };
const now = new Date('2025-06-15T12:00:00Z');
const end = new Date('2025-07-01T00:00:00Z');
const nextEnd = new Date('2025-08-01T00:00:00Z');

const sub = (price: string, extra: { periodEnd?: Date; status?: string; cancelAtPeriodEnd?: boolean; id?: string } = {}) =>
  StripeSubscriptionSchema.parse(fakeSubscription({ id: extra.id ?? 'sub_1', customer: 'cus_1', price, periodEnd: extra.periodEnd ?? end, ...extra }));

const stripeRecord = (tierType: string, extra: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  ...recordOf(null),
  type: 'subscribed on web',
  tierType,
  currentPeriodEnd: end,
  provider: 'stripe',
  providerCustomerId: 'cus_1',
  providerSubscriptionId: 'sub_1',
  ...extra,
});

const next = (r: ReturnType<typeof syncFromStripe>) => {
  if ('ignored' in r) throw new Error(`ignored: ${r.ignored}`);
  return r.next;
};

describe('syncFromStripe', () => {
  it('activates a new subscription at its price’s tier', () => {
    expect(next(syncFromStripe(recordOf(null), sub('price_t2'), prices, now))).toEqual({
      type: 'subscribed on web',
      tierType: 'tier-2',
      storeSource: null,
      status: 'active',
      currentPeriodEnd: end,
      pendingTierType: null,
      provider: 'stripe',
      providerCustomerId: 'cus_1',
      providerSubscriptionId: 'sub_1',
    });
  });

  it('is idempotent: the same subscription twice gives the same record', () => {
    const once = next(syncFromStripe(stripeRecord('tier-3'), sub('price_t1'), prices, now));
    expect(next(syncFromStripe(once, sub('price_t1'), prices, now))).toEqual(once);
    expect(once).toMatchObject({ tierType: 'tier-3', pendingTierType: 'tier-1' });
  });

  it('applies what was scheduled when the period renews', () => {
    const pending = stripeRecord('tier-3', { pendingTierType: 'tier-1' });
    expect(next(syncFromStripe(pending, sub('price_t1', { periodEnd: nextEnd }), prices, now))).toMatchObject({
      tierType: 'tier-1',
      pendingTierType: null,
      currentPeriodEnd: nextEnd,
    });
  });

  it('treats cancel_at_period_end as a downgrade to free, and undoing it as keeping the plan', () => {
    const cancelling = next(syncFromStripe(stripeRecord('tier-2'), sub('price_t2', { cancelAtPeriodEnd: true }), prices, now));
    expect(cancelling).toMatchObject({ tierType: 'tier-2', pendingTierType: 'free' });
    expect(next(syncFromStripe(cancelling, sub('price_t2'), prices, now))).toMatchObject({ tierType: 'tier-2', pendingTierType: null });
  });

  it('ends on free for canceled, unpaid, expired and paused subscriptions', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete_expired', 'paused']) {
      expect(next(syncFromStripe(stripeRecord('tier-2'), sub('price_t2', { status }), prices, now))).toMatchObject({
        type: 'free',
        tierType: 'free',
        status,
        provider: null,
        providerCustomerId: 'cus_1',
      });
    }
  });

  it('ignores what it must not act on', () => {
    expect(syncFromStripe(stripeRecord('tier-2'), sub('price_t2', { status: 'canceled', id: 'sub_old' }), prices, now)).toEqual({
      ignored: 'other_subscription',
    });
    expect(syncFromStripe(recordOf(null), sub('price_t2', { status: 'incomplete' }), prices, now)).toEqual({ ignored: 'payment_incomplete' });
    expect(syncFromStripe(recordOf(null), sub('price_unknown'), prices, now)).toEqual({ ignored: 'unknown_price' });
    expect(syncFromStripe({ ...recordOf(null), type: 'internal', tierType: 'sprout-tier-internal-staff' }, sub('price_t1'), prices, now)).toEqual({
      ignored: 'complimentary_plan',
    });
  });

  it('reads the period from the subscription on older API versions', () => {
    const legacy = StripeSubscriptionSchema.parse({
      ...fakeSubscription({ id: 'sub_1', customer: { id: 'cus_1' } as unknown as string, price: 'price_t1', periodEnd: end }),
      current_period_end: Math.floor(nextEnd.getTime() / 1000),
      items: { data: [{ id: 'si_1', price: { id: 'price_t1' } }] },
    });
    expect(next(syncFromStripe(recordOf(null), legacy, prices, now))).toMatchObject({ currentPeriodEnd: nextEnd, providerCustomerId: 'cus_1' });
  });
});
