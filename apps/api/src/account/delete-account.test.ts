import { describe, expect, it } from 'vitest';
import { getSubscription, listAudit, upsertSubscription } from '@sprout/db';
import { fakeSubscription, type Session, stripeEnv, useFakeStripe, useTestApp } from '../testing';

// Deleting an account over the API: the password confirms it, the subscription is cancelled, the
// published apps stop, and nothing of the person answers afterwards. (What is left in the database
// is checked table by table in packages/db: account/delete-account.test.ts.)

const t = useTestApp();
const fake = useFakeStripe();
const stripe = useTestApp(() => stripeEnv(fake));

const remove = (app: typeof t, s: { idToken: string }, body: unknown) => app.api('DELETE', '/v1/me', { token: s.idToken, body });
const login = (app: typeof t, s: Session & { password: string }) => app.api('POST', '/v1/auth/login', { body: { email: s.user.email, password: s.password } });
const site = (url: string) => t.app.inject({ method: 'GET', url: '/', headers: { host: new URL(url).host } });

async function publishedProject(s: Session) {
  const p = (await t.api('POST', '/v1/sprouts', { token: s.idToken, body: { displayName: `Shop ${s.user.id.slice(0, 6)}` } })).json();
  const published = await t.api('POST', `/build/v1/sprouts/${p.id}/publish`, { token: s.idToken });
  expect(published.statusCode, published.body).toBe(200);
  return published.json() as { id: string; publicUrl: string };
}

async function buyTestPlan(s: Session) {
  const start = (await t.api('POST', '/v1/billing/checkout', { token: s.idToken, body: { tier: 'tier-1' } })).json();
  const id = new URL(start.url).searchParams.get('session')!;
  expect((await t.api('POST', `/v1/billing/test-checkout/${id}/complete`, { token: s.idToken })).statusCode).toBe(200);
}

describe('DELETE /v1/me', () => {
  it('with the password: the plan is cancelled, the published app answers as unpublished, and the account is gone', async () => {
    const s = await t.register();
    const app = await publishedProject(s);
    await buyTestPlan(s);
    expect((await site(app.publicUrl)).statusCode).toBe(200);

    const res = await remove(t, s, { password: s.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true, projects: 1, publishedApps: 1, subscription: 'cancelled' });

    const gone = await site(app.publicUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('There is no published app at this address.');
    expect((await login(t, s)).statusCode).toBe(401);
    for (const path of ['/v1/me', '/v1/sprouts', `/build/v1/sprouts/${app.id}/files`])
      expect((await t.api('GET', path, { token: s.idToken })).statusCode).toBe(401);
    expect((await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: s.refreshToken } })).statusCode).toBe(401);
    expect(await getSubscription(t.db.db, s.user.id)).toBeNull();
    const audit = (await listAudit(t.db.db, 10_000)).filter((a) => a.targetUserId === s.user.id);
    expect(audit.at(-1)).toMatchObject({ action: 'account.deleted', actorId: s.user.id, details: { subscription: 'cancelled' } });
    // The address is free again: a new account starts empty.
    const again = await t.register({ email: s.user.email });
    expect(again.user.id).not.toBe(s.user.id);
    expect((await t.api('GET', '/v1/sprouts', { token: again.idToken })).json()).toEqual([]);
  });

  it('a wrong password deletes nothing', async () => {
    const s = await t.register();
    const p = (await t.api('POST', '/v1/sprouts', { token: s.idToken, body: {} })).json();
    const res = await remove(t, s, { password: 'certainly not it' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'wrong_password', fields: [{ path: 'password' }] });
    expect((await t.api('GET', `/v1/sprouts/${p.id}`, { token: s.idToken })).statusCode).toBe(200);
    expect((await login(t, s)).statusCode).toBe(200);
  });

  it('refuses hostile bodies and calls without a valid token', async () => {
    const s = await t.register();
    for (const body of [
      undefined,
      {},
      { password: '' },
      { password: 12345 },
      { password: ['x'] },
      { password: 'x'.repeat(257) },
      { password: s.password, also: 'this' },
    ]) {
      expect((await remove(t, s, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.api('DELETE', '/v1/me', { body: { password: s.password } })).statusCode).toBe(401);
    expect((await remove(t, { idToken: 'not.a.token' }, { password: s.password })).statusCode).toBe(401);
    expect((await login(t, s)).statusCode).toBe(200);
  });

  it("another person's token with this person's password deletes neither", async () => {
    const a = await t.register({ password: 'alpha password one' });
    const b = await t.register();
    const res = await remove(t, b, { password: a.password });
    expect(res.json().code).toBe('wrong_password');
    expect((await login(t, a)).statusCode).toBe(200);
    expect((await login(t, b)).statusCode).toBe(200);
  });

  it('an App Store subscription cannot be cancelled by us: the answer says so', async () => {
    const s = await t.register();
    await upsertSubscription(t.db.db, s.user.id, { type: 'subscribed on mobile', tierType: 'tier-2', storeSource: 'app_store', provider: 'store' });
    expect((await remove(t, s, { password: s.password })).json()).toMatchObject({ deleted: true, subscription: 'store' });
  });
});

describe('DELETE /v1/me with Stripe', () => {
  const subscribed = async () => {
    const s = await stripe.register();
    const id = `sub_${s.user.id}`;
    fake.subscriptions.set(id, fakeSubscription({ id, customer: `cus_${s.user.id}`, price: 'price_t2', periodEnd: new Date(Date.now() + 86_400_000) }));
    await upsertSubscription(stripe.db.db, s.user.id, {
      type: 'subscribed on web',
      tierType: 'tier-2',
      provider: 'stripe',
      providerSubscriptionId: id,
      providerCustomerId: `cus_${s.user.id}`,
    });
    return { s, id };
  };

  it('cancels the Stripe subscription at once, then deletes', async () => {
    const { s, id } = await subscribed();
    const res = await remove(stripe, s, { password: s.password });
    expect(res.json()).toMatchObject({ deleted: true, subscription: 'cancelled' });
    expect(fake.requests).toContainEqual(expect.objectContaining({ method: 'DELETE', path: `/v1/subscriptions/${id}` }));
    expect(fake.subscriptions.get(id)!.status).toBe('canceled');
    expect((await login(stripe, s)).statusCode).toBe(401);
  });

  it('when Stripe cannot cancel, nothing is deleted and the person can try again', async () => {
    const { s } = await subscribed();
    fake.failNext = true;
    const res = await remove(stripe, s, { password: s.password });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('billing_unavailable');
    expect((await stripe.api('GET', '/v1/me', { token: s.idToken })).statusCode).toBe(200);
    expect((await remove(stripe, s, { password: s.password })).statusCode).toBe(200);
  });

  it('a subscription Stripe no longer knows does not stop the deletion', async () => {
    const { s, id } = await subscribed();
    fake.subscriptions.delete(id);
    expect((await remove(stripe, s, { password: s.password })).json()).toMatchObject({ deleted: true, subscription: 'cancelled' });
  });
});
