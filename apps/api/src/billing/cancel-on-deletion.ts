import { AppError } from '../errors';
import type { Services } from '../services';
import { billingUnavailable } from './stripe-errors';
import { currentSubscription } from './subscriptions';

export type CancelOutcome = 'none' | 'cancelled' | 'store';

/**
 * Ends a person's subscription before their account is deleted, at once and without a refund:
 * in Stripe when it is billed there (a failure stops the deletion, so nobody is charged for an
 * account that is gone), nothing to do for the test checkout (its record goes with the account).
 * App Store and Play Store subscriptions are billed by the store: only the person can cancel them.
 */
export async function cancelForDeletion(s: Services, userId: string): Promise<CancelOutcome> {
  const sub = await currentSubscription(s.db, userId);
  if (sub.type === 'subscribed on mobile') return 'store';
  if (sub.type !== 'subscribed on web') return 'none';
  if (sub.provider !== 'stripe' || !sub.providerSubscriptionId) return 'cancelled';
  if (!s.stripe) {
    s.log.error({ userId, event: 'stripe_not_configured' }, 'a Stripe subscription cannot be cancelled: STRIPE_SECRET_KEY is not set');
    throw new AppError(
      503,
      'billing_unavailable',
      `Your subscription could not be cancelled right now, so your account was not deleted. Please contact us at ${s.config.supportEmail}.`,
    );
  }
  try {
    await s.stripe.subscriptions.cancel(sub.providerSubscriptionId);
  } catch (err) {
    // Already gone in Stripe (cancelled there, or deleted): nothing left to stop.
    if ((err as { code?: string }).code !== 'resource_missing') throw billingUnavailable(s, err, 'cancellation');
  }
  return 'cancelled';
}
