import { beforeAll, describe, expect, it } from 'vitest';
import { listAudit, upsertSubscription } from '@sprout/db';
import { createTestApp, type Session, useTestApp } from '../testing';

const t = useTestApp({ IMPERSONATION_TTL_SECONDS: '120' });
let staff: Session;
let user: Session;
beforeAll(async () => {
  staff = await t.register();
  user = await t.register();
  await upsertSubscription(t.db.db, staff.user.id, { type: 'internal', tierType: 'sprout-tier-internal-staff' });
});

describe('POST /v1/admin/impersonate', () => {
  it('lets staff act as a user wherever an ID token works, audited and logged', async () => {
    const mine = (await t.api('POST', '/v1/sprouts', { token: user.idToken, body: { displayName: 'Theirs' } })).json();
    const res = await t.api('POST', '/v1/admin/impersonate', { token: staff.idToken, body: { email: user.user.email } });
    expect(res.statusCode).toBe(200);
    const { token, expiresIn } = res.json();
    expect(expiresIn).toBe(120);

    const list = await t.api('GET', '/v1/sprouts', { token });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { id: string }) => p.id)).toEqual([mine.id]);
    expect((await t.api('GET', '/v1/me', { token })).json().id).toBe(user.user.id);

    const audit = await listAudit(t.db.db);
    expect(audit).toContainEqual(expect.objectContaining({ actorId: staff.user.id, action: 'impersonation.start', targetUserId: user.user.id }));
    expect(t.logs).toContainEqual(expect.objectContaining({ event: 'impersonated_request', actorId: staff.user.id, userId: user.user.id }));
  });

  it('audits what a staff member changes while acting as someone under the staff member, not the person', async () => {
    const { token } = (await t.api('POST', '/v1/admin/impersonate', { token: staff.idToken, body: { userId: user.user.id } })).json();
    const made = await t.api('POST', '/v1/sprouts', { token, body: { displayName: 'Made by staff' } });
    expect(made.statusCode).toBe(201);
    const audit = await listAudit(t.db.db);
    expect(audit).toContainEqual(
      expect.objectContaining({
        actorId: staff.user.id,
        action: 'impersonation.action',
        targetUserId: user.user.id,
        details: { method: 'POST', route: '/v1/sprouts', status: 201 },
      }),
    );
    // Reading is not an action: no record for a GET.
    const before = (await listAudit(t.db.db)).length;
    await t.api('GET', '/v1/sprouts', { token });
    expect((await listAudit(t.db.db)).length).toBe(before);
  });

  it('ends an impersonation token when its creator is no longer staff', async () => {
    const former = await t.register();
    await upsertSubscription(t.db.db, former.user.id, { type: 'internal', tierType: 'sprout-tier-internal-staff' });
    const { token } = (await t.api('POST', '/v1/admin/impersonate', { token: former.idToken, body: { userId: user.user.id } })).json();
    expect((await t.api('GET', '/v1/me', { token })).statusCode).toBe(200);
    await upsertSubscription(t.db.db, former.user.id, { type: 'free', tierType: 'free' });
    const after = await t.api('GET', '/v1/me', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('token_revoked');
  });

  it('never grants staff powers through an impersonation token', async () => {
    const other = await t.register();
    await upsertSubscription(t.db.db, other.user.id, { type: 'internal', tierType: 'sprout-tier-internal-staff' });
    const { token } = (await t.api('POST', '/v1/admin/impersonate', { token: staff.idToken, body: { userId: other.user.id } })).json();
    const res = await t.api('POST', '/v1/admin/impersonate', { token, body: { userId: user.user.id } });
    expect(res.statusCode).toBe(403);
  });

  it('is refused to everyone else, and answers 404 for unknown users', async () => {
    const res = await t.api('POST', '/v1/admin/impersonate', { token: user.idToken, body: { userId: staff.user.id } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'Only Sprout staff can do this.' });
    const missing = await t.api('POST', '/v1/admin/impersonate', { token: staff.idToken, body: { userId: 'nobody' } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('PUT /v1/admin/users/:id/roles', () => {
  it('lets staff set roles (audited); the next ID token carries them', async () => {
    const res = await t.api('PUT', `/v1/admin/users/${user.user.id}/roles`, { token: staff.idToken, body: { roles: ['course_engineer', 'course_engineer'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['course_engineer']);
    const refreshed = (await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: user.refreshToken } })).json();
    expect(refreshed.user.roles).toEqual(['course_engineer']);
    expect(await listAudit(t.db.db)).toContainEqual(expect.objectContaining({ action: 'user.roles.set', targetUserId: user.user.id }));
  });

  it('is refused to non-staff and rejects malformed roles', async () => {
    expect((await t.api('PUT', `/v1/admin/users/${user.user.id}/roles`, { token: user.idToken, body: { roles: [] } })).statusCode).toBe(403);
    expect((await t.api('PUT', `/v1/admin/users/${user.user.id}/roles`, { token: staff.idToken, body: { roles: ['<script>'] } })).statusCode).toBe(400);
  });
});

describe('STAFF_EMAILS', () => {
  it('makes accounts registered with those emails internal staff', async () => {
    const boot = await createTestApp({ STAFF_EMAILS: 'Boss@Example.com, other@example.com' });
    try {
      const s = await boot.register({ email: 'boss@example.com' });
      expect(s.user.tier).toBe('sprout-tier-internal-staff');
      const plain = await boot.register();
      expect(plain.user.tier).toBe('free');
    } finally {
      await boot.close();
    }
  });
});
