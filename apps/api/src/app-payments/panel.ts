import type { AppPayment, AppPaymentList } from '@sprout/core/contract';
import { listPaidOrders, paymentTotals, type PaymentOrder, type SproutRow } from '@sprout/db';
import { siteUrlOf } from '../hosting/hosts';
import type { Services } from '../services';
import { stripeSecretsSet } from './owner-stripe';
import { refundPayment } from './refund';

const SHOWN = 200;

export const WEBHOOK_PATH = '/_sprout/v1/payments/webhook';

export const toPaymentDto = (o: PaymentOrder): AppPayment => ({
  id: o.id,
  status: o.status === 'refunded' ? 'refunded' : 'paid',
  amount: o.amount,
  currency: o.currency,
  items: o.items,
  metadata: o.metadata,
  customerEmail: o.customerEmail,
  createdAt: o.createdAt.toISOString(),
  paidAt: o.paidAt?.toISOString() ?? null,
  refundedAt: o.refundedAt?.toISOString() ?? null,
});

/** The owner's Payments view of a dataset: its orders, their totals, and what live payments still need. */
export async function listAppPayments(s: Services, sprout: SproutRow, dataset: 'test' | 'live'): Promise<AppPaymentList> {
  const scope = { sproutId: sprout.id, dataset };
  const [orders, totals, secrets, testPaid] = await Promise.all([
    listPaidOrders(s.db, scope, SHOWN),
    paymentTotals(s.db, scope),
    stripeSecretsSet(s, sprout.id),
    dataset === 'test' ? null : paymentTotals(s.db, { sproutId: sprout.id, dataset: 'test' }),
  ]);
  return {
    payments: orders.map(toPaymentDto),
    totals,
    readiness: { ...secrets, testCheckoutSucceeded: (testPaid ?? totals).count > 0 },
    webhookUrl: sprout.slug ? `${siteUrlOf(sprout.slug, s.config)}${WEBHOOK_PATH}` : null,
  };
}

export async function refundAppPayment(s: Services, sprout: SproutRow, dataset: 'test' | 'live', paymentId: string): Promise<AppPayment> {
  return toPaymentDto(await refundPayment(s, { sproutId: sprout.id, dataset }, paymentId));
}
