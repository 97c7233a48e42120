import { describe, expect, it } from 'vitest';
import { FREE_LIMITS, TIER_ALLOWANCES } from '@sprout/core';
import { checkoutHref, isPricingReason, knownTier, managedBy, planAction, pricingPlans } from './plan-data';

describe('pricingPlans', () => {
  it('lists Free and the four Premium tiers in order with core allowances', () => {
    const plans = pricingPlans();
    expect(plans.map((p) => p.tier)).toEqual(['free', 'tier-1', 'tier-2', 'tier-3', 'tier-4']);
    expect(plans.map((p) => p.name)).toEqual(['Free', 'Premium 100', 'Premium 250', 'Premium 500', 'Premium 1000']);
    expect(plans[2]!.allowance).toBe(TIER_ALLOWANCES['tier-2']);
    expect(plans[0]!.limits).toEqual(FREE_LIMITS);
  });

  it('describes limits in words', () => {
    const [free, premium] = pricingPlans();
    expect(free!.features).toContain('5 projects');
    expect(free!.features).toContain('5 messages a day');
    expect(free!.features).toContain('30 messages a month');
    expect(free!.features).toContain('1 published app');
    expect(premium!.features).toContain('Unlimited projects');
    expect(premium!.features).toContain('100 messages a month');
    expect(premium!.features).toContain('No daily message limit');
  });
});

describe('planAction', () => {
  const billing = '/settings/billing';

  it('offers sign-up and upgrades to visitors', () => {
    expect(planAction('free', null, billing)).toMatchObject({ kind: 'signup', href: '/register' });
    expect(planAction('tier-3', null, billing)).toMatchObject({ kind: 'change', label: 'Upgrade', href: '/go-to-checkout?tier=tier-3' });
  });

  it('marks the current plan', () => {
    expect(planAction('tier-2', 'tier-2', billing)).toEqual({ kind: 'current' });
    expect(planAction('free', 'free', billing)).toEqual({ kind: 'current' });
  });

  it('labels changes by the tier order of core', () => {
    expect(planAction('tier-1', 'free', billing)).toMatchObject({ label: 'Upgrade', direction: 'upgrade' });
    expect(planAction('tier-4', 'tier-2', billing)).toMatchObject({ label: 'Upgrade', href: '/go-to-checkout?tier=tier-4' });
    expect(planAction('tier-1', 'tier-3', billing)).toMatchObject({ label: 'Downgrade', href: '/go-to-checkout?tier=tier-1' });
  });

  it('sends a downgrade to Free to billing', () => {
    expect(planAction('free', 'tier-2', billing)).toMatchObject({ label: 'Downgrade', href: billing });
  });

  it('carries the page to return to after checkout', () => {
    expect(planAction('tier-2', 'free', billing, { returnTo: '/build/abc' })).toMatchObject({ href: '/go-to-checkout?tier=tier-2&returnTo=%2Fbuild%2Fabc' });
    expect(planAction('tier-2', null, billing, { returnTo: '/build' })).toMatchObject({ href: '/go-to-checkout?tier=tier-2&returnTo=%2Fbuild' });
    expect(checkoutHref('tier-1')).toBe('/go-to-checkout?tier=tier-1');
  });

  it('sends mobile and tier-4 subscribers to whoever manages their plan', () => {
    const store = managedBy({ type: 'subscribed on mobile', tierType: 'tier-2', storeSource: 'play_store' });
    expect(store).toEqual({ by: 'store', store: 'Play Store' });
    expect(planAction('tier-3', 'tier-2', billing, { managed: store })).toEqual({ kind: 'managed', label: 'Change in the Play Store' });
    expect(planAction('tier-2', 'tier-2', billing, { managed: store })).toEqual({ kind: 'current' });
    const sales = managedBy({ type: 'subscribed on web', tierType: 'tier-4', storeSource: null });
    expect(planAction('tier-1', 'tier-4', billing, { managed: sales })).toEqual({ kind: 'managed', label: 'Contact us to change' });
    expect(managedBy({ type: 'subscribed on web', tierType: 'tier-2', storeSource: null })).toBeNull();
    expect(managedBy(undefined)).toBeNull();
  });

  it('does not sell Premium to staff or partners', () => {
    expect(planAction('tier-4', 'sprout-tier-internal-staff', billing)).toEqual({ kind: 'included' });
    expect(planAction('free', 'sprout-tier-external-partner', billing)).toEqual({ kind: 'included' });
  });
});

describe('helpers', () => {
  it('accepts only known reasons', () => {
    expect(isPricingReason('messages')).toBe(true);
    expect(isPricingReason('publish')).toBe(true);
    expect(isPricingReason('toString')).toBe(false);
    expect(isPricingReason(undefined)).toBe(false);
  });

  it('treats unknown tiers as free', () => {
    expect(knownTier('tier-9')).toBe('free');
    expect(knownTier(null)).toBe('free');
    expect(knownTier('tier-1')).toBe('tier-1');
  });
});
