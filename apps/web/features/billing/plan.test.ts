import { describe, expect, it } from 'vitest';
import { billingDetails, formatBillingDate, planSummary, type SubscriptionView } from './plan';
import { FREE_SUBSCRIPTION } from './subscription-fixtures';

const SUPPORT = 'help@sprout.test';
const free: SubscriptionView = FREE_SUBSCRIPTION;
const web = (tierType: string, extra: Partial<SubscriptionView> = {}): SubscriptionView => ({
  type: 'subscribed on web',
  tierType,
  storeSource: null,
  status: 'active',
  currentPeriodEnd: '2025-07-15T12:00:00.000Z',
  pendingTierType: null,
  provider: 'stripe',
  ...extra,
});
const mobile = (storeSource: string, tierType = 'tier-2'): SubscriptionView => ({
  ...web(tierType),
  type: 'subscribed on mobile',
  storeSource,
  provider: 'store',
});
const internal = (tierType: string): SubscriptionView => ({ ...free, type: 'internal', tierType });

describe('plan label', () => {
  it.each([
    [free, 'Free'],
    [web('tier-1'), 'Premium 100'],
    [web('tier-2'), 'Premium 250'],
    [web('tier-3'), 'Premium 500'],
    [web('tier-4'), 'Premium 1000'],
    [internal('sprout-tier-internal-staff'), 'Internal Staff'],
    [internal('sprout-tier-external-partner'), 'External Partner'],
    [{ ...free, tierType: 'tier-9' }, 'Unknown subscription tier'],
  ])('%j → %s', (sub, label) => {
    expect(billingDetails(sub, SUPPORT).planLabel).toBe(label);
  });
});

describe('Manage subscription (core canManageSubscription)', () => {
  it('is offered for web subscriptions on tiers 1 to 3, whoever bills them', () => {
    for (const tier of ['tier-1', 'tier-2', 'tier-3']) expect(billingDetails(web(tier), SUPPORT).manage).toEqual({ kind: 'portal' });
    expect(billingDetails(web('tier-2', { provider: 'test' }), SUPPORT).manage).toEqual({ kind: 'portal' });
  });

  it('is hidden for mobile subscriptions, which are managed in their store', () => {
    expect(billingDetails(mobile('app_store'), SUPPORT).manage).toEqual({ kind: 'store', store: 'App Store' });
    expect(billingDetails(mobile('mac_app_store'), SUPPORT).manage).toEqual({ kind: 'store', store: 'App Store' });
    expect(billingDetails(mobile('play_store'), SUPPORT).manage).toEqual({ kind: 'store', store: 'Play Store' });
  });

  it('is hidden for tier-4, which our team manages', () => {
    expect(billingDetails(web('tier-4'), SUPPORT).manage).toEqual({ kind: 'sales', email: SUPPORT });
  });

  it('is hidden for internal plans and Free', () => {
    expect(billingDetails(internal('sprout-tier-internal-staff'), SUPPORT).manage).toEqual({ kind: 'none' });
    expect(billingDetails(internal('sprout-tier-external-partner'), SUPPORT).manage).toEqual({ kind: 'none' });
    expect(billingDetails(free, SUPPORT).manage).toEqual({ kind: 'none' });
    // An unknown type or tier offers nothing rather than a broken button.
    expect(billingDetails({ ...web('tier-1'), type: 'subscribed somewhere' }, SUPPORT).manage).toEqual({ kind: 'none' });
    expect(billingDetails(web('tier-9'), SUPPORT).manage).toEqual({ kind: 'none' });
  });
});

describe('renewal date', () => {
  it('shows the end of the paid period', () => {
    expect(billingDetails(web('tier-2'), SUPPORT).renewal).toEqual({ label: 'Renews on', value: 'July 15, 2025' });
    expect(billingDetails(mobile('play_store'), SUPPORT).renewal).toEqual({ label: 'Renews on', value: 'July 15, 2025' });
  });

  it('says what a scheduled downgrade or cancellation does', () => {
    expect(billingDetails(web('tier-3', { pendingTierType: 'tier-1' }), SUPPORT).renewal).toEqual({
      label: 'Renews on',
      value: 'July 15, 2025, as Premium 100',
    });
    expect(billingDetails(web('tier-3', { pendingTierType: 'free' }), SUPPORT).renewal).toEqual({ label: 'Ends on', value: 'July 15, 2025' });
  });

  it('is not applicable to Free or plans Sprout provides, and unknown before the first renewal date is known', () => {
    expect(billingDetails(free, SUPPORT).renewal.value).toBe('Not applicable on the Free plan');
    expect(billingDetails(internal('sprout-tier-external-partner'), SUPPORT).renewal.value).toBe('Not applicable: your plan is provided by Sprout');
    expect(billingDetails(web('tier-1', { currentPeriodEnd: null }), SUPPORT).renewal.value).toBe('Not available yet');
  });

  it('formats dates in UTC', () => {
    expect(formatBillingDate('2025-01-01T00:30:00.000Z')).toBe('January 1, 2025');
    expect(formatBillingDate('2024-12-31T23:30:00.000Z')).toBe('December 31, 2024');
  });
});

describe('billed through', () => {
  it('names the store as App Store or Play Store for mobile subscriptions', () => {
    expect(billingDetails(mobile('app_store'), SUPPORT).billedThrough).toBe('App Store');
    expect(billingDetails(mobile('mac_app_store'), SUPPORT).billedThrough).toBe('App Store');
    expect(billingDetails(mobile('play_store'), SUPPORT).billedThrough).toBe('Play Store');
  });

  it('tells web subscriptions by who bills them, and shows nothing for unpaid plans', () => {
    expect(billingDetails(web('tier-1'), SUPPORT).billedThrough).toBe('Card, through Stripe');
    expect(billingDetails(web('tier-1', { provider: 'test' }), SUPPORT).billedThrough).toBe('Sprout test checkout (no payment taken)');
    expect(billingDetails(free, SUPPORT).billedThrough).toBeNull();
    expect(billingDetails(internal('sprout-tier-internal-staff'), SUPPORT).billedThrough).toBeNull();
  });
});

describe('notices', () => {
  it('warns about a failed payment', () => {
    expect(billingDetails(web('tier-2', { status: 'past_due' }), SUPPORT).notice).toEqual({
      tone: 'warning',
      text: 'Your last payment did not go through. Update your payment method to keep Premium 250.',
    });
  });

  it('explains scheduled changes and ended subscriptions', () => {
    expect(billingDetails(web('tier-2', { pendingTierType: 'free' }), SUPPORT).notice?.text).toBe(
      'Your subscription is cancelled. You keep Premium 250 until July 15, 2025, then move to Free.',
    );
    expect(billingDetails(web('tier-3', { pendingTierType: 'tier-2' }), SUPPORT).notice?.text).toBe(
      'You move to Premium 250 on July 15, 2025. Until then you keep Premium 500.',
    );
    expect(billingDetails({ ...free, status: 'canceled' }, SUPPORT).notice?.text).toBe('Your subscription has ended. Your projects are all still here.');
    expect(billingDetails(web('tier-2'), SUPPORT).notice).toBeNull();
    expect(billingDetails(free, SUPPORT).notice).toBeNull();
  });
});

describe('pricing link', () => {
  it('invites Free to upgrade, subscribers who manage their plan to change it, others to compare', () => {
    expect(billingDetails(free, SUPPORT).pricingLabel).toBe('Upgrade');
    expect(billingDetails(web('tier-1'), SUPPORT).pricingLabel).toBe('Change plan');
    expect(billingDetails(mobile('app_store'), SUPPORT).pricingLabel).toBe('Compare plans');
    expect(billingDetails(internal('sprout-tier-internal-staff'), SUPPORT).pricingLabel).toBe('Compare plans');
  });
});

describe('planSummary', () => {
  it('summarises what a plan includes', () => {
    expect(planSummary('free')).toEqual(['5 projects', '30 messages a month', 'Up to 5 messages a day', '1 published app']);
    expect(planSummary('tier-1')).toEqual(['Unlimited projects', '100 messages a month', 'Unlimited published apps']);
  });
});
