import { getSproutById, paymentDocument, type PaymentOrder } from '@sprout/db';
import { callFunction } from '../functions/call-function';
import { scheduledCaller } from '../functions/schedules';
import type { Services } from '../services';
import { announceOrder } from './announce-order';

/** The function an app may declare to hear of each paid order. */
const ON_PAYMENT_FUNCTION = 'on-payment';

/** What an order is as apps see it: the `payments` document's fields and its id. */
const orderAsDocument = (o: PaymentOrder) => ({ id: o.id, ...paymentDocument(o) });

/**
 * After an order was paid (once: only the call that marked it paid gets here): the app's lists hear
 * of it, and `functions/on-payment.ts` of the version that started the checkout is called with the
 * order. Its failure is the app's to see in its function logs; the payment stands whatever it does.
 */
export async function afterPaid(s: Services, o: PaymentOrder): Promise<void> {
  await announceOrder(s, o, 'add');
  try {
    const sprout = await getSproutById(s.db, o.sproutId);
    const versionId = o.versionId ?? sprout?.currentVersionId;
    if (!sprout || !versionId) return;
    const dataset = o.dataset === 'live' ? 'live' : 'test';
    const caller = await scheduledCaller(s, { sproutId: o.sproutId, ownerId: sprout.ownerId, dataset, versionId, slug: sprout.slug }, ON_PAYMENT_FUNCTION);
    if (!caller) return;
    const body = Buffer.from(JSON.stringify(orderAsDocument(o)));
    // A check's order stays in the check's own data.
    await callFunction(
      s,
      { ...caller, scope: { sproutId: o.sproutId, dataset: o.dataset } },
      {
        method: 'POST',
        url: `/_sprout/v1/functions/${ON_PAYMENT_FUNCTION}`,
        headers: { 'content-type': 'application/json' },
        body,
      },
    );
  } catch (err) {
    s.log.warn({ err, sproutId: o.sproutId, orderId: o.id }, 'functions/on-payment.ts could not be called');
  }
}
