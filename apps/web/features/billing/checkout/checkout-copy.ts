import { planChange, planLabel, type PremiumTierId, type TierChangeDirection } from '@sprout/core';
import { formatBillingDate, type SubscriptionView } from '../plan';
import { managedBy } from '../plan-data';

export type CheckoutStep =
  /** A new subscription: payment happens on the next page (Stripe, or the test checkout). */
  | { kind: 'pay'; button: string; note: string }
  /** An existing web subscription changes tier without a payment page. */
  | { kind: 'change'; direction: TierChangeDirection; button: string; note: string }
  /** Not changed here: bought in a store, or managed by our team. */
  | { kind: 'blocked'; note: string };

/**
 * What /go-to-checkout offers for `tier`, mirroring the API's POST /v1/billing/checkout: a web
 * subscription billed the way this server bills changes plan in place (upgrade now, downgrade at
 * renewal); anyone else pays on the next page. Store and tier-4 subscriptions are refused there.
 */
export function checkoutStep(
  sub: SubscriptionView & { billingMode: 'stripe' | 'test' },
  tier: PremiumTierId,
  supportEmail: string,
  now = new Date(),
): CheckoutStep {
  const managed = managedBy(sub);
  if (managed?.by === 'store') return { kind: 'blocked', note: `You subscribed in the ${managed.store}. Change your plan there, on your device.` };
  if (managed?.by === 'sales') return { kind: 'blocked', note: `${planLabel('tier-4')} is managed by our team. Write to ${supportEmail} to change it.` };
  const test = sub.billingMode === 'test';
  if (sub.type === 'subscribed on web' && sub.provider === sub.billingMode) {
    const change = planChange({ tierType: sub.tierType, currentPeriodEnd: sub.currentPeriodEnd ? new Date(sub.currentPeriodEnd) : null }, tier, now);
    if (change.direction === 'downgrade' && change.pendingTierType) {
      const date = formatBillingDate(change.effectiveAt.toISOString());
      return {
        kind: 'change',
        direction: 'downgrade',
        button: 'Downgrade at renewal',
        note: `You keep ${planLabel(sub.tierType)} until ${date}, then move to ${planLabel(tier)}.`,
      };
    }
    if (change.direction === 'downgrade')
      return { kind: 'change', direction: 'downgrade', button: 'Downgrade now', note: `You move to ${planLabel(tier)} now.` };
    if (change.direction === 'equal')
      return { kind: 'change', direction: 'equal', button: `Keep ${planLabel(tier)}`, note: 'Your scheduled plan change is cancelled.' };
    return {
      kind: 'change',
      direction: 'upgrade',
      button: 'Upgrade now',
      note: test
        ? 'Test mode: no payment is taken. The new allowance applies at once.'
        : 'Your card on file is charged the prorated difference today. The new allowance applies at once.',
    };
  }
  return {
    kind: 'pay',
    button: 'Continue to checkout',
    note: test
      ? 'Test mode: you confirm on Sprout’s test checkout and no payment is taken.'
      : 'You confirm payment details on the next page. You can change or cancel your plan at any time from Billing.',
  };
}

/** The toast after a plan change went through. */
export function planChangedMessage(p: { tier: string; direction: TierChangeDirection; effectiveAt?: string | null }): string {
  const label = planLabel(p.tier);
  if (p.direction === 'upgrade') return `You’re on ${label}. Keep building!`;
  if (p.direction === 'equal') return `You keep ${label}.`;
  return p.effectiveAt ? `You move to ${label} on ${formatBillingDate(p.effectiveAt)}.` : `You’re now on ${label}.`;
}

/** The subscription shows what was bought: the tier now, or (a downgrade at renewal) scheduled. */
export function isConfirmed(
  sub: Pick<SubscriptionView, 'type' | 'tierType' | 'pendingTierType'> | undefined,
  tier: string,
  direction: TierChangeDirection,
): boolean {
  if (!sub || sub.type !== 'subscribed on web') return false;
  if (direction === 'downgrade') return sub.tierType === tier || sub.pendingTierType === tier;
  if (direction === 'equal') return sub.tierType === tier && sub.pendingTierType === null;
  return sub.tierType === tier;
}
