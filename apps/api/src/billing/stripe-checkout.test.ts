import { beforeEach, describe, expect, it } from 'vitest';
import { getSubscription, upsertSubscription } from '@sprout/db';
import { fakeSubscription, type Session, stripeEnv, useFakeStripe, useTestApp } from '../testing';
import { loadConfig } from '../config';

// With STRIPE_SECRET_KEY set, checkout, plan changes and the portal go through the real `stripe`
// library to a Stripe stand-in on 127.0.0.1 (STRIPE_API_URL).

const fake = useFakeStripe();
const t = useTestApp(() => ({ ...stripeEnv(fake), WEB_URL: 'http://web.test' }));
beforeEach(() => {
  fake.requests.length = 0;
});

const post = (s: Session, url: string, body?: unknown) => t.api('POST', url, { token: s.idToken, body });

describe('Stripe checkout', () => {
  it('creates a subscription-mode Checkout Session for the chosen price and returns its URL', async () => {
    const s = await t.register();
    const res = await post(s, '/v1/billing/checkout', { tier: 'tier-2', returnTo: '/build/p1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mode: 'stripe', action: 'checkout', direction: 'upgrade' });
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const call = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(call.method).toBe('POST');
    expect(call.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_t2',
      'line_items[0][quantity]': '1',
      client_reference_id: s.user.id,
      customer_email: s.user.email,
      'metadata[userId]': s.user.id,
      'metadata[tier]': 'tier-2',
      'subscription_data[metadata][userId]': s.user.id,
      success_url: 'http://web.test/checkout/complete?tier=tier-2&from=free&returnTo=%2Fbuild%2Fp1&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://web.test/go-to-checkout?tier=tier-2&returnTo=%2Fbuild%2Fp1&canceled=1',
    });
  });

  it('reuses the Stripe customer of a returning subscriber', async () => {
    const s = await t.register();
    await upsertSubscription(t.db.db, s.user.id, { type: 'free', tierType: 'free', status: 'canceled', providerCustomerId: 'cus_back' });
    await post(s, '/v1/billing/checkout', { tier: 'tier-1' });
    const call = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(call.params.customer).toBe('cus_back');
    expect(call.params.customer_email).toBeUndefined();
  });

  it('turns the test checkout off', async () => {
    const s = await t.register();
    expect((await t.api('GET', `/v1/billing/test-checkout/${'a'.repeat(32)}`, { token: s.idToken })).statusCode).toBe(404);
    expect((await post(s, `/v1/billing/test-checkout/${'a'.repeat(32)}/complete`)).statusCode).toBe(404);
    expect((await post(s, '/v1/billing/test-subscription/renew')).statusCode).toBe(404);
    expect((await t.api('GET', '/v1/me/subscription', { token: s.idToken })).json().billingMode).toBe('stripe');
  });

  it('answers a calm 502 when Stripe refuses, and logs the cause', async () => {
    const s = await t.register();
    fake.failNext = true;
    const res = await post(s, '/v1/billing/checkout', { tier: 'tier-1' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: 'billing_unavailable',
      message: 'Payments are not available right now. Nothing was charged. Please try again in a moment.',
    });
    expect(t.logs).toContainEqual(expect.objectContaining({ event: 'stripe_call_failed', what: 'checkout' }));
  });
});

describe('changing a Stripe subscription', () => {
  async function subscriber(tier: 'tier-1' | 'tier-3', price: string) {
    const s = await t.register();
    const id = `sub_${s.user.id}`;
    fake.subscriptions.set(id, fakeSubscription({ id, customer: `cus_${s.user.id}`, price, periodEnd: new Date(Date.now() + 20 * 86_400_000) }));
    await upsertSubscription(t.db.db, s.user.id, {
      type: 'subscribed on web',
      tierType: tier,
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
      provider: 'stripe',
      providerCustomerId: `cus_${s.user.id}`,
      providerSubscriptionId: id,
    });
    return { s, id };
  }

  it('upgrades in Stripe with an immediate prorated invoice, and at once here', async () => {
    const { s, id } = await subscriber('tier-1', 'price_t1');
    const res = await post(s, '/v1/billing/checkout', { tier: 'tier-3', returnTo: '/build' });
    expect(res.json()).toMatchObject({
      action: 'changed',
      direction: 'upgrade',
      url: 'http://web.test/checkout/complete?tier=tier-3&from=tier-1&returnTo=%2Fbuild&change=upgrade',
    });
    const update = fake.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${id}`)!;
    expect(update.params).toMatchObject({
      'items[0][id]': `si_${id}`,
      'items[0][price]': 'price_t3',
      proration_behavior: 'always_invoice',
      cancel_at_period_end: 'false',
    });
    expect(await getSubscription(t.db.db, s.user.id)).toMatchObject({ tierType: 'tier-3', pendingTierType: null });
  });

  it('downgrades in Stripe without proration; the paid tier holds until the period ends', async () => {
    const { s, id } = await subscriber('tier-3', 'price_t3');
    const res = await post(s, '/v1/billing/checkout', { tier: 'tier-1' });
    expect(res.json()).toMatchObject({ action: 'changed', direction: 'downgrade' });
    const update = fake.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${id}`)!;
    expect(update.params).toMatchObject({ 'items[0][price]': 'price_t1', proration_behavior: 'none' });
    expect(await getSubscription(t.db.db, s.user.id)).toMatchObject({ tierType: 'tier-3', pendingTierType: 'tier-1' });
  });

  it('opens the Stripe billing portal for the customer', async () => {
    const { s } = await subscriber('tier-1', 'price_t1');
    const res = await post(s, '/v1/billing/portal', { returnTo: '/settings/billing' });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const call = fake.requests.find((r) => r.path === '/v1/billing_portal/sessions')!;
    expect(call.params).toEqual({ customer: `cus_${s.user.id}`, return_url: 'http://web.test/settings/billing' });
  });
});

describe('configuration', () => {
  it('refuses a Stripe key without its prices or webhook secret', async () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      'STRIPE_SECRET_KEY is set, so STRIPE_PRICE_TIER_1, STRIPE_PRICE_TIER_2, STRIPE_PRICE_TIER_3, STRIPE_PRICE_TIER_4, STRIPE_WEBHOOK_SECRET must be set too.',
    );
    expect(() => loadConfig({ ...stripeEnv(fake), STRIPE_PRICE_TIER_2: 'price_t1' })).toThrow('must be four different prices');
    expect(loadConfig({ STRIPE_API_URL: '', STRIPE_SECRET_KEY: '' }).billing.stripe).toBeNull();
    expect(loadConfig(stripeEnv(fake)).billing.stripe?.api).toEqual({ host: '127.0.0.1', port: new URL(fake.url).port, protocol: 'http' });
  });
});
