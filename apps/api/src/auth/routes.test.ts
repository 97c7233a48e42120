import { deriveRefreshToken } from '@sprout/core';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { createTestApp, type TestApp, useTestApp } from '../testing';

const t = useTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_ATTEMPTS_PER_IP: '1000' });

describe('register', () => {
  it('creates an account and returns a session with a verifiable ID token', async () => {
    const res = await t.api('POST', '/v1/auth/register', {
      body: { email: '  Ada@Example.COM ', password: 'a long enough password', displayName: '  Ada Lovelace ' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'ada@example.com', displayName: 'Ada Lovelace', tier: 'free', roles: [], planLabel: 'Free' });
    expect(body.tokenType).toBe('Bearer');
    expect(body.expiresIn).toBeLessThanOrEqual(3600);
    const jwks = (await t.api('GET', '/v1/auth/jwks.json')).json();
    const { payload } = await jwtVerify(body.idToken, createLocalJWKSet(jwks), { audience: 'sprout' });
    expect(payload).toMatchObject({
      sub: body.user.id,
      email: 'ada@example.com',
      displayName: 'Ada Lovelace',
      emailVerified: false,
      photoURL: null,
      phoneNumber: null,
      tenantId: null,
      roles: [],
      tier: 'free',
    });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(3600);
  });

  it('refuses a second account with the same email in any letter case', async () => {
    await t.register({ email: 'twice@example.com' });
    const res = await t.api('POST', '/v1/auth/register', {
      body: { email: 'TWICE@example.com', password: 'another password', displayName: 'B' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_taken', fields: [{ path: 'email' }] });
  });

  it.each([
    [{ email: 'x@example.com', password: 'short', displayName: 'X' }, 'password', 'Password must be at least 10 characters.'],
    [{ email: 'not-an-email', password: 'long enough pw', displayName: 'X' }, 'email', 'Enter a valid email address.'],
    [{ email: 'x@example.com', password: 'long enough pw', displayName: '   ' }, 'displayName', 'Enter your name.'],
    [{ email: 'x@example.com', password: 'long enough pw' }, 'displayName', undefined],
    [{ email: 'x@example.com', password: 'long enough pw', displayName: 'x'.repeat(101) }, 'displayName', undefined],
  ])('rejects %j with a field error', async (body, field, message) => {
    const res = await t.api('POST', '/v1/auth/register', { body });
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.code).toBe('invalid_request');
    expect(json.fields).toEqual(expect.arrayContaining([expect.objectContaining({ path: field, ...(message ? { message } : {}) })]));
  });
});

describe('login', () => {
  it('signs in with the right password, case-insensitively by email', async () => {
    const s = await t.register({ email: 'login@example.com', password: 'the right password' });
    const res = await t.api('POST', '/v1/auth/login', { body: { email: 'LOGIN@example.com', password: 'the right password' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(s.user.id);
  });

  it('answers one generic message for a wrong password and an unknown email', async () => {
    await t.register({ email: 'generic@example.com' });
    const wrong = await t.api('POST', '/v1/auth/login', { body: { email: 'generic@example.com', password: 'wrong password!' } });
    const unknown = await t.api('POST', '/v1/auth/login', { body: { email: 'nobody@example.com', password: 'wrong password!' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ code: 'invalid_credentials', message: 'Incorrect email or password.' });
  });

  it('rate-limits an account after repeated attempts, even with the right password', async () => {
    await t.register({ email: 'brute@example.com', password: 'the right password' });
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () => t.api('POST', '/v1/auth/login', { body: { email: 'brute@example.com', password: 'guess guess guess' } })),
    );
    expect(attempts.filter((r) => r.statusCode === 401)).toHaveLength(3);
    const limited = attempts.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(5);
    expect(limited[0]!.json()).toMatchObject({ code: 'too_many_attempts', message: expect.stringMatching(/^Too many sign-in attempts/) });
    const right = await t.api('POST', '/v1/auth/login', { body: { email: 'brute@example.com', password: 'the right password' } });
    expect(right.statusCode).toBe(429);
  });

  it('never locks the owner out: someone else’s wrong passwords slow down only that client', async () => {
    const proxied = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', TRUST_PROXY: 'true' });
    try {
      const owner = await proxied.register({ password: 'the right password' });
      const from = (ip: string, password: string) =>
        proxied.api('POST', '/v1/auth/login', { body: { email: owner.user.email, password }, headers: { 'x-forwarded-for': ip } });
      const guesses = [];
      for (let i = 0; i < 5; i++) guesses.push((await from('198.51.100.66', `guess number ${i}`)).statusCode);
      expect(guesses).toEqual([401, 401, 401, 429, 429]);
      expect((await from('198.51.100.66', 'the right password')).statusCode).toBe(429);
      // The owner, on their own connection, signs in with the right password.
      expect((await from('203.0.113.10', 'the right password')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('registration limits', () => {
  it('limits new accounts per client and in all (counted before any work, so it is no free email oracle)', async () => {
    const limited = await createTestApp({ REGISTER_MAX_PER_IP: '3', REGISTER_MAX_PER_HOUR: '5', TRUST_PROXY: 'true' });
    try {
      const body = (n: string) => ({ email: `limit-${n}@example.com`, password: 'long enough pw', displayName: 'L' });
      const from = (ip: string, n: string) => limited.api('POST', '/v1/auth/register', { body: body(n), headers: { 'x-forwarded-for': ip } });
      const one = [];
      for (const n of ['a', 'b', 'c', 'd']) one.push((await from('198.51.100.1', n)).statusCode);
      expect(one).toEqual([201, 201, 201, 429]);
      const refused = await from('198.51.100.1', 'e');
      expect(refused.json()).toMatchObject({ code: 'too_many_registrations', message: expect.stringMatching(/^Too many new accounts right now/) });
      // Another client may still register, until the overall limit of the hour is reached.
      expect((await from('198.51.100.2', 'f')).statusCode).toBe(201);
      expect((await from('198.51.100.3', 'g')).statusCode).toBe(201);
      expect((await from('198.51.100.4', 'h')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('per-IP login limit', () => {
  it('limits one client address across many accounts', async () => {
    const ipApp = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '4' });
    try {
      const results = [];
      for (let i = 0; i < 6; i++) {
        results.push((await ipApp.api('POST', '/v1/auth/login', { body: { email: `a${i}@example.com`, password: 'whatever pw' } })).statusCode);
      }
      expect(results).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await ipApp.close();
    }
  });

  it('behind a load balancer, a client cannot pass it by naming other addresses in X-Forwarded-For', async () => {
    // TRUST_PROXY=true is one hop: the address the load balancer appended, never what the client wrote before it.
    const proxied = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '4', TRUST_PROXY: 'true' });
    try {
      const attempt = (forwarded: string) =>
        proxied.api('POST', '/v1/auth/login', { body: { email: 'x@example.com', password: 'whatever pw' }, headers: { 'x-forwarded-for': forwarded } });
      const rotating = [];
      for (let i = 0; i < 6; i++) rotating.push((await attempt(`10.9.${i}.${i}, 203.0.113.7`)).statusCode);
      expect(rotating).toEqual([401, 401, 401, 401, 429, 429]);
      // Another client behind the same balancer has its own count.
      expect((await attempt('10.9.0.0, 203.0.113.8')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

async function expectReplayRevokesFamily(t: TestApp) {
  const s = await t.register();
  const first = await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: s.refreshToken } });
  expect(first.statusCode).toBe(200);
  const next = first.json();
  expect(next.refreshToken).not.toBe(s.refreshToken);
  expect(decodeJwt(next.idToken).sub).toBe(s.user.id);

  const replay = await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: s.refreshToken } });
  expect(replay.statusCode).toBe(401);
  expect(replay.json().code).toBe('invalid_refresh_token');
  // The legitimate holder's newer token died with the family, and so did every ID token issued so far.
  const afterReplay = await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: next.refreshToken } });
  expect(afterReplay.statusCode).toBe(401);
  expect((await t.api('GET', '/v1/me', { token: next.idToken })).json().code).toBe('token_revoked');
}

describe('refresh tokens', () => {
  it('rotate on every use; reuse of a spent one revokes the whole family', async () => {
    await expectReplayRevokesFamily(t);
  });

  it('with REFRESH_REUSE_GRACE_SECONDS, accept a retry of a just-spent token (a response lost to a navigation)', async () => {
    const lenient = await createTestApp({ REFRESH_REUSE_GRACE_SECONDS: '30' });
    try {
      const s = await lenient.register();
      const first = await lenient.api('POST', '/v1/auth/refresh', { body: { refreshToken: s.refreshToken } });
      expect(first.statusCode).toBe(200);
      const retry = await lenient.api('POST', '/v1/auth/refresh', { body: { refreshToken: s.refreshToken } });
      expect(retry.statusCode).toBe(200);
      expect(decodeJwt(retry.json().idToken).sub).toBe(s.user.id);
      // Both branches stay usable; nothing was revoked.
      expect((await lenient.api('POST', '/v1/auth/refresh', { body: { refreshToken: retry.json().refreshToken } })).statusCode).toBe(200);
      expect((await lenient.api('POST', '/v1/auth/refresh', { body: { refreshToken: first.json().refreshToken } })).statusCode).toBe(200);
    } finally {
      await lenient.close();
    }
  });

  it("derive the next token from the presented one and the client's proposal, and refuse malformed proposals", async () => {
    const s = await t.register();
    const proposal = randomBytes(32).toString('base64url');
    const first = await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: s.refreshToken, nextRefreshToken: proposal } });
    expect(first.statusCode).toBe(200);
    const derived = await deriveRefreshToken(s.refreshToken, proposal);
    expect(first.json().refreshToken).toBe(derived);
    expect(derived).not.toBe(proposal);
    // Too short or long, not base64url, not a string, or a pattern rather than a random value.
    for (const bad of ['short', 'x'.repeat(129), `${'a'.repeat(43)}!`, 42, 'p'.repeat(43), 'ab'.repeat(22)]) {
      const res = await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: derived, nextRefreshToken: bad } });
      expect(res.statusCode, String(bad)).toBe(400);
    }
    expect((await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: derived, nextRefreshToken: derived } })).statusCode).toBe(401);
    // A token the server never issued is refused without ending the sign-in.
    expect((await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: 'q'.repeat(43) } })).statusCode).toBe(401);
    // Knowing someone's proposal is not knowing their token: proposing it under another sign-in gives another token.
    const other = await t.register();
    const copied = await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: other.refreshToken, nextRefreshToken: proposal } });
    expect(copied.statusCode).toBe(200);
    expect(copied.json().refreshToken).not.toBe(derived);
    const second = await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: derived } });
    expect(second.statusCode).toBe(200);
    expect(second.json().refreshToken).not.toBe(derived);
  });

  it('are revoked by logout, and logout is idempotent', async () => {
    const s = await t.register();
    // Another device of the same person, signed in earlier.
    const laptop = (await t.api('POST', '/v1/auth/login', { body: { email: s.user.email, password: s.password } })).json();
    expect((await t.api('GET', '/v1/me', { token: s.idToken })).statusCode).toBe(200);
    expect((await t.api('POST', '/v1/auth/logout', { body: { refreshToken: s.refreshToken } })).statusCode).toBe(204);
    expect((await t.api('POST', '/v1/auth/logout', { body: { refreshToken: s.refreshToken } })).statusCode).toBe(204);
    expect((await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: s.refreshToken } })).statusCode).toBe(401);
    // The ID token issued before the sign-out ends with it…
    const old = await t.api('GET', '/v1/me', { token: s.idToken });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('token_revoked');
    // …and the other device gets a new one with its own refresh token.
    const renewed = await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: laptop.refreshToken } });
    expect(renewed.statusCode).toBe(200);
    expect((await t.api('GET', '/v1/me', { token: renewed.json().idToken })).statusCode).toBe(200);
  });

  it('are not accepted as ID tokens', async () => {
    const s = await t.register();
    const res = await t.api('GET', '/v1/me', { token: s.refreshToken });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_token');
  });
});

describe('password reset', () => {
  const linkFor = (email: string) => {
    const entry = [...t.logs].reverse().find((l) => l.event === 'password_reset_link' && l.to === email);
    return entry ? new URL(String(entry.link)) : null;
  };

  it('logs a single-use link that sets a new password and signs out everywhere', async () => {
    const s = await t.register({ email: 'reset@example.com', password: 'old password 123' });
    expect((await t.api('POST', '/v1/auth/password-reset', { body: { email: 'reset@example.com' } })).statusCode).toBe(202);
    const earlier = linkFor('reset@example.com')!.searchParams.get('token')!;
    const req = await t.api('POST', '/v1/auth/password-reset', { body: { email: 'Reset@example.com' } });
    expect(req.statusCode).toBe(202);
    const link = linkFor('reset@example.com');
    expect(link?.origin).toBe('http://localhost:3000');
    expect(link?.pathname).toBe('/reset-password');
    const token = link!.searchParams.get('token')!;

    const done = await t.api('POST', '/v1/auth/password-reset/confirm', { body: { token, password: 'new password 456' } });
    expect(done.statusCode).toBe(204);
    const again = await t.api('POST', '/v1/auth/password-reset/confirm', { body: { token, password: 'third password 789' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_reset_token');

    expect((await t.api('POST', '/v1/auth/login', { body: { email: 'reset@example.com', password: 'old password 123' } })).statusCode).toBe(401);
    const signedIn = await t.api('POST', '/v1/auth/login', { body: { email: 'reset@example.com', password: 'new password 456' } });
    expect(signedIn.statusCode).toBe(200);
    expect((await t.api('POST', '/v1/auth/refresh', { body: { refreshToken: s.refreshToken } })).statusCode).toBe(401);
    // Every ID token from before the reset has ended; the new sign-in's works.
    expect((await t.api('GET', '/v1/me', { token: s.idToken })).json().code).toBe('token_revoked');
    expect((await t.api('GET', '/v1/me', { token: signedIn.json().idToken })).statusCode).toBe(200);
    // The other link sent before can no longer set the password.
    const other = await t.api('POST', '/v1/auth/password-reset/confirm', { body: { token: earlier, password: 'attacker password 1' } });
    expect(other.json().code).toBe('invalid_reset_token');
  });

  it('answers the same for unknown emails and sends nothing', async () => {
    const before = t.logs.length;
    const res = await t.api('POST', '/v1/auth/password-reset', { body: { email: 'ghost@example.com' } });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatch(/If an account exists/);
    expect(t.logs.slice(before).some((l) => l.event === 'password_reset_link')).toBe(false);
  });

  it('rejects expired links', async () => {
    const short = await createTestApp({ PASSWORD_RESET_TTL_MINUTES: '5' });
    try {
      await short.register({ email: 'late@example.com' });
      await short.api('POST', '/v1/auth/password-reset', { body: { email: 'late@example.com' } });
      const entry = short.logs.find((l) => l.event === 'password_reset_link')!;
      const token = new URL(String(entry.link)).searchParams.get('token')!;
      // Age the token past its expiry in the database, as time passing would.
      const { sql } = await import('drizzle-orm');
      await short.db.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
      const res = await short.api('POST', '/v1/auth/password-reset/confirm', { body: { token, password: 'new password 456' } });
      expect(res.statusCode).toBe(400);
    } finally {
      await short.close();
    }
  });
});

describe('me', () => {
  it('returns and updates the signed-in person', async () => {
    const s = await t.register({ displayName: 'Before' });
    expect((await t.api('GET', '/v1/me', { token: s.idToken })).json()).toMatchObject({ id: s.user.id, displayName: 'Before' });
    const res = await t.api('PATCH', '/v1/me', { token: s.idToken, body: { displayName: ' After ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().displayName).toBe('After');
  });
});
