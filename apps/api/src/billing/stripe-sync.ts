import { planChange, settleSubscription, type PremiumTierId } from '@sprout/core';
import { endedRecord, type SubscriptionRecord } from './subscriptions';
import { periodEndOf, tierForPrice, type StripeSubscriptionData } from './stripe';

export type SyncResult = { next: SubscriptionRecord } | { ignored: string };

// Stripe statuses in which the subscription grants nothing (a paused one may resume: it then activates again).
const ENDED = new Set(['canceled', 'incomplete_expired', 'unpaid', 'paused']);

/**
 * The record after Stripe reports `sub` (created, updated, renewed, deleted or retrieved). State
 * based, not delta based: applying the same subscription twice gives the same record, so events
 * arriving twice or out of order cannot add up to a wrong plan.
 *
 * - a new subscription activates its tier at once;
 * - a tier change on the same subscription follows core planChange: an upgrade applies now, a
 *   downgrade (or cancel_at_period_end, a downgrade to free) waits for the end of the period;
 * - a renewal (a later period end) first applies whatever was scheduled for the old period's end.
 */
export function syncFromStripe(current: SubscriptionRecord, sub: StripeSubscriptionData, prices: Record<PremiumTierId, string>, now: Date): SyncResult {
  if (current.type === 'internal') return { ignored: 'complimentary_plan' };
  const same = current.provider === 'stripe' && current.providerSubscriptionId === sub.id;
  if (ENDED.has(sub.status)) {
    // An old subscription ending must not cancel the one the person pays for now.
    if (!same && current.type !== 'free') return { ignored: 'other_subscription' };
    return { next: { ...endedRecord(current, sub.status), providerCustomerId: sub.customer, providerSubscriptionId: sub.id } };
  }
  // The first payment has not gone through yet: nothing is granted until it does.
  if (sub.status === 'incomplete' && !same) return { ignored: 'payment_incomplete' };
  const tier = tierForPrice(prices, sub.items.data[0]?.price.id);
  if (!tier) return { ignored: 'unknown_price' };
  const periodEnd = periodEndOf(sub);
  const ids = { provider: 'stripe' as const, providerCustomerId: sub.customer, providerSubscriptionId: sub.id, storeSource: null };

  if (!same || current.type !== 'subscribed on web') {
    return {
      next: {
        ...ids,
        type: 'subscribed on web',
        tierType: tier,
        status: sub.status,
        currentPeriodEnd: periodEnd,
        pendingTierType: sub.cancel_at_period_end ? 'free' : null,
      },
    };
  }
  const renewed = !!(current.currentPeriodEnd && periodEnd && periodEnd > current.currentPeriodEnd);
  const base = (renewed && settleSubscription(current, current.currentPeriodEnd!)) || current;
  const change = planChange({ tierType: base.tierType, currentPeriodEnd: periodEnd }, sub.cancel_at_period_end ? 'free' : tier, now);
  return {
    next: {
      ...ids,
      type: 'subscribed on web',
      tierType: change.tierType,
      pendingTierType: change.pendingTierType,
      status: sub.status,
      currentPeriodEnd: periodEnd,
    },
  };
}
