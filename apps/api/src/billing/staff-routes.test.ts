import { beforeAll, describe, expect, it } from 'vitest';
import { listAudit, reserveMessage, upsertSubscription } from '@sprout/db';
import { type Session, useTestApp } from '../testing';

const t = useTestApp({ STAFF_EMAILS: 'boss@staff.test' });
let staff: Session;
beforeAll(async () => {
  staff = await t.register({ email: 'boss@staff.test' });
});

const lookUp = (token: string, email: string) => t.api('GET', `/v1/admin/users?email=${encodeURIComponent(email)}`, { token });
const setTier = (token: string, id: string, tier: string) => t.api('PUT', `/v1/admin/users/${id}/tier`, { token, body: { tier } });

describe('GET /v1/admin/users?email=', () => {
  it('shows staff a person’s plan, subscription, usage and recent history', async () => {
    const user = await t.register();
    await reserveMessage(t.db.db, user.user.id);
    const res = await lookUp(staff.idToken, user.user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: user.user.id, email: user.user.email, tier: 'free', planLabel: 'Free' });
    expect(body.subscription).toMatchObject({ type: 'free', planLabel: 'Free', canManage: false });
    expect(body.usage).toMatchObject({ tier: 'free', dailyMessages: { limit: 5, used: 1, available: 4 }, projects: { limit: 5, used: 0 } });
    expect(body.audit).toEqual([]);
  });

  it('is refused to everyone but staff, and answers 404 and 400 as it should', async () => {
    const user = await t.register();
    const res = await lookUp(user.idToken, user.user.email);
    expect(res.statusCode).toBe(403);
    expect((await t.api('GET', `/v1/admin/users?email=${user.user.email}`)).statusCode).toBe(401);
    expect((await lookUp(staff.idToken, 'nobody@example.com')).statusCode).toBe(404);
    expect((await lookUp(staff.idToken, 'not-an-email')).statusCode).toBe(400);
  });
});

describe('PUT /v1/admin/users/:id/tier', () => {
  it('sets internal staff or external partner, audited with the staff member as actor, and back to Free', async () => {
    const user = await t.register();
    for (let i = 0; i < 5; i += 1) await reserveMessage(t.db.db, user.user.id);
    expect((await reserveMessage(t.db.db, user.user.id)).ok).toBe(false);

    const res = await setTier(staff.idToken, user.user.id, 'sprout-tier-external-partner');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ tier: 'sprout-tier-external-partner', planLabel: 'External Partner' });
    expect(res.json().subscription).toMatchObject({ type: 'internal', planLabel: 'External Partner', canManage: false, isPaid: false });
    expect(res.json().usage.dailyMessages.limit).toBeNull();
    expect(res.json().audit[0]).toMatchObject({
      action: 'user.tier.set',
      actorId: staff.user.id,
      details: { from: 'free', to: 'sprout-tier-external-partner' },
    });
    // The new plan is in force for the person at once.
    expect((await reserveMessage(t.db.db, user.user.id)).ok).toBe(true);
    expect((await t.api('GET', '/usage', { token: user.idToken })).json().tier).toBe('sprout-tier-external-partner');

    const staffed = await setTier(staff.idToken, user.user.id, 'sprout-tier-internal-staff');
    expect(staffed.json().subscription.planLabel).toBe('Internal Staff');
    // The new staff member can use staff tools with their next ID token.
    const refreshed = (await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: user.refreshToken } })).json();
    expect((await lookUp(refreshed.idToken, staff.user.email)).statusCode).toBe(200);

    const back = await setTier(staff.idToken, user.user.id, 'free');
    expect(back.json().subscription).toMatchObject({ type: 'free', tierType: 'free' });
    const actions = (await listAudit(t.db.db, 10_000)).filter((a) => a.targetUserId === user.user.id && a.action === 'user.tier.set');
    expect(actions.map((a) => (a.details as { to: string }).to)).toEqual(['sprout-tier-external-partner', 'sprout-tier-internal-staff', 'free']);
    expect(actions.every((a) => a.actorId === staff.user.id)).toBe(true);
  });

  it('only hands out complimentary plans or Free, never over a paid subscription, never to oneself', async () => {
    const user = await t.register();
    expect((await setTier(staff.idToken, user.user.id, 'tier-2')).statusCode).toBe(400);
    expect((await setTier(staff.idToken, staff.user.id, 'free')).json().code).toBe('own_plan');
    expect((await setTier(staff.idToken, 'nobody', 'free')).statusCode).toBe(404);
    await upsertSubscription(t.db.db, user.user.id, { type: 'subscribed on mobile', tierType: 'tier-2', storeSource: 'app_store' });
    const paid = await setTier(staff.idToken, user.user.id, 'sprout-tier-external-partner');
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({
      code: 'has_paid_subscription',
      message: 'This person pays for Premium 250 (subscribed on mobile). Cancel that subscription first.',
    });
    expect((await setTier(user.idToken, user.user.id, 'sprout-tier-internal-staff')).statusCode).toBe(403);
  });

  it('is not available through an impersonation token', async () => {
    const user = await t.register();
    const other = await t.register();
    await upsertSubscription(t.db.db, other.user.id, { type: 'internal', tierType: 'sprout-tier-internal-staff' });
    const { token } = (await t.api('POST', '/v1/admin/impersonate', { token: staff.idToken, body: { userId: other.user.id } })).json();
    expect((await setTier(token, user.user.id, 'sprout-tier-internal-staff')).statusCode).toBe(403);
    expect((await lookUp(token, user.user.email)).statusCode).toBe(403);
  });
});
