import { PAYMENTS_COLLECTION } from '@sprout/core';
import type { PaymentOrder } from '@sprout/db';
import type { Services } from '../services';

/** Tells the app's live lists of `payments` (as any other collection's) that an order was paid or refunded. */
export async function announceOrder(s: Services, o: PaymentOrder, op: 'add' | 'update'): Promise<void> {
  await s.appChanges.publish({ sproutId: o.sproutId, dataset: o.dataset, collection: PAYMENTS_COLLECTION, op, id: o.id, createdBy: o.createdBy });
}
