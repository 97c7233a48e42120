import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { PAYMENTS_COLLECTION as PAYMENTS } from '@sprout/core';
import type { Executor } from '../create-db';
import type { AppScope } from '../app-data/scope';
import { appDocuments } from '../app-data/tables';
import { newId } from '../ids';
import { appPaymentEvents, appPaymentOrders, type OrderItem, type OrderStatus } from './tables';

export type PaymentOrder = typeof appPaymentOrders.$inferSelect;

export interface NewPaymentOrder {
  items: OrderItem[];
  currency: string;
  metadata: Record<string, string>;
  createdBy: string;
  successPath: string;
  cancelPath: string;
  versionId: string | null;
  /** Test and check data: the order gets a test checkout page's secret. */
  testCheckout: boolean;
  expiresAt: Date;
}

/** Records an open order, its total computed here from its lines: nothing a browser sends later can change it. */
export async function createPaymentOrder(db: Executor, scope: AppScope, o: NewPaymentOrder): Promise<PaymentOrder> {
  const amount = o.items.reduce((sum, item) => sum + item.amount * item.quantity, 0);
  const [row] = await db
    .insert(appPaymentOrders)
    .values({
      id: newId(),
      ...scope,
      status: 'open',
      amount,
      currency: o.currency,
      items: o.items,
      metadata: o.metadata,
      createdBy: o.createdBy,
      successPath: o.successPath,
      cancelPath: o.cancelPath,
      versionId: o.versionId,
      // 32 random bytes: the test page's address cannot be guessed from anything the app sees.
      checkoutToken: o.testCheckout ? randomBytes(32).toString('base64url') : null,
      expiresAt: o.expiresAt,
    })
    .returning();
  return row!;
}

export async function setOrderStripeSession(db: Executor, orderId: string, sessionId: string): Promise<void> {
  await db.update(appPaymentOrders).set({ stripeSessionId: sessionId }).where(eq(appPaymentOrders.id, orderId));
}

/** An open test checkout of the app's dataset by its page's secret (null once paid, expired, unknown, or of other data). */
export async function openTestOrder(db: Executor, scope: AppScope, token: string, now = new Date()): Promise<PaymentOrder | null> {
  const [row] = await db
    .select()
    .from(appPaymentOrders)
    .where(and(eq(appPaymentOrders.sproutId, scope.sproutId), eq(appPaymentOrders.dataset, scope.dataset), eq(appPaymentOrders.checkoutToken, token)));
  return row && row.status === 'open' && row.dataset !== 'live' && row.expiresAt > now ? row : null;
}

export async function getPaymentOrder(db: Executor, scope: AppScope, id: string): Promise<PaymentOrder | null> {
  const [row] = await db
    .select()
    .from(appPaymentOrders)
    .where(and(eq(appPaymentOrders.sproutId, scope.sproutId), eq(appPaymentOrders.dataset, scope.dataset), eq(appPaymentOrders.id, id)));
  return row ?? null;
}

/** What the `payments` collection holds of an order. */
export const paymentDocument = (o: PaymentOrder) => ({
  status: o.status,
  amount: o.amount,
  currency: o.currency,
  items: o.items,
  metadata: o.metadata,
  customerEmail: o.customerEmail,
});

/** Writes the order's document (its creator is the payer, so a `creator` read rule shows it to them). */
async function writePaymentDocument(tx: Executor, o: PaymentOrder): Promise<void> {
  const data = paymentDocument(o);
  const size = Buffer.byteLength(JSON.stringify(data));
  // Outside the data quota on purpose: money was taken, so the record of it is never refused.
  await tx
    .insert(appDocuments)
    .values({ id: o.id, sproutId: o.sproutId, dataset: o.dataset, collection: PAYMENTS, data, createdBy: o.createdBy, size })
    .onConflictDoUpdate({ target: appDocuments.id, set: { data, size, updatedAt: sql`now()` } });
}

/** Records a Stripe event's id for the app in the transaction; false when it was recorded before (a replay). */
async function firstTimeEvent(tx: Executor, sproutId: string, event: { id: string; type: string } | undefined): Promise<boolean> {
  if (!event) return true;
  const rows = await tx.insert(appPaymentEvents).values({ sproutId, eventId: event.id, type: event.type }).onConflictDoNothing().returning();
  return rows.length > 0;
}

export type PaidResult = { kind: 'paid'; order: PaymentOrder } | { kind: 'duplicate' } | { kind: 'not_open' };

/**
 * Marks an open order paid and writes it to the app's `payments` collection, once: the row is locked,
 * so two Pay clicks or two deliveries of a webhook cannot both pay it. `token`: the test page's
 * secret, which must be unexpired; `event`: Stripe's, recorded in the same transaction.
 */
export async function markOrderPaid(
  db: Executor,
  o: {
    sproutId: string;
    orderId: string;
    token?: string;
    /** Stripe's session: the order must be the live one it was made for. */
    stripeSessionId?: string;
    event?: { id: string; type: string };
    customerEmail?: string | null;
    paymentIntent?: string | null;
    now?: Date;
  },
): Promise<PaidResult> {
  const now = o.now ?? new Date();
  return db.transaction(async (tx) => {
    if (!(await firstTimeEvent(tx, o.sproutId, o.event))) return { kind: 'duplicate' as const };
    const [order] = await tx
      .select()
      .from(appPaymentOrders)
      .where(and(eq(appPaymentOrders.sproutId, o.sproutId), eq(appPaymentOrders.id, o.orderId)))
      .for('update');
    if (!order || order.status !== 'open') return { kind: 'not_open' as const };
    if (o.token !== undefined && (order.checkoutToken !== o.token || order.dataset === 'live' || order.expiresAt <= now)) return { kind: 'not_open' as const };
    if (o.stripeSessionId !== undefined && (order.stripeSessionId !== o.stripeSessionId || order.dataset !== 'live')) return { kind: 'not_open' as const };
    const [paid] = await tx
      .update(appPaymentOrders)
      .set({ status: 'paid', paidAt: now, customerEmail: o.customerEmail ?? null, stripePaymentIntent: o.paymentIntent ?? null, checkoutToken: null })
      .where(eq(appPaymentOrders.id, order.id))
      .returning();
    await writePaymentDocument(tx, paid!);
    return { kind: 'paid' as const, order: paid! };
  });
}

export type RefundResult = { kind: 'refunded'; order: PaymentOrder } | { kind: 'duplicate' } | { kind: 'not_paid' };

/** Marks a paid order refunded, in its record and its `payments` document, once (by id or by Stripe's payment intent). */
export async function markOrderRefunded(
  db: Executor,
  o: { sproutId: string; orderId?: string; paymentIntent?: string; event?: { id: string; type: string }; now?: Date },
): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    if (!(await firstTimeEvent(tx, o.sproutId, o.event))) return { kind: 'duplicate' as const };
    const which = o.orderId ? eq(appPaymentOrders.id, o.orderId) : eq(appPaymentOrders.stripePaymentIntent, o.paymentIntent ?? '');
    const [order] = await tx
      .select()
      .from(appPaymentOrders)
      .where(and(eq(appPaymentOrders.sproutId, o.sproutId), which))
      .for('update');
    if (!order || order.status !== 'paid') return { kind: 'not_paid' as const };
    const [refunded] = await tx
      .update(appPaymentOrders)
      .set({ status: 'refunded', refundedAt: o.now ?? new Date() })
      .where(eq(appPaymentOrders.id, order.id))
      .returning();
    await writePaymentDocument(tx, refunded!);
    return { kind: 'refunded' as const, order: refunded! };
  });
}

/** Records a Stripe event that changes nothing, so its replays are answered as such; false for a replay. */
export async function recordPaymentEvent(db: Executor, sproutId: string, event: { id: string; type: string }): Promise<boolean> {
  return firstTimeEvent(db, sproutId, event);
}

/** The orders of a dataset that were paid (and maybe refunded since): what the owner's view lists and sums. */
const settledIn = (scope: AppScope) =>
  and(
    eq(appPaymentOrders.sproutId, scope.sproutId),
    eq(appPaymentOrders.dataset, scope.dataset),
    inArray(appPaymentOrders.status, ['paid', 'refunded'] satisfies OrderStatus[]),
  );

/** Paid and refunded orders of a dataset, newest first. */
export async function listPaidOrders(db: Executor, scope: AppScope, limit: number): Promise<PaymentOrder[]> {
  return db.select().from(appPaymentOrders).where(settledIn(scope)).orderBy(desc(appPaymentOrders.seq)).limit(limit);
}

export interface PaymentTotals {
  count: number;
  paid: Record<string, number>;
  refunded: Record<string, number>;
}

/** Every paid and refunded order of a dataset, summed per currency (what is still held is `paid`). */
export async function paymentTotals(db: Executor, scope: AppScope): Promise<PaymentTotals> {
  const rows = await db
    .select({ status: appPaymentOrders.status, currency: appPaymentOrders.currency, n: sql<number>`count(*)::int`, sum: sql<number>`sum(amount)::bigint` })
    .from(appPaymentOrders)
    .where(settledIn(scope))
    .groupBy(appPaymentOrders.status, appPaymentOrders.currency);
  const out: PaymentTotals = { count: 0, paid: {}, refunded: {} };
  for (const r of rows) {
    out.count += r.n;
    const bucket = r.status === 'paid' ? out.paid : out.refunded;
    bucket[r.currency] = (bucket[r.currency] ?? 0) + Number(r.sum);
  }
  return out;
}
