import type { PremiumTierId } from '@sprout/core';
import {
  cancelTestSubscription,
  completeTestCheckout,
  openBillingPortal,
  prices,
  renewTestSubscription,
  startCheckout,
  subscription,
  testCheckout,
} from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/*
 * Billing's calls (`{api}/v1`), one plain function each, typed by its route: prices, the person's
 * subscription, checkout and managing it, and the built-in test mode's checkout.
 */

export function billingCalls(call: ApiCall) {
  return {
    /** For visitors too: configuration (Stripe's prices or PLAN_PRICES), not the person. */
    prices: () => call(prices),
    subscription: () => call(subscription),
    /** A new checkout answers with where to pay (`url`); a change of an existing subscription with its direction too. */
    checkout: (tier: PremiumTierId, returnTo?: string) => call(startCheckout, { body: { tier, ...(returnTo ? { returnTo } : {}) } }),
    /** A plan change of an existing subscription, applied at once or at renewal. */
    changePlan: (tier: PremiumTierId, returnTo: string) => call(startCheckout, { body: { tier, returnTo } }),
    /** Where "Manage subscription" goes: the Stripe billing portal, or the test mode's manage page. */
    portal: (returnTo: string) => call(openBillingPortal, { body: { returnTo } }),
    testCheckout: (sessionId: string) => call(testCheckout, { params: { id: sessionId } }),
    completeTestCheckout: (sessionId: string) => call(completeTestCheckout, { params: { id: sessionId } }),
    cancelTestSubscription: () => call(cancelTestSubscription),
    renewTestSubscription: () => call(renewTestSubscription),
  };
}
