import { describe, expect, it } from 'vitest';
import { Identity, refreshMarginMs, tokenTimes } from './identity';

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: Record<string, unknown>) => `${b64url({ alg: 'ES256' })}.${b64url(claims)}.sig`;

describe('ID token refresh margin', () => {
  it('is five minutes for hour-long tokens and a quarter of the lifetime for short ones', () => {
    expect(refreshMarginMs(jwt({ iat: 1000, exp: 4600 }))).toBe(5 * 60_000);
    expect(refreshMarginMs(jwt({ iat: 1000, exp: 1060 }))).toBe(15_000);
  });

  it('falls back to five minutes for tokens it cannot read', () => {
    for (const bad of ['', 'abc', 'a.!!!.c', jwt({ iat: 'x', exp: 5 }), jwt({ iat: 10, exp: 5 })]) expect(refreshMarginMs(bad)).toBe(5 * 60_000);
  });

  it('asks for a refresh only inside the margin', () => {
    const now = Math.floor(Date.now() / 1000);
    const session = (exp: number) => ({ idToken: jwt({ iat: now, exp: now + 60 }), refreshToken: 'r', expiresAt: exp, user: {} as never });
    expect(Identity.expiresSoon(session(Date.now() + 50_000))).toBe(false);
    expect(Identity.expiresSoon(session(Date.now() + 10_000))).toBe(true);
    expect(Identity.expiresSoon(null)).toBe(true);
  });
});

describe('tokenTimes', () => {
  it('reads iat and exp, and gives 0 for what it cannot read', () => {
    expect(tokenTimes(jwt({ iat: 5, exp: 65 }))).toEqual({ iat: 5, exp: 65 });
    expect(tokenTimes('nope')).toEqual({ iat: 0, exp: 0 });
    expect(tokenTimes(jwt({ iat: '5' }))).toEqual({ iat: 0, exp: 0 });
  });
});
