import { describe, expect, it } from 'vitest';
import {
  FREE_SUBSCRIPTION,
  PURCHASABLE_TIERS,
  STAFF_ASSIGNABLE_TIERS,
  isPendingChangeDue,
  nextPeriodEnd,
  planChange,
  safeReturnPath,
  settleSubscription,
  subscriptionSummary,
  type SubscriptionState,
} from './billing';
import { TIER_ALLOWANCES } from './tiers';

const now = new Date('2025-06-15T12:00:00Z');
const later = new Date('2025-07-15T12:00:00Z');
const earlier = new Date('2025-06-01T00:00:00Z');

const web = (tierType: string, extra: Partial<SubscriptionState> = {}): SubscriptionState => ({
  type: 'subscribed on web',
  tierType,
  storeSource: null,
  status: 'active',
  currentPeriodEnd: later,
  pendingTierType: null,
  ...extra,
});

describe('tier lists', () => {
  it('sells the four Premium tiers and lets staff assign only the complimentary plans or Free', () => {
    expect(PURCHASABLE_TIERS).toEqual(Object.keys(TIER_ALLOWANCES));
    expect(STAFF_ASSIGNABLE_TIERS).toEqual(['free', 'sprout-tier-internal-staff', 'sprout-tier-external-partner']);
  });
});

describe('planChange', () => {
  it('applies upgrades at once, from free and between Premium tiers', () => {
    expect(planChange({ tierType: 'free', currentPeriodEnd: null }, 'tier-2', now)).toEqual({
      direction: 'upgrade',
      tierType: 'tier-2',
      pendingTierType: null,
      effectiveAt: now,
    });
    expect(planChange(web('tier-1'), 'tier-3', now)).toMatchObject({ direction: 'upgrade', tierType: 'tier-3', pendingTierType: null });
  });

  it('keeps the paid tier until the period ends on a downgrade', () => {
    expect(planChange(web('tier-3'), 'tier-1', now)).toEqual({
      direction: 'downgrade',
      tierType: 'tier-3',
      pendingTierType: 'tier-1',
      effectiveAt: later,
    });
    // Cancelling is a downgrade to free: also at the end of the period.
    expect(planChange(web('tier-2'), 'free', now)).toMatchObject({ direction: 'downgrade', tierType: 'tier-2', pendingTierType: 'free' });
  });

  it('downgrades at once when there is no paid period left', () => {
    expect(planChange(web('tier-3', { currentPeriodEnd: earlier }), 'tier-1', now)).toMatchObject({
      tierType: 'tier-1',
      pendingTierType: null,
      effectiveAt: now,
    });
    expect(planChange(web('tier-3', { currentPeriodEnd: null }), 'tier-1', now)).toMatchObject({ tierType: 'tier-1', pendingTierType: null });
    expect(planChange(web('tier-3', { currentPeriodEnd: now }), 'tier-1', now)).toMatchObject({ tierType: 'tier-1', pendingTierType: null });
  });

  it('cancels a scheduled downgrade when the current plan is chosen again', () => {
    expect(planChange(web('tier-3', { pendingTierType: 'tier-1' }), 'tier-3', now)).toMatchObject({
      direction: 'equal',
      tierType: 'tier-3',
      pendingTierType: null,
    });
  });

  it('treats an unknown stored tier as free', () => {
    expect(planChange({ tierType: 'gold', currentPeriodEnd: later }, 'tier-1', now)).toMatchObject({ direction: 'upgrade', tierType: 'tier-1' });
  });
});

describe('settleSubscription', () => {
  it('does nothing before the period ends or without a scheduled change', () => {
    expect(settleSubscription(web('tier-3', { pendingTierType: 'tier-1' }), now)).toBeNull();
    expect(settleSubscription(web('tier-3', { currentPeriodEnd: earlier }), now)).toBeNull();
    expect(isPendingChangeDue(web('tier-3', { pendingTierType: 'tier-1', currentPeriodEnd: null }), now)).toBe(false);
  });

  it('applies a due downgrade, keeping the rest of the record', () => {
    const due = web('tier-3', { pendingTierType: 'tier-1', currentPeriodEnd: earlier });
    expect(isPendingChangeDue(due, now)).toBe(true);
    expect(settleSubscription(due, now)).toEqual({ ...due, tierType: 'tier-1', pendingTierType: null });
    // Exactly at the end of the period the new tier is in force.
    expect(settleSubscription(web('tier-3', { pendingTierType: 'tier-1', currentPeriodEnd: now }), now)?.tierType).toBe('tier-1');
  });

  it('ends a cancelled subscription on Free', () => {
    expect(settleSubscription(web('tier-2', { pendingTierType: 'free', currentPeriodEnd: earlier }), now)).toEqual({
      ...FREE_SUBSCRIPTION,
      status: 'canceled',
    });
  });
});

describe('subscriptionSummary', () => {
  it('labels the plan and applies the management and paid rules', () => {
    expect(subscriptionSummary(FREE_SUBSCRIPTION)).toMatchObject({ planLabel: 'Free', canManage: false, isPaid: false, storeLabel: null });
    expect(subscriptionSummary(web('tier-2', { pendingTierType: 'tier-1' }))).toMatchObject({
      planLabel: 'Premium 250',
      pendingPlanLabel: 'Premium 100',
      canManage: true,
      isPaid: true,
    });
    expect(subscriptionSummary(web('tier-4'))).toMatchObject({ planLabel: 'Premium 1000', canManage: false, isPaid: true });
    expect(subscriptionSummary({ ...FREE_SUBSCRIPTION, type: 'internal', tierType: 'sprout-tier-external-partner' })).toMatchObject({
      planLabel: 'External Partner',
      canManage: false,
      isPaid: false,
    });
    expect(subscriptionSummary({ ...FREE_SUBSCRIPTION, tierType: 'mystery' }).planLabel).toBe('Unknown subscription tier');
  });

  it('names the store of mobile subscriptions only', () => {
    const mobile = (storeSource: string) => subscriptionSummary({ ...web('tier-1'), type: 'subscribed on mobile', storeSource });
    expect(mobile('app_store')).toMatchObject({ storeLabel: 'App Store', canManage: false, isPaid: true });
    expect(mobile('mac_app_store').storeLabel).toBe('App Store');
    expect(mobile('play_store').storeLabel).toBe('Play Store');
    expect(mobile('stripe').storeLabel).toBeNull();
    expect(subscriptionSummary(web('tier-1', { storeSource: 'app_store' })).storeLabel).toBeNull();
  });
});

describe('safeReturnPath', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeReturnPath('/build/abc?x=1')).toBe('/build/abc?x=1');
    expect(safeReturnPath('/settings/billing')).toBe('/settings/billing');
  });

  it.each([
    [undefined],
    [''],
    [42],
    ['https://evil.example.com/'],
    ['//evil.example.com'],
    ['/\\evil.example.com'],
    ['/%2F/evil.example.com'],
    ['javascript:alert(1)'],
    ['build'],
    ['/build\n'],
    ['/checkout/test?session=x'],
    ['/checkout/complete'],
    ['/go-to-checkout?tier=tier-1'],
  ])('falls back for %j', (value) => {
    expect(safeReturnPath(value)).toBe('/build');
    expect(safeReturnPath(value, '/pricing')).toBe('/pricing');
  });

  it('does not mistake look-alike paths for checkout pages', () => {
    expect(safeReturnPath('/checkouts-are-fun')).toBe('/checkouts-are-fun');
  });
});

describe('nextPeriodEnd', () => {
  it('is the same time next month, clamped to the last day of a shorter month', () => {
    expect(nextPeriodEnd(new Date('2025-06-15T12:00:00Z')).toISOString()).toBe('2025-07-15T12:00:00.000Z');
    expect(nextPeriodEnd(new Date('2025-01-31T08:00:00Z')).toISOString()).toBe('2025-02-28T08:00:00.000Z');
    expect(nextPeriodEnd(new Date('2024-01-31T08:00:00Z')).toISOString()).toBe('2024-02-29T08:00:00.000Z');
    expect(nextPeriodEnd(new Date('2025-12-31T23:59:59Z')).toISOString()).toBe('2026-01-31T23:59:59.000Z');
    expect(() => nextPeriodEnd(new Date('nope'))).toThrow(RangeError);
  });
});
