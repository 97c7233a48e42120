import { describe, expect, it } from 'vitest';
import { getSubscription, insertCheckoutSession, listAudit, newId, reserveMessage, upsertSubscription } from '@sprout/db';
import { createTestApp, type Session, useTestApp } from '../testing';

// The built-in test checkout (no STRIPE_SECRET_KEY): the whole purchase flow on a real database.

const t = useTestApp({ WEB_URL: 'http://web.test' });

const get = (s: Session, url: string) => t.api('GET', url, { token: s.idToken });
const post = (s: Session, url: string, body?: unknown) => t.api('POST', url, { token: s.idToken, body });

async function checkout(s: Session, tier: string, returnTo?: string) {
  const res = await post(s, '/v1/billing/checkout', { tier, ...(returnTo === undefined ? {} : { returnTo }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; mode: string; action: string; direction: string };
}

function sessionIdOf(url: string): string {
  const parsed = new URL(url);
  expect(`${parsed.origin}${parsed.pathname}`).toBe('http://web.test/checkout/test');
  return parsed.searchParams.get('session')!;
}

/** Checkout and "Pay" on the test page, as the browser does. */
async function buy(s: Session, tier: string) {
  const id = sessionIdOf((await checkout(s, tier)).url);
  const res = await post(s, `/v1/billing/test-checkout/${id}/complete`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('plan changes made by staff acting as the person', () => {
  it('are audited under the staff member', async () => {
    const person = await t.register();
    await buy(person, 'tier-1');
    const staff = await t.register();
    await upsertSubscription(t.db.db, staff.user.id, { type: 'internal', tierType: 'sprout-tier-internal-staff' });
    const { token } = (await t.api('POST', '/v1/admin/impersonate', { token: staff.idToken, body: { userId: person.user.id } })).json();
    expect((await t.api('POST', '/v1/billing/test-subscription/cancel', { token })).statusCode).toBe(200);
    const cancel = (await listAudit(t.db.db)).filter((e) => e.action === 'billing.test_subscription.cancel' && e.targetUserId === person.user.id);
    expect(cancel.map((e) => e.actorId)).toEqual([staff.user.id]);
  });
});

describe('GET /v1/me/subscription', () => {
  it('is Free for a new account, with the core rules applied', async () => {
    const s = await t.register();
    const res = await get(s, '/v1/me/subscription');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      type: 'free',
      tierType: 'free',
      planLabel: 'Free',
      storeSource: null,
      storeLabel: null,
      status: 'active',
      currentPeriodEnd: null,
      pendingTierType: null,
      pendingPlanLabel: null,
      canManage: false,
      isPaid: false,
      provider: null,
      billingMode: 'test',
    });
    expect((await t.api('GET', '/v1/me/subscription')).statusCode).toBe(401);
  });

  it('answers for every kind of record', async () => {
    const s = await t.register();
    await upsertSubscription(t.db.db, s.user.id, { type: 'subscribed on mobile', tierType: 'tier-3', storeSource: 'mac_app_store', provider: 'store' });
    expect((await get(s, '/v1/me/subscription')).json()).toMatchObject({ planLabel: 'Premium 500', storeLabel: 'App Store', canManage: false, isPaid: true });
    await upsertSubscription(t.db.db, s.user.id, { type: 'internal', tierType: 'sprout-tier-internal-staff', storeSource: null });
    expect((await get(s, '/v1/me/subscription')).json()).toMatchObject({ planLabel: 'Internal Staff', canManage: false, isPaid: false });
    await upsertSubscription(t.db.db, s.user.id, { type: 'subscribed on web', tierType: 'tier-4' });
    expect((await get(s, '/v1/me/subscription')).json()).toMatchObject({ planLabel: 'Premium 1000', canManage: false, isPaid: true });
  });
});

describe('test checkout', () => {
  it('starts a checkout on the web app’s test page and shows it only to its owner', async () => {
    const s = await t.register();
    const started = await checkout(s, 'tier-2', '/build/abc?tab=chat');
    expect(started).toMatchObject({ mode: 'test', action: 'checkout', direction: 'upgrade' });
    const id = sessionIdOf(started.url);
    expect(id).toMatch(/^[a-z0-9]{32}$/);

    const page = await get(s, `/v1/billing/test-checkout/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      id,
      tierType: 'tier-2',
      planLabel: 'Premium 250',
      monthlyMessages: 250,
      status: 'open',
      returnTo: '/build/abc?tab=chat',
      currentTierType: 'free',
      direction: 'upgrade',
    });

    const stranger = await t.register();
    expect((await get(stranger, `/v1/billing/test-checkout/${id}`)).statusCode).toBe(404);
    expect((await post(stranger, `/v1/billing/test-checkout/${id}/complete`)).statusCode).toBe(404);
    expect((await get(stranger, '/v1/me/subscription')).json().tierType).toBe('free');
    expect((await t.api('POST', `/v1/billing/test-checkout/${id}/complete`)).statusCode).toBe(401);
    expect((await get(s, '/v1/billing/test-checkout/not-an-id')).statusCode).toBe(400);
  });

  it('activates the plan on Pay, once, and returns to where the person came from', async () => {
    const s = await t.register();
    const id = sessionIdOf((await checkout(s, 'tier-2', '/build/abc')).url);
    const before = Date.now();
    const res = await post(s, `/v1/billing/test-checkout/${id}/complete`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ from: 'free', direction: 'upgrade', returnTo: '/build/abc' });
    expect(body.url).toBe('http://web.test/checkout/complete?tier=tier-2&from=free&returnTo=%2Fbuild%2Fabc&change=upgrade');
    expect(body.subscription).toMatchObject({
      type: 'subscribed on web',
      tierType: 'tier-2',
      planLabel: 'Premium 250',
      status: 'active',
      canManage: true,
      isPaid: true,
      provider: 'test',
    });
    // A month of paid time.
    const days = (Date.parse(body.subscription.currentPeriodEnd) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31.01);

    expect((await get(s, '/usage')).json()).toMatchObject({ tier: 'tier-2', monthlyMessages: { limit: 250 }, dailyMessages: { limit: null } });
    expect((await get(s, '/v1/me')).json()).toMatchObject({ tier: 'tier-2', planLabel: 'Premium 250' });

    const again = await post(s, `/v1/billing/test-checkout/${id}/complete`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('checkout_completed');
    expect((await get(s, `/v1/billing/test-checkout/${id}`)).json().status).toBe('completed');
    expect(await listAudit(t.db.db, 1000)).toContainEqual(expect.objectContaining({ action: 'billing.test_checkout.complete', targetUserId: s.user.id }));
  });

  it('lets exactly one of many concurrent Pay clicks through', async () => {
    const s = await t.register();
    const id = sessionIdOf((await checkout(s, 'tier-1')).url);
    const results = await Promise.all(Array.from({ length: 5 }, () => post(s, `/v1/billing/test-checkout/${id}/complete`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('refuses an expired checkout', async () => {
    const s = await t.register();
    const id = newId(32);
    await insertCheckoutSession(t.db.db, { id, userId: s.user.id, tierType: 'tier-1', returnTo: '/build', expiresAt: new Date(Date.now() - 1000) });
    expect((await get(s, `/v1/billing/test-checkout/${id}`)).json().status).toBe('expired');
    const res = await post(s, `/v1/billing/test-checkout/${id}/complete`);
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('checkout_expired');
    expect((await get(s, '/v1/me/subscription')).json().tierType).toBe('free');
  });

  it('never returns to another site or to a checkout page', async () => {
    const s = await t.register();
    for (const returnTo of ['https://evil.example.com/', '//evil.example.com', '/checkout/test?session=x', 'javascript:alert(1)']) {
      const id = sessionIdOf((await checkout(s, 'tier-1', returnTo)).url);
      expect((await get(s, `/v1/billing/test-checkout/${id}`)).json().returnTo).toBe('/build');
    }
    expect((await post(s, '/v1/billing/checkout', { tier: 'sprout-tier-internal-staff' })).statusCode).toBe(400);
    expect((await post(s, '/v1/billing/checkout', { tier: 'free' })).statusCode).toBe(400);
  });
});

describe('changing plans', () => {
  it('upgrades at once and downgrades at the end of the period', async () => {
    const s = await t.register();
    await buy(s, 'tier-1');
    const up = await checkout(s, 'tier-3', '/settings/billing');
    expect(up).toMatchObject({ action: 'changed', direction: 'upgrade' });
    expect(up.url).toBe('http://web.test/checkout/complete?tier=tier-3&from=tier-1&returnTo=%2Fsettings%2Fbilling&change=upgrade');
    expect((await get(s, '/usage')).json().monthlyMessages.limit).toBe(500);

    const down = await checkout(s, 'tier-2');
    expect(down).toMatchObject({ action: 'changed', direction: 'downgrade' });
    const sub = (await get(s, '/v1/me/subscription')).json();
    expect(sub).toMatchObject({ tierType: 'tier-3', pendingTierType: 'tier-2', pendingPlanLabel: 'Premium 250' });
    // Still paid for: the higher allowance holds until the period ends.
    expect((await get(s, '/usage')).json().monthlyMessages.limit).toBe(500);

    // Choosing the current plan again keeps it; choosing it with nothing scheduled is refused.
    expect((await checkout(s, 'tier-3')).direction).toBe('equal');
    expect((await get(s, '/v1/me/subscription')).json().pendingTierType).toBeNull();
    const same = await post(s, '/v1/billing/checkout', { tier: 'tier-3' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ code: 'already_on_plan', message: 'You are already on Premium 500.' });

    await checkout(s, 'tier-1');
    const renewed = await post(s, '/v1/billing/test-subscription/renew');
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ tierType: 'tier-1', pendingTierType: null, type: 'subscribed on web' });
    expect(Date.parse(renewed.json().currentPeriodEnd)).toBeGreaterThan(Date.now());
    expect((await get(s, '/usage')).json().monthlyMessages.limit).toBe(100);
    expect(await listAudit(t.db.db, 1000)).toContainEqual(expect.objectContaining({ action: 'billing.plan.change', targetUserId: s.user.id }));
  });

  it('applies a due downgrade to every reader before anything writes it down', async () => {
    const s = await t.register();
    await upsertSubscription(t.db.db, s.user.id, {
      type: 'subscribed on web',
      tierType: 'tier-3',
      pendingTierType: 'tier-1',
      currentPeriodEnd: new Date(Date.now() - 60_000),
      provider: 'stripe',
      providerCustomerId: 'cus_lazy',
      providerSubscriptionId: 'sub_lazy',
    });
    // /usage reads the tier through the user query, which already sees the change...
    expect((await get(s, '/usage')).json().tier).toBe('tier-1');
    expect((await getSubscription(t.db.db, s.user.id))?.tierType).toBe('tier-3');
    // ...and reading the subscription settles the record.
    expect((await get(s, '/v1/me/subscription')).json()).toMatchObject({ tierType: 'tier-1', pendingTierType: null });
    expect((await getSubscription(t.db.db, s.user.id))?.tierType).toBe('tier-1');
  });

  it('renews a test subscription whose period has passed', async () => {
    const s = await t.register();
    await buy(s, 'tier-1');
    await upsertSubscription(t.db.db, s.user.id, { type: 'subscribed on web', tierType: 'tier-1', currentPeriodEnd: new Date(Date.now() - 40 * 86_400_000) });
    const sub = (await get(s, '/v1/me/subscription')).json();
    expect(sub.tierType).toBe('tier-1');
    expect(Date.parse(sub.currentPeriodEnd)).toBeGreaterThan(Date.now());
  });

  it('cancels to Free at the end of the period', async () => {
    const s = await t.register();
    await buy(s, 'tier-2');
    const cancelled = await post(s, '/v1/billing/test-subscription/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ tierType: 'tier-2', pendingTierType: 'free', pendingPlanLabel: 'Free' });
    const ended = (await post(s, '/v1/billing/test-subscription/renew')).json();
    expect(ended).toMatchObject({ type: 'free', tierType: 'free', status: 'canceled', provider: null, canManage: false });
    expect((await post(s, '/v1/billing/test-subscription/cancel')).json().code).toBe('no_test_subscription');
  });
});

describe('who may buy', () => {
  it('refuses checkout and the portal where self-service management is hidden', async () => {
    const cases = [
      [{ type: 'internal', tierType: 'sprout-tier-external-partner' }, 'plan_included'],
      [{ type: 'subscribed on mobile', tierType: 'tier-2', storeSource: 'play_store' }, 'managed_in_store'],
      [{ type: 'subscribed on web', tierType: 'tier-4', provider: 'test' }, 'managed_by_sales'],
    ] as const;
    for (const [record, code] of cases) {
      const s = await t.register();
      await upsertSubscription(t.db.db, s.user.id, record);
      const res = await post(s, '/v1/billing/checkout', { tier: 'tier-1' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe(code);
      expect((await post(s, '/v1/billing/portal')).json().code).toBe(code);
    }
    const mobile = await t.register();
    await upsertSubscription(t.db.db, mobile.user.id, { type: 'subscribed on mobile', tierType: 'tier-2', storeSource: 'play_store' });
    expect((await post(mobile, '/v1/billing/checkout', { tier: 'tier-3' })).json().message).toBe(
      'You subscribed in the Play Store. Change or cancel your plan there.',
    );
  });

  it('sends test subscribers to the test manage page, and free accounts to the pricing page', async () => {
    const s = await t.register();
    const none = await post(s, '/v1/billing/portal');
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('no_subscription');
    await buy(s, 'tier-1');
    const res = await post(s, '/v1/billing/portal', { returnTo: '/settings/billing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'http://web.test/checkout/test/manage' });
  });
});

describe('limits after a change', () => {
  it('lifts the message limit as soon as an upgrade is paid, and the free messages used do not count against the new plan', async () => {
    const s = await t.register();
    for (let i = 0; i < 5; i += 1) expect((await reserveMessage(t.db.db, s.user.id)).ok).toBe(true);
    const refused = await reserveMessage(t.db.db, s.user.id);
    expect(refused).toMatchObject({ ok: false, limitType: 'daily' });
    expect((await get(s, '/usage')).json().dailyMessages).toEqual({ limit: 5, used: 5, available: 0 });

    await buy(s, 'tier-1');
    // Premium 100 means 100 messages from the upgrade on.
    expect((await get(s, '/usage')).json()).toMatchObject({
      dailyMessages: { limit: null, available: null },
      monthlyMessages: { limit: 100, used: 0, available: 100 },
    });
    expect((await reserveMessage(t.db.db, s.user.id)).ok).toBe(true);
    expect((await get(s, '/usage')).json().monthlyMessages).toEqual({ limit: 100, used: 1, available: 99 });
  });

  it('lifts the project limit as soon as an upgrade is paid', async () => {
    const s = await t.register();
    for (let i = 0; i < 5; i += 1) expect((await post(s, '/v1/sprouts', {})).statusCode).toBe(201);
    expect((await post(s, '/v1/sprouts', {})).statusCode).toBe(402);
    await buy(s, 'tier-1');
    expect((await post(s, '/v1/sprouts', {})).statusCode).toBe(201);
  });

  it('keeps every project readable after a downgrade, and blocks new ones with the upgradeProjects paywall', async () => {
    const s = await t.register();
    await buy(s, 'tier-1');
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) ids.push((await post(s, '/v1/sprouts', { displayName: `P${i}` })).json().id);
    await post(s, '/v1/billing/test-subscription/cancel');
    await post(s, '/v1/billing/test-subscription/renew');
    expect((await get(s, '/v1/me/subscription')).json().tierType).toBe('free');

    const list = (await get(s, '/v1/sprouts')).json() as { id: string }[];
    expect(list.map((p) => p.id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await get(s, `/v1/sprouts/${id}`)).statusCode).toBe(200);
    expect((await get(s, '/usage')).json().projects).toEqual({ limit: 5, used: 7, available: 0 });

    const refused = await post(s, '/v1/sprouts', {});
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'project_limit_reached', paywall: { source: 'project_limit_reached', destination: 'upgradeProjects' } });
    // Renaming an over-limit project still works: it is theirs, just no new ones.
    expect((await t.api('PATCH', `/v1/sprouts/${ids[0]}`, { token: s.idToken, body: { displayName: 'Kept' } })).statusCode).toBe(200);
  });
});

describe('provider webhooks without their secrets', () => {
  it('answer 503, so the provider retries once the server is configured', async () => {
    const routes: [string, string][] = [
      ['/v1/billing/stripe/webhook', 'stripe-signature'],
      ['/v1/billing/mobile/notification', 'x-sprout-signature'],
    ];
    for (const [url, header] of routes) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', [header]: 't=1,v1=x' }, payload: '{}' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('not_configured');
    }
  });
});

describe('test checkout outside development', () => {
  it('is off in production unless BILLING_TEST_MODE=true, so plans are never given away', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const s = await prod.register();
      const res = await prod.api('POST', '/v1/billing/checkout', { token: s.idToken, body: { tier: 'tier-1' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('billing_unavailable');
    } finally {
      await prod.close();
    }
    const forced = await createTestApp({ NODE_ENV: 'production', BILLING_TEST_MODE: 'true' });
    try {
      const s = await forced.register();
      const res = await forced.api('POST', '/v1/billing/checkout', { token: s.idToken, body: { tier: 'tier-1' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().mode).toBe('test');
    } finally {
      await forced.close();
    }
  });
});
