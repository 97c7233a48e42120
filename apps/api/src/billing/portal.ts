import { canManageSubscription, safeReturnPath } from '@sprout/core';
import { AppError } from '../errors';
import type { Services } from '../services';
import { assertSelfServiceAllowed } from './purchase-rules';
import { billingUnavailable } from './stripe-errors';
import { currentSubscription } from './subscriptions';
import { testManageUrl } from './urls';

/**
 * POST /v1/billing/portal: where "Manage subscription" leads. Stripe's billing portal for Stripe
 * subscriptions, the test checkout's manage page for test ones; refused exactly where core
 * canManageSubscription hides the button (mobile, internal, tier-4, free).
 */
export async function openBillingPortal(s: Services, userId: string, input: { returnTo?: string }, now = new Date()): Promise<{ url: string }> {
  const current = await currentSubscription(s.db, userId, now);
  assertSelfServiceAllowed(current, s.config.supportEmail);
  if (!canManageSubscription(current)) throw new AppError(409, 'no_subscription', 'You have no subscription to manage. Pick a plan on the pricing page.');
  if (current.provider === 'test' && !s.stripe) return { url: testManageUrl(s.config.webUrl) };
  if (current.provider === 'stripe' && s.stripe && current.providerCustomerId) {
    try {
      const session = await s.stripe.billingPortal.sessions.create({
        customer: current.providerCustomerId,
        return_url: `${s.config.webUrl}${safeReturnPath(input.returnTo, '/settings/billing')}`,
      });
      return { url: session.url };
    } catch (err) {
      throw billingUnavailable(s, err, 'billing portal');
    }
  }
  // Billed by a provider this server is not configured for (a test subscription after a Stripe key was added).
  throw new AppError(409, 'billing_unavailable', `This subscription cannot be managed here right now. Contact us at ${s.config.supportEmail}.`);
}
