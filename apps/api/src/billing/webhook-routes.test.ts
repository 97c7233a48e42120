import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { getSubscription, listAudit, upsertSubscription } from '@sprout/db';
import { fakeSubscription, type Session, stripeEnv, useFakeStripe, useTestApp } from '../testing';
import { signMobileNotification } from './mobile-notification';

// Webhooks are signed with Stripe's own test-header helper and posted in-process: no network.
// Stripe itself is the fake on 127.0.0.1, for the one call a webhook may make (retrieving a subscription).

const WHSEC = 'whsec_test_sprout';
const MOBILE_SECRET = 'mobile-relay-secret-for-tests-0123456789';

const fake = useFakeStripe();
const t = useTestApp(() => ({ ...stripeEnv(fake), MOBILE_NOTIFICATION_SECRET: MOBILE_SECRET }));

let seq = 0;
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000);

function event(type: string, object: unknown, id = `evt_${Date.now()}_${++seq}`) {
  return {
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: { object },
  };
}

function sendStripe(payload: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/billing/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
    payload,
  });
}

function postEvent(evt: unknown, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(evt);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WHSEC, timestamp: opts.timestamp });
  return sendStripe(payload, signature);
}

const subscription = (s: Session, p: { id: string; price: string; periodEnd: Date; status?: string; cancelAtPeriodEnd?: boolean; customer?: string }) =>
  fakeSubscription({ customer: p.customer ?? `cus_${s.user.id}`, metadata: { userId: s.user.id }, ...p });

const checkoutCompleted = (s: Session, sub: unknown) => ({
  id: `cs_test_${++seq}`,
  object: 'checkout.session',
  mode: 'subscription',
  client_reference_id: s.user.id,
  customer: `cus_${s.user.id}`,
  subscription: sub,
  metadata: { userId: s.user.id, tier: 'tier-2' },
});

const subOf = async (s: Session) => (await t.api('GET', '/v1/me/subscription', { token: s.idToken })).json();

describe('Stripe webhook signature', () => {
  it('rejects a missing signature', async () => {
    const res = await sendStripe(JSON.stringify(event('checkout.session.completed', {})));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('missing_signature');
  });

  it('rejects a tampered body and a signature made with another secret', async () => {
    const s = await t.register();
    const payload = JSON.stringify(
      event('checkout.session.completed', checkoutCompleted(s, subscription(s, { id: 'sub_tamper', price: 'price_t1', periodEnd: inDays(30) }))),
    );
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WHSEC });
    const tampered = await sendStripe(payload.replace('price_t1', 'price_t4'), signature);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('invalid_signature');
    const forged = await postEvent(JSON.parse(payload), { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('invalid_signature');
    expect((await sendStripe(payload, 'garbage')).json().code).toBe('invalid_signature');
    expect((await subOf(s)).tierType).toBe('free');
  });

  it('rejects a replayed event whose signature is older than the tolerance', async () => {
    const s = await t.register();
    const evt = event('checkout.session.completed', checkoutCompleted(s, subscription(s, { id: 'sub_replay', price: 'price_t1', periodEnd: inDays(30) })));
    const res = await postEvent(evt, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('signature_expired');
    expect((await subOf(s)).tierType).toBe('free');
    // The same event freshly signed is accepted.
    expect((await postEvent(evt)).statusCode).toBe(200);
  });

  it('applies an event id once, however often Stripe retries it', async () => {
    const s = await t.register();
    const evt = event('checkout.session.completed', checkoutCompleted(s, subscription(s, { id: 'sub_dup', price: 'price_t2', periodEnd: inDays(30) })));
    const first = await postEvent(evt);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false, outcome: 'applied' });
    // Meanwhile the person changed plan: a retried old event must not undo that.
    await upsertSubscription(t.db.db, s.user.id, { type: 'subscribed on web', tierType: 'tier-3' });
    const retries = await Promise.all([postEvent(evt), postEvent(evt), postEvent(evt)]);
    for (const r of retries) expect(r.json()).toMatchObject({ received: true, duplicate: true });
    expect((await subOf(s)).tierType).toBe('tier-3');
    const audits = (await listAudit(t.db.db, 10_000)).filter((a) => a.targetUserId === s.user.id && a.action === 'billing.stripe.event');
    expect(audits).toHaveLength(1);
  });

  it('keeps raw bodies to this route only: other routes still parse JSON', async () => {
    const s = await t.register();
    const res = await t.api('PATCH', '/v1/me', { token: s.idToken, body: { displayName: 'Still JSON' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().displayName).toBe('Still JSON');
    const wrongType = await t.app.inject({ method: 'POST', url: '/v1/billing/stripe/webhook', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(wrongType.statusCode).toBe(415);
  });
});

describe('Stripe events', () => {
  it('checkout.session.completed activates the plan bought, with its period and ids', async () => {
    const s = await t.register();
    const end = inDays(30);
    const res = await postEvent(event('checkout.session.completed', checkoutCompleted(s, subscription(s, { id: 'sub_A', price: 'price_t2', periodEnd: end }))));
    expect(res.json().outcome).toBe('applied');
    expect(await subOf(s)).toMatchObject({
      type: 'subscribed on web',
      tierType: 'tier-2',
      planLabel: 'Premium 250',
      status: 'active',
      currentPeriodEnd: new Date(Math.floor(end.getTime() / 1000) * 1000).toISOString(),
      canManage: true,
      isPaid: true,
      provider: 'stripe',
      billingMode: 'stripe',
    });
    expect(await getSubscription(t.db.db, s.user.id)).toMatchObject({ providerCustomerId: `cus_${s.user.id}`, providerSubscriptionId: 'sub_A' });
    expect((await t.api('GET', '/usage', { token: s.idToken })).json().monthlyMessages.limit).toBe(250);
  });

  it('checkout.session.completed naming its subscription asks Stripe for it', async () => {
    const s = await t.register();
    fake.subscriptions.set('sub_fetch', subscription(s, { id: 'sub_fetch', price: 'price_t3', periodEnd: inDays(31) }));
    const res = await postEvent(event('checkout.session.completed', checkoutCompleted(s, 'sub_fetch')));
    expect(res.json().outcome).toBe('applied');
    expect(fake.requests).toContainEqual(expect.objectContaining({ method: 'GET', path: '/v1/subscriptions/sub_fetch' }));
    expect((await subOf(s)).tierType).toBe('tier-3');
  });

  it('answers 503 (so Stripe retries) when Stripe cannot be asked, and processes the retry', async () => {
    const s = await t.register();
    const evt = event('checkout.session.completed', checkoutCompleted(s, 'sub_later'));
    const failed = await postEvent(evt);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().code).toBe('stripe_unavailable');
    fake.subscriptions.set('sub_later', subscription(s, { id: 'sub_later', price: 'price_t1', periodEnd: inDays(30) }));
    const retried = await postEvent(evt);
    expect(retried.json()).toMatchObject({ duplicate: false, outcome: 'applied' });
    expect((await subOf(s)).tierType).toBe('tier-1');
  });

  it('customer.subscription.updated: upgrades now, downgrades at the period end, applied on renewal', async () => {
    const s = await t.register();
    const end = inDays(20);
    await postEvent(event('checkout.session.completed', checkoutCompleted(s, subscription(s, { id: 'sub_B', price: 'price_t1', periodEnd: end }))));
    await postEvent(event('customer.subscription.updated', subscription(s, { id: 'sub_B', price: 'price_t3', periodEnd: end })));
    expect(await subOf(s)).toMatchObject({ tierType: 'tier-3', pendingTierType: null });

    await postEvent(event('customer.subscription.updated', subscription(s, { id: 'sub_B', price: 'price_t2', periodEnd: end })));
    expect(await subOf(s)).toMatchObject({ tierType: 'tier-3', pendingTierType: 'tier-2' });
    expect((await t.api('GET', '/usage', { token: s.idToken })).json().monthlyMessages.limit).toBe(500);

    // The renewal: a new period with the lower price. What was scheduled has happened.
    const next = inDays(50);
    await postEvent(event('customer.subscription.updated', subscription(s, { id: 'sub_B', price: 'price_t2', periodEnd: next })));
    expect(await subOf(s)).toMatchObject({
      tierType: 'tier-2',
      pendingTierType: null,
      currentPeriodEnd: new Date(Math.floor(next.getTime() / 1000) * 1000).toISOString(),
    });
  });

  it('cancel at period end schedules Free; deletion ends the plan', async () => {
    const s = await t.register();
    const end = inDays(10);
    await postEvent(event('customer.subscription.created', subscription(s, { id: 'sub_C', price: 'price_t2', periodEnd: end })));
    expect((await subOf(s)).tierType).toBe('tier-2');
    await postEvent(event('customer.subscription.updated', subscription(s, { id: 'sub_C', price: 'price_t2', periodEnd: end, cancelAtPeriodEnd: true })));
    expect(await subOf(s)).toMatchObject({ tierType: 'tier-2', pendingTierType: 'free' });
    await postEvent(event('customer.subscription.deleted', subscription(s, { id: 'sub_C', price: 'price_t2', periodEnd: end, status: 'canceled' })));
    expect(await subOf(s)).toMatchObject({ type: 'free', tierType: 'free', status: 'canceled', pendingTierType: null, canManage: false, isPaid: false });
    // The customer is remembered for the next checkout.
    expect((await getSubscription(t.db.db, s.user.id))?.providerCustomerId).toBe(`cus_${s.user.id}`);
  });

  it('ignores what is not about the current subscription or is not ours to change', async () => {
    const s = await t.register();
    await postEvent(event('customer.subscription.created', subscription(s, { id: 'sub_new', price: 'price_t1', periodEnd: inDays(30) })));
    const oldDeleted = await postEvent(
      event('customer.subscription.deleted', subscription(s, { id: 'sub_old', price: 'price_t1', periodEnd: inDays(1), status: 'canceled' })),
    );
    expect(oldDeleted.json().outcome).toBe('ignored: other_subscription');
    const unknownPrice = await postEvent(
      event('customer.subscription.updated', subscription(s, { id: 'sub_new', price: 'price_other', periodEnd: inDays(30) })),
    );
    expect(unknownPrice.json().outcome).toBe('ignored: unknown_price');
    expect((await subOf(s)).tierType).toBe('tier-1');

    const partner = await t.register();
    await upsertSubscription(t.db.db, partner.user.id, { type: 'internal', tierType: 'sprout-tier-external-partner' });
    const onPartner = await postEvent(event('customer.subscription.created', subscription(partner, { id: 'sub_p', price: 'price_t1', periodEnd: inDays(30) })));
    expect(onPartner.json().outcome).toBe('ignored: complimentary_plan');
    expect((await subOf(partner)).tierType).toBe('sprout-tier-external-partner');

    const stranger = await postEvent(
      event('customer.subscription.updated', fakeSubscription({ id: 'sub_x', customer: 'cus_x', price: 'price_t1', periodEnd: inDays(3) })),
    );
    expect(stranger.json()).toMatchObject({ duplicate: false, outcome: 'ignored: unknown_subscription' });
    expect((await postEvent(event('invoice.paid', { id: 'in_1', object: 'invoice' }))).json().outcome).toBe('ignored: unhandled_type');
    const incomplete = await t.register();
    const pending = await postEvent(
      event('customer.subscription.created', subscription(incomplete, { id: 'sub_i', price: 'price_t1', periodEnd: inDays(30), status: 'incomplete' })),
    );
    expect(pending.json().outcome).toBe('ignored: payment_incomplete');
    expect((await subOf(incomplete)).tierType).toBe('free');
  });
});

describe('mobile store notifications', () => {
  const send = (body: unknown, signature?: string | null) => {
    const payload = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/v1/billing/mobile/notification',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-sprout-signature': signature ?? signMobileNotification(payload, MOBILE_SECRET) }),
      },
      payload,
    });
  };
  const notification = (s: Session, extra: Record<string, unknown> = {}) => ({
    notificationId: `n_${++seq}`,
    userId: s.user.id,
    storeSource: 'play_store',
    event: 'subscribed',
    tierType: 'tier-2',
    expiresAt: inDays(30).toISOString(),
    originalTransactionId: `gpa.${s.user.id}`,
    ...extra,
  });

  it('rejects missing and bad signatures', async () => {
    const s = await t.register();
    expect((await send(notification(s), null)).json().code).toBe('missing_signature');
    const bad = await send(notification(s), signMobileNotification('{"other":"body"}', MOBILE_SECRET));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_signature');
    expect((await send(notification(s), 'sha256=00')).json().code).toBe('invalid_signature');
    expect((await subOf(s)).tierType).toBe('free');
  });

  it('sets a mobile subscription with its store, once per notification id', async () => {
    const s = await t.register();
    const n = notification(s, { storeSource: 'play_store' });
    const res = await send(n);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false, outcome: 'applied' });
    expect(await subOf(s)).toMatchObject({
      type: 'subscribed on mobile',
      tierType: 'tier-2',
      storeSource: 'play_store',
      storeLabel: 'Play Store',
      currentPeriodEnd: n.expiresAt,
      canManage: false,
      isPaid: true,
      provider: 'store',
    });
    expect((await send(n)).json().duplicate).toBe(true);

    const apple = await t.register();
    await send(notification(apple, { storeSource: 'mac_app_store', tierType: 'tier-1' }));
    expect(await subOf(apple)).toMatchObject({ storeLabel: 'App Store', planLabel: 'Premium 100' });
  });

  it('returns to Free on expiry, but never ends a web subscription', async () => {
    const s = await t.register();
    await send(notification(s));
    await send(notification(s, { event: 'expired', tierType: undefined, expiresAt: undefined }));
    expect(await subOf(s)).toMatchObject({ type: 'free', tierType: 'free', status: 'expired' });

    const web = await t.register();
    await upsertSubscription(t.db.db, web.user.id, { type: 'subscribed on web', tierType: 'tier-1', provider: 'stripe' });
    const res = await send(notification(web, { event: 'revoked' }));
    expect(res.json().outcome).toBe('ignored: not_a_mobile_subscription');
    expect((await subOf(web)).tierType).toBe('tier-1');
  });

  it('validates the notification after the signature', async () => {
    const s = await t.register();
    const res = await send(notification(s, { tierType: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_request');
    expect((await send(notification(s, { storeSource: 'stripe' }))).statusCode).toBe(400);
    const unknownUser = await send({ ...notification(s), userId: 'nobody' });
    expect(unknownUser.json().outcome).toBe('ignored: unknown_user');
  });
});
