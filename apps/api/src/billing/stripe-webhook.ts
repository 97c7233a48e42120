import Stripe from 'stripe';
import { isPremiumTier } from '@sprout/core';
import { findSubscriptionByProviderIds, getUserById, isBillingEventRecorded, lockUser, recordBillingEvent, writeAudit } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import { StripeCheckoutSessionSchema, StripeSubscriptionSchema, type StripeSubscriptionData } from './stripe';
import { syncFromStripe, type SyncResult } from './stripe-sync';
import { currentSubscription, saveSubscription, type SubscriptionRecord } from './subscriptions';

/** Stripe's own default: a signature older than five minutes is a replay. */
const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface WebhookReceipt {
  received: true;
  /** The event id was processed before: nothing was applied again. */
  duplicate: boolean;
  outcome: string;
}

/** Checks the Stripe-Signature header against the raw body; throws 400 for missing, tampered or stale signatures. */
function verifyStripeEvent(s: Services, raw: Buffer, signature: string | undefined, now = new Date()): Stripe.Event {
  const secret = s.config.billing.stripeWebhookSecret;
  if (!secret) throw new AppError(503, 'not_configured', 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET).');
  if (!signature) throw new AppError(400, 'missing_signature', 'The Stripe-Signature header is missing.');
  try {
    return Stripe.webhooks.constructEvent(raw, signature, secret, STRIPE_WEBHOOK_TOLERANCE_SECONDS, undefined, now.getTime());
  } catch (err) {
    const stale = err instanceof Error && /tolerance/i.test(err.message);
    if (stale) throw new AppError(400, 'signature_expired', 'The Stripe-Signature timestamp is too old: the event looks replayed.');
    throw new AppError(400, 'invalid_signature', 'The Stripe-Signature header does not match this event.');
  }
}

/** What one event is about, resolved before the database transaction (it may ask Stripe). */
interface Plan {
  userId: string | null;
  apply?: (current: SubscriptionRecord) => SyncResult;
  ignored?: string;
}

/** POST /v1/billing/stripe/webhook: verify, then apply each event id once. */
export async function receiveStripeWebhook(s: Services, raw: Buffer, signature: string | undefined, now = new Date()): Promise<WebhookReceipt> {
  const event = verifyStripeEvent(s, raw, signature, now);
  // Cheap early answer for a retry; the insert below is what actually guarantees once-only.
  if (await isBillingEventRecorded(s.db, 'stripe', event.id)) return { received: true, duplicate: true, outcome: 'duplicate' };
  const plan = await planEvent(s, event, now);
  const receipt = await s.db.transaction(async (tx): Promise<WebhookReceipt> => {
    let outcome = plan.ignored ? `ignored: ${plan.ignored}` : 'applied';
    let result: SyncResult | null = null;
    if (plan.userId && plan.apply) {
      await lockUser(tx, plan.userId);
      result = plan.apply(await currentSubscription(tx, plan.userId, now));
      if ('ignored' in result) outcome = `ignored: ${result.ignored}`;
    }
    if (!(await recordBillingEvent(tx, { source: 'stripe', eventId: event.id, type: event.type, userId: plan.userId, outcome }))) {
      return { received: true, duplicate: true, outcome: 'duplicate' };
    }
    if (plan.userId && result && 'next' in result) {
      await saveSubscription(tx, plan.userId, result.next);
      await writeAudit(tx, {
        actorId: null,
        action: 'billing.stripe.event',
        targetUserId: plan.userId,
        details: {
          eventId: event.id,
          type: event.type,
          tierType: result.next.tierType,
          pendingTierType: result.next.pendingTierType,
          status: result.next.status,
        },
      });
    }
    return { received: true, duplicate: false, outcome };
  });
  s.log.info({ event: 'stripe_webhook', stripeEventId: event.id, type: event.type, userId: plan.userId, outcome: receipt.outcome }, 'stripe webhook');
  return receipt;
}

async function planEvent(s: Services, event: Stripe.Event, now: Date): Promise<Plan> {
  const prices = s.config.billing.stripe?.prices;
  if (!prices) return { userId: null, ignored: 'stripe_not_configured' };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = StripeCheckoutSessionSchema.parse(event.data.object);
      if (session.mode !== 'subscription') return { userId: null, ignored: 'not_a_subscription' };
      const userId = await existingUser(s, session.client_reference_id ?? session.metadata.userId);
      if (!userId) return { userId: null, ignored: 'unknown_user' };
      const customerId = session.customer ?? null;
      // The subscription itself says which price and period were bought; ask Stripe when the event only names it.
      let sub: StripeSubscriptionData | null = typeof session.subscription === 'object' ? (session.subscription ?? null) : null;
      if (!sub && typeof session.subscription === 'string' && s.stripe) sub = await retrieveSubscription(s, session.subscription);
      if (sub) {
        const known = sub;
        return { userId, apply: (current) => syncFromStripe(current, known, prices, now) };
      }
      const tier = session.metadata.tier;
      if (!isPremiumTier(tier) || typeof session.subscription !== 'string') return { userId, ignored: 'unknown_tier' };
      const subscriptionId = session.subscription;
      return {
        userId,
        apply: (current) =>
          current.type === 'internal'
            ? { ignored: 'complimentary_plan' }
            : {
                next: {
                  type: 'subscribed on web',
                  tierType: tier,
                  storeSource: null,
                  status: 'active',
                  currentPeriodEnd: null,
                  pendingTierType: null,
                  provider: 'stripe',
                  providerCustomerId: customerId,
                  providerSubscriptionId: subscriptionId,
                },
              },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.resumed':
    case 'customer.subscription.paused':
    case 'customer.subscription.deleted': {
      const sub = StripeSubscriptionSchema.parse(event.data.object);
      const known = await findSubscriptionByProviderIds(s.db, { subscriptionId: sub.id, customerId: sub.customer });
      const userId = known?.userId ?? (await existingUser(s, sub.metadata.userId));
      if (!userId) return { userId: null, ignored: 'unknown_subscription' };
      // A deleted subscription has ended whatever its last status said.
      const final = event.type === 'customer.subscription.deleted' ? { ...sub, status: 'canceled' } : sub;
      return { userId, apply: (current) => syncFromStripe(current, final, prices, now) };
    }
    default:
      return { userId: null, ignored: 'unhandled_type' };
  }
}

/** Asks Stripe for a subscription. A failure answers 503, so Stripe retries the event later. */
async function retrieveSubscription(s: Services, id: string): Promise<StripeSubscriptionData> {
  try {
    return StripeSubscriptionSchema.parse(await s.stripe!.subscriptions.retrieve(id));
  } catch (err) {
    s.log.error({ err, event: 'stripe_call_failed', subscriptionId: id }, 'retrieving a Stripe subscription for a webhook failed');
    throw new AppError(503, 'stripe_unavailable', 'Could not read the subscription from Stripe. Retry later.');
  }
}

async function existingUser(s: Services, id: string | null | undefined): Promise<string | null> {
  if (!id) return null;
  return (await getUserById(s.db, id))?.id ?? null;
}
