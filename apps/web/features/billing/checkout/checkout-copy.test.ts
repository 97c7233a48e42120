import { describe, expect, it } from 'vitest';
import { FREE_SUBSCRIPTION } from '../subscription-fixtures';
import { checkoutStep, isConfirmed, planChangedMessage } from './checkout-copy';

const now = new Date('2025-06-15T12:00:00Z');
const free = FREE_SUBSCRIPTION;
const web = (tierType: string, provider: 'stripe' | 'test', billingMode: 'stripe' | 'test' = provider) => ({
  ...free,
  type: 'subscribed on web',
  tierType,
  provider,
  billingMode,
  currentPeriodEnd: '2025-07-15T12:00:00.000Z',
});

describe('checkoutStep', () => {
  it('sends new subscribers to pay on the next page, saying when it is test mode', () => {
    expect(checkoutStep(free, 'tier-2', 'help@x')).toMatchObject({ kind: 'pay', button: 'Continue to checkout', note: expect.stringContaining('Test mode') });
    expect(checkoutStep({ ...free, billingMode: 'stripe' }, 'tier-2', 'help@x').note).toContain('You confirm payment details on the next page');
  });

  it('changes an existing web subscription in place: upgrades now, downgrades at renewal', () => {
    expect(checkoutStep(web('tier-1', 'stripe'), 'tier-3', 'help@x', now)).toMatchObject({
      kind: 'change',
      direction: 'upgrade',
      button: 'Upgrade now',
      note: expect.stringContaining('prorated'),
    });
    expect(checkoutStep(web('tier-1', 'test'), 'tier-3', 'help@x', now).note).toContain('Test mode: no payment is taken');
    expect(checkoutStep(web('tier-3', 'stripe'), 'tier-1', 'help@x', now)).toEqual({
      kind: 'change',
      direction: 'downgrade',
      button: 'Downgrade at renewal',
      note: 'You keep Premium 500 until July 15, 2025, then move to Premium 100.',
    });
  });

  it('treats a subscription billed another way than this server bills as new', () => {
    expect(checkoutStep(web('tier-1', 'test', 'stripe'), 'tier-3', 'help@x', now).kind).toBe('pay');
  });

  it('does not change store or tier-4 subscriptions here', () => {
    expect(
      checkoutStep({ ...web('tier-1', 'stripe'), type: 'subscribed on mobile', storeSource: 'app_store', provider: 'store' } as never, 'tier-2', 'help@x'),
    ).toEqual({
      kind: 'blocked',
      note: 'You subscribed in the App Store. Change your plan there, on your device.',
    });
    expect(checkoutStep(web('tier-4', 'stripe'), 'tier-2', 'help@x')).toEqual({
      kind: 'blocked',
      note: 'Premium 1000 is managed by our team. Write to help@x to change it.',
    });
  });
});

describe('planChangedMessage', () => {
  it('celebrates upgrades and dates downgrades', () => {
    expect(planChangedMessage({ tier: 'tier-2', direction: 'upgrade' })).toBe('You’re on Premium 250. Keep building!');
    expect(planChangedMessage({ tier: 'tier-1', direction: 'downgrade', effectiveAt: '2025-07-15T12:00:00.000Z' })).toBe(
      'You move to Premium 100 on July 15, 2025.',
    );
    expect(planChangedMessage({ tier: 'tier-1', direction: 'downgrade' })).toBe('You’re now on Premium 100.');
    expect(planChangedMessage({ tier: 'tier-3', direction: 'equal' })).toBe('You keep Premium 500.');
  });
});

describe('isConfirmed', () => {
  const sub = (tierType: string, pendingTierType: string | null = null, type = 'subscribed on web') => ({ type, tierType, pendingTierType });
  it('waits until the subscription shows the plan bought', () => {
    expect(isConfirmed(undefined, 'tier-2', 'upgrade')).toBe(false);
    expect(isConfirmed(sub('free', null, 'free'), 'tier-2', 'upgrade')).toBe(false);
    expect(isConfirmed(sub('tier-1'), 'tier-2', 'upgrade')).toBe(false);
    expect(isConfirmed(sub('tier-2'), 'tier-2', 'upgrade')).toBe(true);
    // A mobile subscription at that tier is not what this checkout bought.
    expect(isConfirmed(sub('tier-2', null, 'subscribed on mobile'), 'tier-2', 'upgrade')).toBe(false);
  });

  it('counts a scheduled downgrade, and a cancelled one for keeping the plan', () => {
    expect(isConfirmed(sub('tier-3', 'tier-1'), 'tier-1', 'downgrade')).toBe(true);
    expect(isConfirmed(sub('tier-3'), 'tier-1', 'downgrade')).toBe(false);
    expect(isConfirmed(sub('tier-3', 'tier-1'), 'tier-3', 'equal')).toBe(false);
    expect(isConfirmed(sub('tier-3'), 'tier-3', 'equal')).toBe(true);
  });
});
