import { newId, writeAudit } from '@sprout/db';
import { planChange, planLabel, safeReturnPath, type PremiumTierId, type TierChangeDirection } from '@sprout/core';
import { insertCheckoutSession } from '@sprout/db';
import type { UserWithTier } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import { assertNotAlreadyOn, assertSelfServiceAllowed } from './purchase-rules';
import { StripeSubscriptionSchema } from './stripe';
import { syncFromStripe } from './stripe-sync';
import { currentSubscription, saveSubscription, type SubscriptionRecord } from './subscriptions';
import { checkoutCanceledUrl, checkoutCompleteUrl, testCheckoutUrl } from './urls';
import { billingUnavailable } from './stripe-errors';

export interface CheckoutResult {
  /** Where to send the browser: Stripe Checkout, the test checkout page, or (plan changes) the confirmation page. */
  url: string;
  mode: 'stripe' | 'test';
  /** checkout: payment still to happen at `url`; changed: the plan of an existing subscription was changed. */
  action: 'checkout' | 'changed';
  direction: TierChangeDirection;
}

const TEST_CHECKOUT_TTL_MS = 60 * 60_000;

/**
 * POST /v1/billing/checkout. A person without a paid web subscription starts a checkout (Stripe when
 * configured, else the built-in test checkout); one with a web subscription changes its tier
 * (upgrade now, downgrade at the end of the period).
 */
export async function startCheckout(
  s: Services,
  user: UserWithTier,
  input: { tier: PremiumTierId; returnTo?: string },
  actorId = user.id,
  now = new Date(),
): Promise<CheckoutResult> {
  const returnTo = safeReturnPath(input.returnTo);
  const current = await currentSubscription(s.db, user.id, now);
  assertSelfServiceAllowed(current, s.config.supportEmail);
  const direction = planChange(current, input.tier, now).direction;
  const mode = s.stripe ? 'stripe' : 'test';
  // Without Stripe in production, a free "Pay" button would give plans away.
  if (mode === 'test' && !s.config.billing.testCheckout) {
    throw new AppError(503, 'billing_unavailable', `Payments are not set up on this server yet. Please contact us at ${s.config.supportEmail}.`);
  }
  // A subscription billed elsewhere than the current mode (a test one after a Stripe key was added) is replaced by a new checkout.
  if (current.type === 'subscribed on web' && current.provider === (s.stripe ? 'stripe' : 'test')) {
    assertNotAlreadyOn(current, input.tier);
    await changePlan(s, user, actorId, current, input.tier, now);
    const url = checkoutCompleteUrl(s.config.webUrl, { tier: input.tier, from: current.tierType, returnTo, change: direction });
    return { url, mode, action: 'changed', direction };
  }
  const url = s.stripe ? await stripeCheckoutUrl(s, user, current, input.tier, returnTo) : await testCheckout(s, user, input.tier, returnTo, now);
  return { url, mode, action: 'checkout', direction };
}

async function testCheckout(s: Services, user: UserWithTier, tier: PremiumTierId, returnTo: string, now: Date): Promise<string> {
  // 32 random characters from 36 (~165 bits): the id in the link is the only key to this checkout.
  const session = await insertCheckoutSession(s.db, {
    id: newId(32),
    userId: user.id,
    tierType: tier,
    returnTo,
    expiresAt: new Date(now.getTime() + TEST_CHECKOUT_TTL_MS),
  });
  return testCheckoutUrl(s.config.webUrl, session.id);
}

async function stripeCheckoutUrl(s: Services, user: UserWithTier, current: SubscriptionRecord, tier: PremiumTierId, returnTo: string): Promise<string> {
  const stripe = s.stripe!;
  const { prices } = s.config.billing.stripe!;
  const metadata = { userId: user.id, tier };
  try {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: prices[tier], quantity: 1 }],
      client_reference_id: user.id,
      // One Stripe customer per person: a returning subscriber keeps their saved card and invoices.
      ...(current.providerCustomerId ? { customer: current.providerCustomerId } : { customer_email: user.email }),
      metadata,
      subscription_data: { metadata },
      allow_promotion_codes: true,
      // Stripe fills in {CHECKOUT_SESSION_ID} itself; it must stay unencoded.
      success_url: `${checkoutCompleteUrl(s.config.webUrl, { tier, from: current.tierType, returnTo })}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: checkoutCanceledUrl(s.config.webUrl, { tier, returnTo }),
    });
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
    return session.url;
  } catch (err) {
    throw billingUnavailable(s, err, 'checkout');
  }
}

/** Changes the tier of an existing web subscription, in Stripe when it is billed there. */
async function changePlan(s: Services, user: UserWithTier, actorId: string, current: SubscriptionRecord, tier: PremiumTierId, now: Date): Promise<void> {
  let next: SubscriptionRecord;
  if (current.provider === 'stripe') {
    next = await changeStripePlan(s, current, tier, now);
  } else {
    const change = planChange(current, tier, now);
    next = { ...current, tierType: change.tierType, pendingTierType: change.pendingTierType };
  }
  await saveSubscription(s.db, user.id, next);
  await writeAudit(s.db, {
    actorId,
    action: 'billing.plan.change',
    targetUserId: user.id,
    details: { from: current.tierType, to: tier, tierType: next.tierType, pendingTierType: next.pendingTierType, provider: current.provider },
  });
}

async function changeStripePlan(s: Services, current: SubscriptionRecord, tier: PremiumTierId, now: Date): Promise<SubscriptionRecord> {
  const stripe = s.stripe!;
  const { prices } = s.config.billing.stripe!;
  const direction = planChange(current, tier, now).direction;
  let updated: unknown;
  try {
    const sub = await stripe.subscriptions.retrieve(current.providerSubscriptionId!);
    const item = sub.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${sub.id} has no items`);
    updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: prices[tier] }],
      // Upgrades are charged now (prorated); downgrades are not refunded: the higher plan runs to the period end.
      proration_behavior: direction === 'upgrade' ? 'always_invoice' : 'none',
      cancel_at_period_end: false,
      metadata: { tier },
    });
  } catch (err) {
    throw billingUnavailable(s, err, 'plan change');
  }
  const result = syncFromStripe(current, StripeSubscriptionSchema.parse(updated), prices, now);
  if ('ignored' in result) throw new AppError(502, 'billing_unavailable', `Stripe did not confirm the change to ${planLabel(tier)}. Please try again.`);
  return result.next;
}
