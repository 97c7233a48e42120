import Stripe from 'stripe';
import { z } from 'zod';
import { markOrderPaid, markOrderRefunded, recordPaymentEvent } from '@sprout/db';
import type { AppContext } from '../app-backend/app-request';
import { AppError } from '../errors';
import type { Services } from '../services';
import { notSetUp, ownerStripe } from './owner-stripe';
import { announceOrder } from './announce-order';
import { afterPaid } from './paid-order';

/** Stripe's own default: a signature older than five minutes is a replay. */
const TOLERANCE_SECONDS = 300;

// The parts of Stripe's objects read here, parsed: a signed event of an unexpected shape is ignored, never guessed at.
const idOf = z.union([z.string(), z.looseObject({ id: z.string() }).transform((o) => o.id)]);
const Session = z.looseObject({
  id: z.string(),
  payment_status: z.string().nullish(),
  payment_intent: idOf.nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  customer_details: z.looseObject({ email: z.string().nullish() }).nullish(),
});
const Charge = z.looseObject({ payment_intent: idOf.nullish(), refunded: z.boolean().nullish() });

export interface AppWebhookReceipt {
  received: true;
  duplicate: boolean;
  outcome: string;
}

function verify(raw: Buffer, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new AppError(400, 'missing_signature', 'The Stripe-Signature header is missing.');
  try {
    return Stripe.webhooks.constructEvent(raw, signature, secret, TOLERANCE_SECONDS);
  } catch (err) {
    if (err instanceof Error && /tolerance/i.test(err.message))
      throw new AppError(400, 'signature_expired', 'The Stripe-Signature timestamp is too old: the event looks replayed.');
    throw new AppError(400, 'invalid_signature', 'The Stripe-Signature header does not match this event.');
  }
}

/**
 * `POST /_sprout/v1/payments/webhook` on the published app's origin: an event of the owner's Stripe
 * account, verified with their live STRIPE_WEBHOOK_SECRET, applied once per event id (a replay
 * changes nothing). A completed checkout pays its order; a refunded charge refunds it.
 */
export async function receiveAppWebhook(s: Services, ctx: AppContext, raw: Buffer, signature: string | undefined): Promise<AppWebhookReceipt> {
  // Test data has no Stripe: its payments are the test checkout page's.
  if (ctx.scope.dataset !== 'live') throw new AppError(404, 'not_found', 'Stripe events are taken by the published app only.');
  const owner = await ownerStripe(s, ctx.scope.sproutId);
  if (!owner?.webhookSecret) throw notSetUp();
  const event = verify(raw, signature, owner.webhookSecret);
  const sproutId = ctx.scope.sproutId;
  const ref = { id: event.id, type: event.type };
  const receipt = (duplicate: boolean, outcome: string): AppWebhookReceipt => ({ received: true, duplicate, outcome: duplicate ? 'duplicate' : outcome });

  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const session = Session.safeParse(event.data.object);
    const meta = session.success ? (session.data.metadata ?? {}) : {};
    // Another app's session (the owner's account may serve several), or one not yet paid (a delayed method).
    const paidHere = session.success && meta.sprout_id === sproutId && meta.sprout_order && session.data.payment_status === 'paid';
    if (!paidHere) return receipt(!(await recordPaymentEvent(s.db, sproutId, ref)), 'ignored');
    const paid = await markOrderPaid(s.db, {
      sproutId,
      orderId: meta.sprout_order!,
      stripeSessionId: session.data.id,
      event: ref,
      customerEmail: session.data.customer_details?.email ?? null,
      paymentIntent: session.data.payment_intent ?? null,
    });
    if (paid.kind === 'paid') await afterPaid(s, paid.order);
    return receipt(paid.kind === 'duplicate', paid.kind === 'paid' ? 'paid' : 'ignored: not an open order');
  }
  if (event.type === 'charge.refunded') {
    const charge = Charge.safeParse(event.data.object);
    // A partial refund leaves the order paid: only a charge refunded in full refunds it.
    if (!charge.success || !charge.data.payment_intent || !charge.data.refunded) return receipt(!(await recordPaymentEvent(s.db, sproutId, ref)), 'ignored');
    const refunded = await markOrderRefunded(s.db, { sproutId, paymentIntent: charge.data.payment_intent, event: ref });
    if (refunded.kind === 'refunded') await announceOrder(s, refunded.order, 'update');
    return receipt(refunded.kind === 'duplicate', refunded.kind === 'refunded' ? 'refunded' : 'ignored: not a paid order');
  }
  return receipt(!(await recordPaymentEvent(s.db, sproutId, ref)), 'ignored');
}
