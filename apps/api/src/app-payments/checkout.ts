import { CHECKOUT_TTL_MS, creatorOf } from '@sprout/core';
import type { AppCheckoutBody } from '@sprout/core/contract';
import { createPaymentOrder, getSproutById, setOrderStripeSession, type PaymentOrder } from '@sprout/db';
import type { AppContext } from '../app-backend/app-request';
import type { Services } from '../services';
import { notSetUp, type OwnerStripe, ownerStripe, stripeFailed } from './owner-stripe';

/** Where a return path leads on the app's origin, with the order's id for the page to read. */
export function returnUrl(origin: string, path: string, paymentId?: string): string {
  const url = new URL(path, origin);
  // The path was checked to be the app's own; this makes sure of it whatever a browser would make of it.
  if (url.origin !== origin) return `${origin}/`;
  if (paymentId) url.searchParams.set('payment', paymentId);
  return url.toString();
}

export const testCheckoutPath = (token: string) => `/_sprout/v1/payments/test-checkout/${token}`;

/**
 * Starts a checkout for what the page asks (validated: AppCheckoutBody). The total is the server's
 * sum of the lines, kept with the order; what is paid is that, whatever a browser sends afterwards.
 * Test and check data go to Sprout's own test checkout page; live data to the owner's Stripe.
 */
export async function startCheckout(s: Services, ctx: AppContext, body: AppCheckoutBody, now = new Date()): Promise<{ url: string }> {
  const live = ctx.scope.dataset === 'live';
  // Refused before an order is made: a live checkout without Stripe could never be paid.
  const owner = live ? await ownerStripe(s, ctx.scope.sproutId) : null;
  if (live && !owner) throw notSetUp();
  const order = await createPaymentOrder(s.db, ctx.scope, {
    items: body.items,
    currency: body.items[0]!.currency,
    metadata: body.metadata ?? {},
    createdBy: creatorOf(ctx.actor),
    successPath: body.successPath,
    cancelPath: body.cancelPath,
    versionId: ctx.versionId,
    testCheckout: !live,
    expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
  });
  if (!owner) return { url: `${ctx.origin}${testCheckoutPath(order.checkoutToken!)}` };
  return { url: await stripeCheckout(s, owner.stripe, ctx, order) };
}

async function stripeCheckout(s: Services, stripe: OwnerStripe['stripe'], ctx: AppContext, order: PaymentOrder) {
  const appName = (await getSproutById(s.db, ctx.scope.sproutId))?.displayName;
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: order.items.map((item) => ({
          quantity: item.quantity,
          price_data: { currency: item.currency, unit_amount: item.amount, product_data: { name: item.name } },
        })),
        // The webhook finds the order by these, and refuses an event of another app.
        client_reference_id: order.id,
        metadata: { ...order.metadata, sprout_id: ctx.scope.sproutId, sprout_order: order.id },
        payment_intent_data: { metadata: { sprout_id: ctx.scope.sproutId, sprout_order: order.id } },
        success_url: returnUrl(ctx.origin, order.successPath, order.id),
        cancel_url: returnUrl(ctx.origin, order.cancelPath),
        expires_at: Math.floor(order.expiresAt.getTime() / 1000),
        ...(appName ? { custom_text: { submit: { message: `Paying ${appName}` } } } : {}),
      },
      // A double click cannot make two sessions of one order.
      { idempotencyKey: `sprout-order-${order.id}` },
    );
    if (!session.url) throw new Error('Stripe answered a session without a url');
    await setOrderStripeSession(s.db, order.id, session.id);
    return session.url;
  } catch (err) {
    throw stripeFailed(s, err, 'checkout');
  }
}
