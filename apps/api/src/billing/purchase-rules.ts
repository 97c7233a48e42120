import { planLabel, type PremiumTierId } from '@sprout/core';
import { AppError } from '../errors';
import type { SubscriptionRecord } from './subscriptions';

/**
 * Who may buy or change a plan themselves. The same allow-list as core canManageSubscription,
 * written out here so each refusal can say what to do instead.
 */
export function assertSelfServiceAllowed(current: SubscriptionRecord, supportEmail: string): void {
  if (current.type === 'internal') {
    throw new AppError(
      409,
      'plan_included',
      `Your ${planLabel(current.tierType)} plan already includes unlimited projects and messages. There is nothing to buy.`,
    );
  }
  if (current.type === 'subscribed on mobile') {
    const store = current.storeSource === 'play_store' ? 'Play Store' : 'App Store';
    throw new AppError(409, 'managed_in_store', `You subscribed in the ${store}. Change or cancel your plan there.`);
  }
  if (current.type === 'subscribed on web' && current.tierType === 'tier-4') {
    throw new AppError(409, 'managed_by_sales', `${planLabel('tier-4')} is managed by our team. Contact us at ${supportEmail} to change it.`);
  }
}

export function assertNotAlreadyOn(current: SubscriptionRecord, tier: PremiumTierId): void {
  if (current.type === 'subscribed on web' && current.tierType === tier && current.pendingTierType === null) {
    throw new AppError(409, 'already_on_plan', `You are already on ${planLabel(tier)}.`);
  }
}
