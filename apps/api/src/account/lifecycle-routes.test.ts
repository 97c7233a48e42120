import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { listAudit, upsertSubscription } from '@sprout/db';
import { waitUntil } from '@sprout/testkit';
import { createTestApp, type Session, useTestApp } from '../testing';

const t = useTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
const NEW_PASSWORD = 'a brand new passphrase';

/** The newest link of `event` mailed to `to` (written to the log: no SMTP_URL in tests). */
async function mailedToken(event: string, to: string, after = 0): Promise<string> {
  const entry = await waitUntil(() => t.logs.slice(after).findLast((l) => l.event === event && l.to === to), { what: `${event} for ${to}`, timeout: 10_000 });
  const link = new URL(String(entry.link));
  expect(link.origin + link.pathname).toBe('http://localhost:3000/verify-email');
  return link.searchParams.get('token')!;
}
const me = (s: { idToken: string }) => t.api('GET', '/v1/me', { token: s.idToken });
const account = (s: Session) => t.api('GET', '/v1/me/account', { token: s.idToken });
const confirm = (token: unknown) => t.api('POST', '/v1/auth/email-verification/confirm', { body: { token } });
const login = (email: string, password: string) => t.api('POST', '/v1/auth/login', { body: { email, password } });
const auditOf = async (userId: string) => (await listAudit(t.db.db, 10_000)).filter((a) => a.targetUserId === userId).map((a) => a.action);

describe('email verification', () => {
  it('sign-up mails a link; opening it (signed in or not) verifies the address once', async () => {
    const s = await t.register();
    expect(s.user.emailVerified).toBe(false);
    expect((await account(s)).json()).toEqual({ email: s.user.email, emailVerified: false, pendingEmail: null, pendingEmailExpiresAt: null });
    const token = await mailedToken('email_verification_link', s.user.email);

    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: s.user.email, emailVerified: true, changed: false });
    expect((await me(s)).json().emailVerified).toBe(true);
    // A new ID token carries the claim the banner reads.
    expect((await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: s.refreshToken } })).json().user.emailVerified).toBe(true);
    expect((await confirm(token)).json()).toMatchObject({
      code: 'invalid_verification_token',
      message: 'This link is invalid or has expired. Send a new one from Settings.',
    });
    expect(await auditOf(s.user.id)).toContain('account.email.verified');
    // Nothing left to send.
    expect((await t.api('POST', '/v1/me/email-verification', { token: s.idToken })).json().code).toBe('already_verified');
  });

  it('"Resend" mails a new link and ends the earlier one; a few per hour at most', async () => {
    const s = await t.register();
    const first = await mailedToken('email_verification_link', s.user.email);
    const before = t.logs.length;
    const resend = await t.api('POST', '/v1/me/email-verification', { token: s.idToken });
    expect(resend.statusCode).toBe(202);
    expect(resend.json()).toEqual({ message: `We have sent a new link to ${s.user.email}.`, sentTo: s.user.email });
    const second = await mailedToken('email_verification_link', s.user.email, before);
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(400);
    // Five resends an hour (sign-up's own link aside), then the mailbox is left alone.
    for (let i = 0; i < 4; i++) expect((await t.api('POST', '/v1/me/email-verification', { token: s.idToken })).statusCode).toBe(202);
    const flood = await t.api('POST', '/v1/me/email-verification', { token: s.idToken });
    expect(flood.statusCode).toBe(429);
    expect(flood.json().code).toBe('too_many_emails');
    expect((await confirm(second)).statusCode).toBe(400);
  });

  it('refuses hostile and expired links, and needs a token to resend', async () => {
    for (const token of ['', 'x'.repeat(201), 42, null, { $ne: '' }]) expect((await confirm(token)).statusCode).toBe(400);
    expect((await t.api('POST', '/v1/auth/email-verification/confirm', { body: { token: 'abc', extra: 1 } })).statusCode).toBe(400);
    expect((await t.api('POST', '/v1/me/email-verification', {})).statusCode).toBe(401);
    const s = await t.register();
    const token = await mailedToken('email_verification_link', s.user.email);
    await t.db.db.execute(sql`update email_tokens set expires_at = now() - interval '1 minute' where user_id = ${s.user.id}`);
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await me(s)).json().emailVerified).toBe(false);
  });

  it('opening links is limited per client address', async () => {
    const limited = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '2' });
    try {
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push((await limited.api('POST', '/v1/auth/email-verification/confirm', { body: { token: `guess-${i}` } })).statusCode);
      expect(answers).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('change password', () => {
  const change = (s: { idToken: string }, body: unknown) => t.api('POST', '/v1/me/password', { token: s.idToken, body });

  it('with the current password: a new session here, every other one ends, the old password stops working', async () => {
    const s = await t.register();
    const other = (await login(s.user.email, s.password)).json();
    const res = await change(s, { currentPassword: s.password, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    const fresh = res.json();
    expect(fresh).toMatchObject({ tokenType: 'Bearer', user: { id: s.user.id } });
    expect((await me(fresh)).statusCode).toBe(200);
    for (const old of [s, other]) expect((await me(old)).json().code).toBe('token_revoked');
    expect((await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: other.refreshToken } })).statusCode).toBe(401);
    expect((await login(s.user.email, s.password)).statusCode).toBe(401);
    expect((await login(s.user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await auditOf(s.user.id)).toContain('account.password.changed');
    await waitUntil(() => t.logs.find((l) => l.event === 'password_changed_notice' && l.to === s.user.email), { what: 'the notice', timeout: 10_000 });
  });

  it('a wrong current password changes nothing and says which field; a weak or unchanged new one is refused', async () => {
    const s = await t.register();
    const wrong = await change(s, { currentPassword: 'not my password', newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password', fields: [{ path: 'currentPassword' }] });
    expect((await change(s, { currentPassword: s.password, newPassword: 'short' })).json().fields[0]).toMatchObject({ path: 'newPassword' });
    expect((await change(s, { currentPassword: s.password, newPassword: s.password })).json().code).toBe('same_password');
    expect((await me(s)).statusCode).toBe(200);
    expect((await login(s.user.email, s.password)).statusCode).toBe(200);
  });

  it('refuses hostile bodies and calls without a valid token', async () => {
    const s = await t.register();
    for (const body of [
      {},
      { currentPassword: s.password },
      { currentPassword: ['x'], newPassword: NEW_PASSWORD },
      { currentPassword: s.password, newPassword: 'x'.repeat(257) },
      { currentPassword: s.password, newPassword: NEW_PASSWORD, role: 'admin' },
      'nonsense',
    ]) {
      expect((await change(s, body)).statusCode).toBe(400);
    }
    expect((await t.api('POST', '/v1/me/password', { body: { currentPassword: s.password, newPassword: NEW_PASSWORD } })).statusCode).toBe(401);
    expect((await change({ idToken: `${s.idToken}x` }, { currentPassword: s.password, newPassword: NEW_PASSWORD })).statusCode).toBe(401);
    expect((await login(s.user.email, s.password)).statusCode).toBe(200);
  });

  it("another person's token acts on that person's own account only: A's password does not open B's", async () => {
    const a = await t.register({ password: 'alpha password one' });
    const b = await t.register();
    const res = await change(b, { currentPassword: a.password, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('wrong_password');
    expect((await login(a.user.email, a.password)).statusCode).toBe(200);
    expect((await login(b.user.email, b.password)).statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(200);
  });

  it('guesses are limited per account (a stolen token is no way to find the password)', async () => {
    const s = await t.register();
    for (let i = 0; i < 3; i++) expect((await change(s, { currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD })).statusCode).toBe(400);
    const limited = await change(s, { currentPassword: s.password, newPassword: NEW_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'too_many_attempts', retryAfterSeconds: expect.any(Number) });
    // The same counter guards the address and the deletion.
    expect((await t.api('DELETE', '/v1/me', { token: s.idToken, body: { password: s.password } })).statusCode).toBe(429);
    expect((await login(s.user.email, s.password)).statusCode).toBe(200);
  });

  it('staff acting for someone cannot change their password, address or sessions', async () => {
    const staff = await t.register();
    await upsertSubscription(t.db.db, staff.user.id, { type: 'internal', tierType: 'sprout-tier-internal-staff' });
    const user = await t.register();
    const { token } = (await t.api('POST', '/v1/admin/impersonate', { token: staff.idToken, body: { userId: user.user.id } })).json();
    const as = { idToken: token as string };
    expect((await change(as, { currentPassword: user.password, newPassword: NEW_PASSWORD })).statusCode).toBe(403);
    expect(
      (await t.api('POST', '/v1/me/email-change', { token, body: { newEmail: 'staff-pick@example.com', currentPassword: user.password } })).statusCode,
    ).toBe(403);
    expect((await t.api('POST', '/v1/me/sign-out-everywhere', { token })).statusCode).toBe(403);
    expect((await t.api('DELETE', '/v1/me', { token, body: { password: user.password } })).statusCode).toBe(403);
    expect((await me(user)).statusCode).toBe(200);
  });
});

describe('change email', () => {
  const request = (s: Session, body: unknown) => t.api('POST', '/v1/me/email-change', { token: s.idToken, body });

  it('keeps the old address until the new one is proven; the old one is told; then sign-in uses the new one', async () => {
    const s = await t.register();
    const next = `moved-${Date.now()}@example.com`;
    const res = await request(s, { newEmail: ` ${next.toUpperCase()} `, currentPassword: s.password });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: `We have sent a link to ${next}. Open it to finish the change.`, sentTo: next });
    expect((await account(s)).json()).toMatchObject({ email: s.user.email, pendingEmail: next, pendingEmailExpiresAt: expect.any(String) });
    await waitUntil(() => t.logs.find((l) => l.event === 'email_change_requested_notice' && l.to === s.user.email), { what: 'the notice', timeout: 10_000 });
    const token = await mailedToken('email_change_link', next);
    expect((await login(s.user.email, s.password)).statusCode).toBe(200);

    const done = await confirm(token);
    expect(done.json()).toEqual({ email: next, emailVerified: true, changed: true });
    expect((await me(s)).json()).toMatchObject({ email: next, emailVerified: true });
    expect((await account(s)).json().pendingEmail).toBeNull();
    expect((await login(s.user.email, s.password)).statusCode).toBe(401);
    expect((await login(next, s.password)).statusCode).toBe(200);
    await waitUntil(() => t.logs.find((l) => l.event === 'email_changed_notice' && l.to === s.user.email), { what: 'the notice', timeout: 10_000 });
    expect(await auditOf(s.user.id)).toEqual(expect.arrayContaining(['account.email.change_requested', 'account.email.changed']));
  });

  it('refuses a wrong password, the same address and hostile input; answers a taken address as any other', async () => {
    const s = await t.register();
    const other = await t.register();
    expect((await request(s, { newEmail: 'fine@example.com', currentPassword: 'wrong one' })).json().code).toBe('wrong_password');
    expect((await request(s, { newEmail: s.user.email, currentPassword: s.password })).json().code).toBe('same_email');
    // Whether an address has an account is not this form's to tell: the same answer, and its owner a notice, not a link.
    const free = await request(s, { newEmail: `free-${Date.now()}@example.com`, currentPassword: s.password });
    const taken = await request(s, { newEmail: other.user.email, currentPassword: s.password });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(free.json()).sort());
    await waitUntil(() => t.logs.find((l) => l.event === 'email_change_to_taken_notice' && l.to === other.user.email), { what: 'the notice', timeout: 10_000 });
    expect(t.logs.some((l) => l.event === 'email_change_link' && l.to === other.user.email)).toBe(false);
    await t.api('DELETE', '/v1/me/email-change', { token: s.idToken });
    for (const newEmail of ['not-an-address', `${'x'.repeat(250)}@example.com`, 'a@b.c\u0000d', 7]) {
      expect((await request(s, { newEmail, currentPassword: s.password })).statusCode).toBe(400);
    }
    expect((await account(s)).json().pendingEmail).toBeNull();
  });

  it('a link to an address someone else took meanwhile changes nothing; a cancelled change cannot be finished', async () => {
    const s = await t.register();
    const wanted = `wanted-${Date.now()}@example.com`;
    await request(s, { newEmail: wanted, currentPassword: s.password });
    const token = await mailedToken('email_change_link', wanted);
    await t.register({ email: wanted });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect((await me(s)).json().email).toBe(s.user.email);

    const later = `later-${Date.now()}@example.com`;
    await request(s, { newEmail: later, currentPassword: s.password });
    const cancelToken = await mailedToken('email_change_link', later);
    expect((await t.api('DELETE', '/v1/me/email-change', { token: s.idToken })).statusCode).toBe(204);
    expect((await account(s)).json().pendingEmail).toBeNull();
    expect((await confirm(cancelToken)).statusCode).toBe(400);
  });
});

describe('who a link and a route act for', () => {
  it("a link acts for the account it was sent for, whoever opens it; the routes need the person's own token", async () => {
    const a = await t.register();
    const b = await t.register();
    const token = await mailedToken('email_verification_link', a.user.email);
    expect((await t.api('POST', '/v1/auth/email-verification/confirm', { token: b.idToken, body: { token } })).json().email).toBe(a.user.email);
    expect((await me(a)).json().emailVerified).toBe(true);
    expect((await me(b)).json().emailVerified).toBe(false);
    expect((await account(b)).json().email).toBe(b.user.email);
    for (const [method, path] of [
      ['GET', '/v1/me/account'],
      ['DELETE', '/v1/me/email-change'],
      ['POST', '/v1/me/email-change'],
    ] as const) {
      expect((await t.api(method, path, {})).statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('a change of address mails at most five links an hour', async () => {
    const s = await t.register();
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        (
          await t.api('POST', '/v1/me/email-change', {
            token: s.idToken,
            body: { newEmail: `try-${i}-${Date.now()}@example.com`, currentPassword: s.password },
          })
        ).statusCode,
      );
    }
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('sign out everywhere', () => {
  it('ends every refresh token and every ID token issued so far, this one too', async () => {
    const s = await t.register();
    const other = (await login(s.user.email, s.password)).json();
    expect((await t.api('POST', '/v1/me/sign-out-everywhere', { token: s.idToken })).statusCode).toBe(204);
    for (const session of [s, other]) {
      expect((await me(session)).json().code).toBe('token_revoked');
      expect((await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: session.refreshToken } })).statusCode).toBe(401);
    }
    expect(await auditOf(s.user.id)).toContain('account.sessions.ended');
    // Signing in again works.
    expect((await me((await login(s.user.email, s.password)).json())).statusCode).toBe(200);
    expect((await t.api('POST', '/v1/me/sign-out-everywhere', {})).statusCode).toBe(401);
  });
});
