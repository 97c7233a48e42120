import { describe, expect, it } from 'vitest';
import { describeAudit, TIER_CHOICES } from './admin';

describe('admin helpers', () => {
  it('offers only Free and the two complimentary plans', () => {
    expect(TIER_CHOICES.map((c) => c.label)).toEqual(['Free', 'Internal Staff', 'External Partner']);
  });

  it('describes audit entries in words, and unknown ones by their action', () => {
    expect(describeAudit({ action: 'user.tier.set', details: { from: 'free', to: 'sprout-tier-external-partner' } })).toBe(
      'Plan set to External Partner (was Free)',
    );
    expect(describeAudit({ action: 'billing.stripe.event', details: { type: 'customer.subscription.updated', tierType: 'tier-2' } })).toBe(
      'Stripe: customer.subscription.updated → Premium 250',
    );
    expect(describeAudit({ action: 'something.new', details: {} })).toBe('something.new');
  });
});
