import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import type { AddressInfo } from 'node:net';
import { useFixture } from '@sprout/testkit/vitest';

// A stand-in for the Stripe API on 127.0.0.1, for tests: the real `stripe` library talks to it over
// HTTP (STRIPE_API_URL), so request encoding and response parsing are the library's own. It knows
// only the calls Sprout makes. Nothing here reaches the network.

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: { id: string; object: 'price' }; current_period_end: number }[] };
}

export interface FakeStripe {
  url: string;
  /** Every request: method, path and the form-encoded body as flat `key[sub]` → value pairs. */
  requests: { method: string; path: string; params: Record<string, string>; authorization: string }[];
  subscriptions: Map<string, FakeSubscription>;
  /** Prices by id (`price_t1` … `price_t4` of stripeEnv are there from the start). */
  prices: Map<string, FakePrice>;
  /** The next request answers 402 card_declined (Stripe does not retry those). */
  failNext: boolean;
  close(): Promise<void>;
}

export interface FakePrice {
  id: string;
  object: 'price';
  currency: string;
  unit_amount: number | null;
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number } | null;
}

export const fakePrice = (id: string, unitAmount: number | null, currency = 'usd', interval: 'month' | 'year' = 'month'): FakePrice => ({
  id,
  object: 'price',
  currency,
  unit_amount: unitAmount,
  recurring: { interval, interval_count: 1 },
});

export function fakeSubscription(p: {
  id: string;
  customer: string;
  price: string;
  periodEnd: Date;
  status?: string;
  cancelAtPeriodEnd?: boolean;
  metadata?: Record<string, string>;
}): FakeSubscription {
  return {
    id: p.id,
    object: 'subscription',
    customer: p.customer,
    status: p.status ?? 'active',
    cancel_at_period_end: p.cancelAtPeriodEnd ?? false,
    metadata: p.metadata ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${p.id}`,
          object: 'subscription_item',
          price: { id: p.price, object: 'price' },
          current_period_end: Math.floor(p.periodEnd.getTime() / 1000),
        },
      ],
    },
  };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const prices = new Map(
    [fakePrice('price_t1', 1900), fakePrice('price_t2', 3900), fakePrice('price_t3', 7900), fakePrice('price_t4', 14900)].map((p) => [p.id, p]),
  );
  const state: FakeStripe = { url: '', requests: [], subscriptions: new Map(), prices, failNext: false, close: async () => {} };
  let counter = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const params = Object.fromEntries(new URLSearchParams(body));
      state.requests.push({ method: req.method ?? 'GET', path, params, authorization: String(req.headers.authorization ?? '') });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
        res.end(JSON.stringify(json));
      };
      const error = (status: number, type: string, message: string, code?: string) => send(status, { error: { type, message, code } });
      if (state.failNext) {
        state.failNext = false;
        return error(402, 'card_error', 'Your card was declined.', 'card_declined');
      }
      counter += 1;
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${counter}`;
        return send(200, { id, object: 'checkout.session', mode: params.mode, url: `https://checkout.stripe.test/c/pay/${id}` });
      }
      // Apps' refunds (app-payments): the key that asked is kept in the request log's `authorization`.
      if (req.method === 'POST' && path === '/v1/refunds') {
        return send(200, { id: `re_${counter}`, object: 'refund', payment_intent: params.payment_intent, status: 'succeeded' });
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        return send(200, {
          id: `bps_${counter}`,
          object: 'billing_portal.session',
          customer: params.customer,
          url: `https://billing.stripe.test/p/session/${counter}`,
        });
      }
      const price = /^\/v1\/prices\/([^/]+)$/.exec(path);
      if (price && req.method === 'GET') {
        const found = state.prices.get(decodeURIComponent(price[1]!));
        return found ? send(200, found) : error(404, 'invalid_request_error', `No such price: '${price[1]}'`, 'resource_missing');
      }
      const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      if (sub) {
        const found = state.subscriptions.get(decodeURIComponent(sub[1]!));
        if (!found) return error(404, 'invalid_request_error', `No such subscription: '${sub[1]}'`, 'resource_missing');
        // Cancel at once (DELETE): Stripe answers the subscription, now canceled.
        if (req.method === 'DELETE') {
          found.status = 'canceled';
          return send(200, found);
        }
        if (req.method === 'POST') {
          const price = params['items[0][price]'];
          if (price) found.items.data[0]!.price = { id: price, object: 'price' };
          if (params.cancel_at_period_end !== undefined) found.cancel_at_period_end = params.cancel_at_period_end === 'true';
          for (const [k, v] of Object.entries(params)) {
            const m = /^metadata\[(.+)\]$/.exec(k);
            if (m) found.metadata[m[1]!] = v;
          }
        }
        return send(200, found);
      }
      return error(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path}).`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

/** The environment that turns Stripe on against the fake. */
export function stripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_sprout',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_sprout',
    STRIPE_PRICE_TIER_1: 'price_t1',
    STRIPE_PRICE_TIER_2: 'price_t2',
    STRIPE_PRICE_TIER_3: 'price_t3',
    STRIPE_PRICE_TIER_4: 'price_t4',
    STRIPE_API_URL: fake.url,
  };
}

/** The test file's fake Stripe: started before its tests, closed after them. */
export function useFakeStripe(): FakeStripe {
  return useFixture('the fake Stripe', startFakeStripe, (f) => f.close());
}

/** The Stripe-Signature header Stripe would send with `payload`, signed with a webhook signing secret. */
export const stripeSignature = (payload: string, secret: string): string => Stripe.webhooks.generateTestHeaderString({ payload, secret });
