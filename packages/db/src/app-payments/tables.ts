import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../columns';
import { sprouts } from '../schema';
import type { Dataset } from '../app-data/scope';

/** One line of an order, as the app asked for it (amount in the currency's minor units). */
export interface OrderItem {
  name: string;
  amount: number;
  currency: string;
  quantity: number;
}

/** 'open' (at checkout), 'paid' (the test page's Pay, or Stripe's webhook), 'refunded'. */
export type OrderStatus = 'open' | 'paid' | 'refunded';

/**
 * Apps' checkouts (docs/app-backend.md, "Payments"): what the app asked for, priced on the server
 * when it was asked (a browser never says what was paid), per dataset. A paid order is also written
 * into the app's reserved `payments` collection under the same id, for the owner and the payer to read.
 */
export const appPaymentOrders = pgTable(
  'app_payment_orders',
  {
    id: text('id').primaryKey(),
    /** The order orders were made in (created_at ties on PGlite's millisecond clock). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    dataset: text('dataset').$type<Dataset>().notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    items: jsonb('items').$type<OrderItem[]>().notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    /** Who started the checkout (a document's `createdBy`): the payer, who may read the paid order. */
    createdBy: text('created_by').notNull(),
    successPath: text('success_path').notNull(),
    cancelPath: text('cancel_path').notNull(),
    /** The version whose functions/on-payment.ts is told of the payment. */
    versionId: text('version_id'),
    /** The test checkout page's secret (test and check data only): whoever holds it may pay once. */
    checkoutToken: text('checkout_token'),
    stripeSessionId: text('stripe_session_id'),
    stripePaymentIntent: text('stripe_payment_intent'),
    customerEmail: text('customer_email'),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    refundedAt: ts('refunded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('app_payment_orders_list_idx').on(t.sproutId, t.dataset, t.seq),
    uniqueIndex('app_payment_orders_token_idx').on(t.checkoutToken),
    index('app_payment_orders_intent_idx').on(t.sproutId, t.stripePaymentIntent),
  ],
);

/** Stripe events an app's webhook already applied: a replayed event changes nothing. */
export const appPaymentEvents = pgTable(
  'app_payment_events',
  {
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sproutId, t.eventId] })],
);
