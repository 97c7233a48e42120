import { describe, expect, it } from 'vitest';
import { SESSION_MAX_AGE_SECONDS, sessionCookieOptions, signSession, verifySession } from './session-cookie';

const current = 'c'.repeat(40);
const previous = 'p'.repeat(40);
const payload = { idToken: 'header.payload.signature', iat: 1_800_000_000 };

describe('session cookie', () => {
  it('round-trips a payload signed with the current secret', async () => {
    const value = await signSession(payload, current);
    expect(await verifySession(value, { current, previous })).toEqual({ payload, signedWith: 'current' });
  });

  it('accepts the previous secret (rotation) and says so, so it can be re-signed', async () => {
    const value = await signSession(payload, previous);
    expect(await verifySession(value, { current, previous })).toEqual({ payload, signedWith: 'previous' });
    expect(await verifySession(value, { current })).toBeNull();
  });

  it('rejects tampering, unknown secrets and garbage', async () => {
    const value = await signSession(payload, current);
    const [body, sig] = value.split('.');
    const forged = Buffer.from(JSON.stringify({ idToken: 'evil', iat: 1 })).toString('base64url');
    for (const bad of [
      `${forged}.${sig}`,
      `${body}.${sig!.slice(0, -2)}AA`,
      await signSession(payload, 'x'.repeat(40)),
      '',
      'no-dot',
      `${body}.${sig}.extra`,
      `${body}.!!!`,
      'a'.repeat(9000),
    ]) {
      expect(await verifySession(bad, { current, previous })).toBeNull();
    }
    expect(await verifySession(undefined, { current })).toBeNull();
  });

  it('rejects a validly signed body that is not a session', async () => {
    const { subtle } = crypto;
    const body = Buffer.from(JSON.stringify({ hello: 'world' })).toString('base64url');
    const key = await subtle.importKey('raw', new TextEncoder().encode(current), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const sig = Buffer.from(await subtle.sign('HMAC', key, new TextEncoder().encode(body))).toString('base64url');
    expect(await verifySession(`${body}.${sig}`, { current })).toBeNull();
  });

  it('is HttpOnly, Secure and SameSite=Lax, for the whole site, for 12 days', () => {
    expect(sessionCookieOptions).toEqual({ httpOnly: true, secure: true, sameSite: 'lax', path: '/', maxAge: SESSION_MAX_AGE_SECONDS });
    expect(SESSION_MAX_AGE_SECONDS).toBe(12 * 24 * 3600);
  });
});
