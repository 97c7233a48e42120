import { describe, expect, it } from 'vitest';
import { advanceRecord, recordOf, toSubscriptionDto, type SubscriptionRecord } from './subscriptions';

const now = new Date('2025-06-15T12:00:00Z');
const web = (extra: Partial<SubscriptionRecord>): SubscriptionRecord => ({
  ...recordOf(null),
  type: 'subscribed on web',
  tierType: 'tier-2',
  provider: 'test',
  providerSubscriptionId: 'test_x',
  currentPeriodEnd: new Date('2025-07-01T00:00:00Z'),
  ...extra,
});

describe('advanceRecord', () => {
  it('returns the very same record when time changed nothing', () => {
    const rec = web({});
    expect(advanceRecord(rec, now)).toBe(rec);
    const free = recordOf(null);
    expect(advanceRecord(free, now)).toBe(free);
  });

  it('applies a due downgrade', () => {
    expect(
      advanceRecord(web({ provider: 'stripe', tierType: 'tier-3', pendingTierType: 'tier-1', currentPeriodEnd: new Date('2025-06-01T00:00:00Z') }), now),
    ).toMatchObject({
      tierType: 'tier-1',
      pendingTierType: null,
      provider: 'stripe',
    });
  });

  it('ends a due cancellation on Free, keeping only a Stripe customer', () => {
    const ended = advanceRecord(
      web({ provider: 'stripe', providerCustomerId: 'cus_1', pendingTierType: 'free', currentPeriodEnd: new Date('2025-06-01T00:00:00Z') }),
      now,
    );
    expect(ended).toEqual({ ...recordOf(null), status: 'canceled', providerCustomerId: 'cus_1' });
  });

  it('renews test subscriptions month by month until the period is current', () => {
    expect(advanceRecord(web({ currentPeriodEnd: new Date('2025-04-10T08:00:00Z') }), now).currentPeriodEnd?.toISOString()).toBe('2025-07-10T08:00:00.000Z');
    // Stripe renews its own: nothing is invented for it.
    const stripe = web({ provider: 'stripe', currentPeriodEnd: new Date('2025-04-10T08:00:00Z') });
    expect(advanceRecord(stripe, now)).toBe(stripe);
  });
});

describe('toSubscriptionDto', () => {
  it('serialises dates and says which billing mode answers', () => {
    expect(toSubscriptionDto(web({ pendingTierType: 'tier-1' }), 'test')).toMatchObject({
      currentPeriodEnd: '2025-07-01T00:00:00.000Z',
      pendingPlanLabel: 'Premium 100',
      billingMode: 'test',
      provider: 'test',
      canManage: true,
    });
  });
});
