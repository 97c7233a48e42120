import { describe, expect, it } from 'vitest';
import type { AppPayment, AppPaymentList } from '@sprout/core/contract';
import { formatMoney, itemsSummary, moneyList, newestFirst, readinessItems, readinessView, refundLabel, totalsLines, withRefunded } from './payments';

const item = (name: string, quantity = 1, amount = 450, currency = 'usd') => ({ name, amount, currency, quantity });

const payment = (over: Partial<AppPayment> = {}): AppPayment => ({
  id: 'pay_1',
  status: 'paid',
  amount: 900,
  currency: 'usd',
  items: [item('Lemon cake', 2)],
  metadata: {},
  customerEmail: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  paidAt: '2026-03-01T10:01:00.000Z',
  refundedAt: null,
  ...over,
});

const list = (over: Partial<AppPaymentList> = {}): AppPaymentList => ({
  payments: [payment()],
  totals: { count: 1, paid: { usd: 900 }, refunded: {} },
  readiness: { stripeConnected: false, webhookSecretSet: false, testCheckoutSucceeded: true },
  webhookUrl: null,
  ...over,
});

describe('formatMoney', () => {
  it('converts minor units by the currency’s digits and always shows them', () => {
    expect(formatMoney(900, 'usd')).toBe('$9.00');
    expect(formatMoney(450, 'eur')).toBe('€4.50');
    expect(formatMoney(123456, 'gbp')).toBe('£1,234.56');
    expect(formatMoney(0, 'usd')).toBe('$0.00');
  });

  it('keeps zero-decimal currencies whole and reads three-decimal ones', () => {
    expect(formatMoney(1500, 'jpy')).toBe('¥1,500');
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
    expect(formatMoney(1500, 'krw')).toBe('₩1,500');
    // Intl puts a no-break space after a currency without a symbol of its own.
    expect(formatMoney(1234, 'kwd')).toBe('KWD\u00a01.234');
  });

  it('still shows an amount in a code it does not know', () => {
    expect(formatMoney(450, 'zzz')).toBe('ZZZ\u00a04.50');
    expect(formatMoney(450, 'x1')).toBe('4.50 X1');
  });
});

describe('totals', () => {
  it('lists each currency once, in code order, without zeros', () => {
    expect(moneyList({ usd: 900, eur: 450, jpy: 0 })).toEqual(['€4.50', '$9.00']);
  });

  it('counts the orders and says what was paid and refunded', () => {
    expect(totalsLines({ count: 3, paid: { usd: 900, jpy: 1500 }, refunded: { usd: 450 } })).toEqual({
      orders: '3 orders',
      paid: '¥1,500 · $9.00',
      refunded: '$4.50',
    });
    expect(totalsLines({ count: 1, paid: { usd: 900 }, refunded: {} })).toEqual({ orders: '1 order', paid: '$9.00', refunded: null });
  });

  it('shows nothing paid in the refunded currency when everything was refunded', () => {
    expect(totalsLines({ count: 1, paid: {}, refunded: { eur: 450 } })).toEqual({ orders: '1 order', paid: '€0.00', refunded: '€4.50' });
  });
});

describe('itemsSummary', () => {
  it('says how many of what, the first two and how many more', () => {
    expect(itemsSummary([item('Lemon cake', 2)])).toBe('2 × Lemon cake');
    expect(itemsSummary([item('Lemon cake', 2), item('Tea')])).toBe('2 × Lemon cake, 1 × Tea');
    expect(itemsSummary([item('Lemon cake', 2), item('Tea'), item('Scone', 3), item('Jam')])).toBe('2 × Lemon cake, 1 × Tea and 2 more');
    expect(itemsSummary([])).toBe('No items');
  });

  it('names the refund by the first item', () => {
    expect(refundLabel(payment())).toBe('Refund Lemon cake order');
    expect(refundLabel(payment({ items: [] }))).toBe('Refund this order');
  });
});

it('sorts the orders newest first', () => {
  const older = payment({ id: 'a', createdAt: '2026-03-01T10:00:00.000Z' });
  const newer = payment({ id: 'b', createdAt: '2026-03-02T10:00:00.000Z' });
  expect(newestFirst([older, newer]).map((p) => p.id)).toEqual(['b', 'a']);
});

describe('readiness', () => {
  it('lists the three steps with their state', () => {
    expect(readinessItems({ stripeConnected: true, webhookSecretSet: false, testCheckoutSucceeded: true })).toEqual([
      { key: 'stripeConnected', label: 'Stripe connected (live secret STRIPE_SECRET_KEY)', done: true },
      { key: 'webhookSecretSet', label: 'Webhook signing secret set (live secret STRIPE_WEBHOOK_SECRET)', done: false },
      { key: 'testCheckoutSucceeded', label: 'A test checkout paid in the preview', done: true },
    ]);
  });

  it('shows the checklist in live data until everything is done and a live payment came in', () => {
    const ready = { stripeConnected: true, webhookSecretSet: true, testCheckoutSucceeded: true };
    expect(readinessView(list(), 'test')).toBe('none');
    expect(readinessView(list(), 'live')).toBe('checklist');
    expect(readinessView(list({ readiness: ready, payments: [], totals: { count: 0, paid: {}, refunded: {} } }), 'live')).toBe('checklist');
    expect(readinessView(list({ readiness: ready }), 'live')).toBe('ready');
  });
});

describe('withRefunded', () => {
  it('marks the order refunded and moves its amount from paid to refunded', () => {
    const next = withRefunded(list({ totals: { count: 2, paid: { usd: 1350 }, refunded: { usd: 100 } } }), 'pay_1', '2026-03-03T00:00:00.000Z');
    expect(next?.payments[0]).toMatchObject({ status: 'refunded', refundedAt: '2026-03-03T00:00:00.000Z' });
    expect(next?.totals).toEqual({ count: 2, paid: { usd: 450 }, refunded: { usd: 1000 } });
  });

  it('drops a currency with nothing paid left, and leaves an unknown or refunded order alone', () => {
    expect(withRefunded(list(), 'pay_1')?.totals).toEqual({ count: 1, paid: {}, refunded: { usd: 900 } });
    const before = list();
    expect(withRefunded(before, 'nope')).toBe(before);
    const refunded = list({ payments: [payment({ status: 'refunded' })] });
    expect(withRefunded(refunded, 'pay_1')).toBe(refunded);
    expect(withRefunded(undefined, 'pay_1')).toBeUndefined();
  });
});
