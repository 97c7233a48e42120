import { describe, expect, it } from 'vitest';
import { appVisitor, newProject, stripeSignature, useFakeStripe, useTestApp, type Session } from '../testing';

// Live payments through the owner's own Stripe account, against the Stripe stand-in: the real
// `stripe` library talks to it over HTTP, and webhooks are signed as Stripe signs them.
const fake = useFakeStripe();
const t = useTestApp(() => ({ STRIPE_API_URL: fake.url }));

const KEY = 'sk_test_owner_of_the_bakery';
const WEBHOOK = 'whsec_owner_of_the_bakery';
const CAKE = { name: 'Lemon cake', amount: 450, currency: 'eur', quantity: 2 };
const body = { items: [CAKE], successPath: '/thanks', cancelPath: '/cart', metadata: { table: '4' } };

async function published() {
  const owner = await t.register();
  const sproutId = await newProject(t, owner);
  const res = await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken });
  expect(res.statusCode, res.body).toBe(200);
  const site = new URL(res.json().publicUrl);
  return { owner, sproutId, site, buyer: appVisitor(t, site.host), other: appVisitor(t, site.host) };
}

const secret = (owner: Session, sproutId: string, name: string, value: string) =>
  t.api('PUT', `/build/v1/sprouts/${sproutId}/secrets/live/${name}`, { token: owner.idToken, body: { value } });

function webhook(host: string, event: Record<string, unknown>, signWith = WEBHOOK, payload = JSON.stringify(event)) {
  const signature = stripeSignature(JSON.stringify(event), signWith);
  return t.app.inject({
    method: 'POST',
    url: '/_sprout/v1/payments/webhook',
    headers: { host, 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const completed = (id: string, session: Record<string, unknown>) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: { object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_bakery_1', customer_details: { email: 'ada@example.com' }, ...session },
  },
});

describe('live payments with the owner’s Stripe', () => {
  it('refuse clearly until the owner connects Stripe', async () => {
    const p = await published();
    const res = await p.buyer.call('POST', 'payments/checkout', body);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'payments_not_set_up', message: 'This app cannot take payments yet: its owner has not connected Stripe.' });
    expect((await webhook(p.site.host, completed('evt_0', {}))).statusCode).toBe(503);
  });

  it('make a Stripe Checkout Session from the server’s order, are paid by the signed webhook once, and refunded through Stripe', async () => {
    const p = await published();
    await secret(p.owner, p.sproutId, 'STRIPE_SECRET_KEY', KEY);
    await secret(p.owner, p.sproutId, 'STRIPE_WEBHOOK_SECRET', WEBHOOK);
    const start = await p.buyer.call('POST', 'payments/checkout', body);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const sent = fake.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
    const orderId = sent.params['metadata[sprout_order]']!;
    expect(sent.params).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][unit_amount]': '450',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][product_data][name]': 'Lemon cake',
      'metadata[sprout_id]': p.sproutId,
      'metadata[table]': '4',
      success_url: `${p.site.origin}/thanks?payment=${orderId}`,
      cancel_url: `${p.site.origin}/cart`,
    });
    const sessionId = /cs_test_\d+/.exec(start.json().url)![0];
    // Nothing is paid until Stripe says so.
    expect((await p.buyer.call('GET', 'collections/payments')).json().data).toEqual([]);

    const event = completed('evt_paid', { id: sessionId, metadata: { sprout_id: p.sproutId, sprout_order: orderId } });
    // A forged event: signed with another secret, or its body changed after signing.
    const forged = await webhook(p.site.host, event, 'whsec_someone_else');
    expect([forged.statusCode, forged.json().code]).toEqual([400, 'invalid_signature']);
    const tampered = await webhook(p.site.host, event, WEBHOOK, JSON.stringify({ ...event, id: 'evt_other' }));
    expect([tampered.statusCode, tampered.json().code]).toEqual([400, 'invalid_signature']);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/_sprout/v1/payments/webhook',
      headers: { host: p.site.host, 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect([unsigned.statusCode, unsigned.json().code]).toEqual([400, 'missing_signature']);

    const first = await webhook(p.site.host, event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false, outcome: 'paid' });
    expect((await webhook(p.site.host, event)).json()).toEqual({ received: true, duplicate: true, outcome: 'duplicate' });

    const mine = (await p.buyer.call('GET', 'collections/payments')).json().data;
    expect(mine).toEqual([expect.objectContaining({ id: orderId, status: 'paid', amount: 900, currency: 'eur', customerEmail: 'ada@example.com' })]);
    // Another visitor sees none of it, by list or by id.
    expect((await p.other.call('GET', 'collections/payments')).json().data).toEqual([]);
    expect((await p.other.call('GET', `collections/payments/${orderId}`)).statusCode).toBe(404);

    const list = (await t.api('GET', `/build/v1/sprouts/${p.sproutId}/payments/live`, { token: p.owner.idToken })).json();
    expect(list).toMatchObject({
      totals: { count: 1, paid: { eur: 900 }, refunded: {} },
      readiness: { stripeConnected: true, webhookSecretSet: true, testCheckoutSucceeded: false },
      webhookUrl: `${p.site.origin}/_sprout/v1/payments/webhook`,
    });

    const refund = await t.api('POST', `/build/v1/sprouts/${p.sproutId}/payments/live/${orderId}/refund`, { token: p.owner.idToken });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ id: orderId, status: 'refunded' });
    expect(fake.requests.findLast((r) => r.path === '/v1/refunds')).toMatchObject({
      params: { payment_intent: 'pi_bakery_1' },
      authorization: `Bearer ${KEY}`,
    });
    // Stripe's own event of the refund then finds it refunded already.
    const charge = {
      id: 'evt_refund',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { object: 'charge', payment_intent: 'pi_bakery_1', refunded: true } },
    };
    expect((await webhook(p.site.host, charge)).json()).toMatchObject({ duplicate: false, outcome: 'ignored: not a paid order' });
    expect((await p.buyer.call('GET', `collections/payments/${orderId}`)).json()).toMatchObject({ status: 'refunded' });
  });

  it('apply a refund made in Stripe’s dashboard, and ignore another app’s session and the test checkout on the live origin', async () => {
    const p = await published();
    await secret(p.owner, p.sproutId, 'STRIPE_SECRET_KEY', KEY);
    await secret(p.owner, p.sproutId, 'STRIPE_WEBHOOK_SECRET', WEBHOOK);
    const url: string = (await p.buyer.call('POST', 'payments/checkout', body)).json().url;
    const sessionId = /cs_test_\d+/.exec(url)![0];
    const orderId = fake.requests.findLast((r) => r.path === '/v1/checkout/sessions')!.params['metadata[sprout_order]']!;

    const elsewhere = completed('evt_elsewhere', { id: sessionId, metadata: { sprout_id: 'another-app', sprout_order: orderId } });
    expect((await webhook(p.site.host, elsewhere)).json()).toMatchObject({ outcome: 'ignored' });
    const wrongSession = completed('evt_wrong_session', { id: 'cs_other', metadata: { sprout_id: p.sproutId, sprout_order: orderId } });
    expect((await webhook(p.site.host, wrongSession)).json()).toMatchObject({ outcome: 'ignored: not an open order' });
    expect((await p.buyer.call('GET', 'collections/payments')).json().data).toEqual([]);

    await webhook(
      p.site.host,
      completed('evt_paid_2', { id: sessionId, payment_intent: 'pi_bakery_2', metadata: { sprout_id: p.sproutId, sprout_order: orderId } }),
    );
    const charge = (id: string, refunded: boolean) => ({ id, type: 'charge.refunded', data: { object: { payment_intent: 'pi_bakery_2', refunded } } });
    // A partial refund leaves the order paid.
    expect((await webhook(p.site.host, charge('evt_partial', false))).json()).toMatchObject({ outcome: 'ignored' });
    expect((await webhook(p.site.host, charge('evt_full', true))).json()).toMatchObject({ outcome: 'refunded' });
    expect((await p.buyer.call('GET', `collections/payments/${orderId}`)).json()).toMatchObject({ status: 'refunded' });

    // The test checkout page does not exist on the published app.
    expect((await p.buyer.call('GET', 'payments/test-checkout/abcdefabcdefabcdefabcdefabcdefabcdefabcdefa')).statusCode).toBe(404);
  });
});
