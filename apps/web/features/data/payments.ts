import { currencyDigits } from '@sprout/core';
import type { AppPayment, AppPaymentList, Dataset } from '@sprout/core/contract';

/*
 * What the Payments section says, as plain functions of the API's answer: amounts in minor units
 * as money, the totals per currency, an order's items in a line, and what live payments still need.
 */

type PerCurrency = AppPaymentList['totals']['paid'];
type Readiness = AppPaymentList['readiness'];

/**
 * `$9.00`, `€4.50`, `¥1,500`: always the currency's own digits (unlike plan prices), so a list of
 * orders lines up and 900 cents never reads as "$9".
 */
export function formatMoney(amount: number, currency: string): string {
  const digits = currencyDigits(currency) ?? 2;
  const major = amount / 10 ** digits;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(major);
  } catch {
    // A code Intl does not know still shows its amount rather than breaking the list.
    return `${major.toFixed(digits)} ${currency.toUpperCase()}`;
  }
}

/** Each currency's total as money, in the order of the codes (so a poll never reshuffles them); zeros left out. */
export function moneyList(perCurrency: PerCurrency): string[] {
  return Object.entries(perCurrency)
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => formatMoney(amount, currency));
}

export interface TotalsLines {
  orders: string;
  paid: string;
  refunded: string | null;
}

/** '3 orders', '$9.00 · €4.50' paid, and what was refunded (null when nothing was). */
export function totalsLines(totals: AppPaymentList['totals']): TotalsLines {
  const paid = moneyList(totals.paid);
  const refunded = moneyList(totals.refunded);
  return {
    orders: `${totals.count.toLocaleString('en-US')} ${totals.count === 1 ? 'order' : 'orders'}`,
    paid: paid.length ? paid.join(' · ') : formatMoney(0, Object.keys(totals.refunded)[0] ?? 'usd'),
    refunded: refunded.length ? refunded.join(' · ') : null,
  };
}

const SUMMARIZED = 2;

/** '2 × Lemon cake', '2 × Lemon cake, 1 × Tea', '2 × Lemon cake, 1 × Tea and 3 more'. */
export function itemsSummary(items: AppPayment['items']): string {
  if (items.length === 0) return 'No items';
  const shown = items.slice(0, SUMMARIZED).map((i) => `${i.quantity} × ${i.name}`);
  const rest = items.length - SUMMARIZED;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ');
}

/** The refund button's name: the first item tells the orders of one list apart. */
export const refundLabel = (p: AppPayment) => `Refund ${p.items[0]?.name ?? 'this'} order`;

/** Newest first, whatever order the answer came in; the server sorts too, an optimistic edit must not reorder. */
export const newestFirst = (payments: AppPayment[]) => [...payments].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

export interface ReadinessItem {
  key: keyof Readiness;
  label: string;
  done: boolean;
}

/** What taking live payments needs, in the order the owner does it. */
export function readinessItems(r: Readiness): ReadinessItem[] {
  return [
    { key: 'stripeConnected', label: 'Stripe connected (live secret STRIPE_SECRET_KEY)', done: r.stripeConnected },
    { key: 'webhookSecretSet', label: 'Webhook signing secret set (live secret STRIPE_WEBHOOK_SECRET)', done: r.webhookSecretSet },
    { key: 'testCheckoutSucceeded', label: 'A test checkout paid in the preview', done: r.testCheckoutSucceeded },
  ];
}

/**
 * The live checklist: shown in full until everything is done and a live payment came in; then one
 * line. Test data has none: the preview needs nothing set up.
 */
export function readinessView(list: AppPaymentList, dataset: Dataset): 'none' | 'checklist' | 'ready' {
  if (dataset === 'test') return 'none';
  const done = readinessItems(list.readiness).every((i) => i.done);
  return done && list.totals.count > 0 ? 'ready' : 'checklist';
}

/** The list as it is once `id` is refunded: its status and the totals move together, so the view never contradicts itself. */
export function withRefunded(list: AppPaymentList | undefined, id: string, at = new Date().toISOString()): AppPaymentList | undefined {
  const order = list?.payments.find((p) => p.id === id);
  if (!list || !order || order.status !== 'paid') return list;
  const paid = { ...list.totals.paid, [order.currency]: (list.totals.paid[order.currency] ?? 0) - order.amount };
  if (paid[order.currency]! <= 0) delete paid[order.currency];
  const refunded = { ...list.totals.refunded, [order.currency]: (list.totals.refunded[order.currency] ?? 0) + order.amount };
  return {
    ...list,
    payments: list.payments.map((p) => (p.id === id ? { ...p, status: 'refunded', refundedAt: at } : p)),
    totals: { ...list.totals, paid, refunded },
  };
}
