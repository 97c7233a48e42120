import type { Subscription, TestCheckout, TestCheckoutCompletion } from '@sprout/core/contract';
import { nextPeriodEnd, planChange, planLabel, tierAllowance } from '@sprout/core';
import { claimCheckoutSession, lockUser, writeAudit, type CheckoutSessionRow } from '@sprout/db';
import { AppError, notFound } from '../errors';
import type { Services } from '../services';
import { assertSelfServiceAllowed } from './purchase-rules';
import { currentSubscription, saveSubscription, toSubscriptionDto, type SubscriptionRecord } from './subscriptions';
import { checkoutCompleteUrl } from './urls';

// The built-in test checkout: what runs instead of Stripe when no STRIPE_SECRET_KEY is configured.
// No money moves; "Pay" grants the plan, so a fresh machine can exercise every billing path.

/** The test checkout exists only without Stripe. */
export function assertTestMode(s: Pick<Services, 'stripe'>): void {
  // With Stripe configured, nobody may grant themselves a plan through the test checkout.
  if (s.stripe) throw notFound('The test checkout is turned off: payments go through Stripe.');
}

const statusOf = (session: CheckoutSessionRow, now: Date) => (session.status === 'completed' ? 'completed' : session.expiresAt <= now ? 'expired' : 'open');

export async function getTestCheckout(s: Services, session: CheckoutSessionRow, now = new Date()): Promise<TestCheckout> {
  const { userId } = session;
  const current = await currentSubscription(s.db, userId, now);
  const tier = session.tierType as Parameters<typeof planChange>[1];
  return {
    id: session.id,
    tierType: session.tierType,
    planLabel: planLabel(session.tierType),
    monthlyMessages: tierAllowance(session.tierType),
    status: statusOf(session, now),
    expiresAt: session.expiresAt.toISOString(),
    returnTo: session.returnTo,
    currentTierType: current.tierType,
    direction: planChange(current, tier, now).direction,
  };
}

/** "Pay" on the test checkout page: owner only, once, before it expires. */
export async function completeTestCheckout(s: Services, session: CheckoutSessionRow, now = new Date()): Promise<TestCheckoutCompletion> {
  const { userId, id } = session;
  const status = statusOf(session, now);
  if (status === 'completed') throw new AppError(409, 'checkout_completed', 'This checkout was already paid.');
  if (status === 'expired') throw new AppError(410, 'checkout_expired', 'This checkout has expired. Start again from the pricing page.');
  const tier = session.tierType as Parameters<typeof planChange>[1];

  return s.db.transaction(async (tx) => {
    // Serialises with every other billing write for this person (webhooks, other checkouts).
    await lockUser(tx, userId);
    const claimed = await claimCheckoutSession(tx, id, userId, now);
    if (!claimed) throw new AppError(409, 'checkout_completed', 'This checkout was already paid.');
    const current = await currentSubscription(tx, userId, now);
    assertSelfServiceAllowed(current, s.config.supportEmail);
    const change = planChange(current, tier, now);
    const next: SubscriptionRecord =
      current.type === 'subscribed on web' && current.provider === 'test'
        ? { ...current, tierType: change.tierType, pendingTierType: change.pendingTierType }
        : {
            type: 'subscribed on web',
            tierType: tier,
            storeSource: null,
            status: 'active',
            currentPeriodEnd: nextPeriodEnd(now),
            pendingTierType: null,
            provider: 'test',
            providerCustomerId: null,
            providerSubscriptionId: `test_${id}`,
          };
    await saveSubscription(tx, userId, next);
    await writeAudit(tx, {
      actorId: userId,
      action: 'billing.test_checkout.complete',
      targetUserId: userId,
      details: { checkoutId: id, from: current.tierType, to: tier },
    });
    return {
      subscription: toSubscriptionDto(next, 'test'),
      from: current.tierType,
      direction: change.direction,
      returnTo: session.returnTo,
      url: checkoutCompleteUrl(s.config.webUrl, { tier, from: current.tierType, returnTo: session.returnTo, change: change.direction }),
    };
  });
}

async function currentTestSubscription(s: Services, userId: string, now: Date): Promise<SubscriptionRecord> {
  assertTestMode(s);
  const current = await currentSubscription(s.db, userId, now);
  if (current.type !== 'subscribed on web' || current.provider !== 'test') {
    throw new AppError(409, 'no_test_subscription', 'You have no test-mode subscription to manage.');
  }
  assertSelfServiceAllowed(current, s.config.supportEmail);
  return current;
}

/** Cancel on the test manage page: like Stripe's, the plan runs to the end of the paid period, then Free. */
export async function cancelTestSubscription(s: Services, userId: string, actorId = userId, now = new Date()): Promise<Subscription> {
  const current = await currentTestSubscription(s, userId, now);
  const change = planChange(current, 'free', now);
  const next = { ...current, tierType: change.tierType, pendingTierType: change.pendingTierType };
  await saveSubscription(s.db, userId, next);
  await writeAudit(s.db, { actorId, action: 'billing.test_subscription.cancel', targetUserId: userId, details: { tierType: current.tierType } });
  return toSubscriptionDto(await currentSubscription(s.db, userId, now), 'test');
}

/**
 * Test mode only: ends the current billing period now, as if the renewal date had come, so a
 * scheduled downgrade or cancellation can be seen taking effect without waiting a month.
 */
export async function renewTestSubscription(s: Services, userId: string, actorId = userId, now = new Date()): Promise<Subscription> {
  const current = await currentTestSubscription(s, userId, now);
  await saveSubscription(s.db, userId, { ...current, currentPeriodEnd: now });
  await writeAudit(s.db, {
    actorId,
    action: 'billing.test_subscription.renew',
    targetUserId: userId,
    details: { pendingTierType: current.pendingTierType },
  });
  return toSubscriptionDto(await currentSubscription(s.db, userId, now), 'test');
}
