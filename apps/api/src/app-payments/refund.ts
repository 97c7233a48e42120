import type { AppScope } from '@sprout/db';
import { getPaymentOrder, markOrderRefunded, type PaymentOrder } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import { notSetUp, ownerStripe, stripeFailed } from './owner-stripe';
import { announceOrder } from './announce-order';

const notFound = () => new AppError(404, 'not_found', 'This payment does not exist.');

/**
 * Refunds a paid order in full: a test one at once, a live one through the owner's Stripe account
 * first (its charge.refunded event then finds the order refunded already). The `payments` document
 * becomes 'refunded'. Asked by the owner (build API) or the app's own functions (ctx.payments.refund).
 */
export async function refundPayment(s: Services, scope: AppScope, id: string): Promise<PaymentOrder> {
  const order = id.length <= 64 ? await getPaymentOrder(s.db, scope, id) : null;
  if (!order || order.status === 'open') throw notFound();
  if (order.status !== 'paid') throw new AppError(409, 'payment_not_refundable', 'This payment was refunded already.');
  if (order.dataset === 'live') {
    const owner = await ownerStripe(s, scope.sproutId);
    if (!owner) throw notSetUp();
    if (!order.stripePaymentIntent) throw new AppError(409, 'payment_not_refundable', 'Stripe has no payment for this order to refund.');
    try {
      await owner.stripe.refunds.create({ payment_intent: order.stripePaymentIntent }, { idempotencyKey: `sprout-refund-${order.id}` });
    } catch (err) {
      throw stripeFailed(s, err, 'refund');
    }
  }
  const done = await markOrderRefunded(s.db, { sproutId: scope.sproutId, orderId: order.id });
  if (done.kind === 'refunded') {
    await announceOrder(s, done.order, 'update');
    return done.order;
  }
  // Refunded meanwhile (Stripe's event came first, or a second click): what it is now.
  const now = await getPaymentOrder(s.db, scope, id);
  if (now?.status === 'refunded') return now;
  throw new AppError(409, 'payment_not_refundable', 'This payment was refunded already.');
}
