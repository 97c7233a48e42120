import { beforeAll, describe, expect, it, vi } from 'vitest';
import { generateKeyPair, SignJWT, decodeProtectedHeader } from 'jose';
import { getUserById } from '@sprout/db';
import { type Session, useTestApp } from '../testing';

const t = useTestApp();
let s: Session;
let projectId: string;
const tokens: Record<string, string> = {};

/** Every route that needs a signed-in user, with a valid body so only identity decides. */
const ROUTES: [string, string, unknown?][] = [
  ['GET', '/v1/me'],
  ['PATCH', '/v1/me', { displayName: 'X' }],
  ['POST', '/v1/user/visits', { appName: 'web' }],
  ['GET', '/v1/flags'],
  ['GET', '/usage'],
  ['GET', '/v1/sprouts'],
  ['POST', '/v1/sprouts', {}],
  ['GET', '/v1/sprouts/:id'],
  ['PATCH', '/v1/sprouts/:id', { isPinned: true }],
  ['DELETE', '/v1/sprouts/:id'],
  ['PUT', '/v1/sprouts/:id/share', { enabled: true }],
  ['GET', '/v1/magic/:id'],
  ['POST', '/v1/magic/:id/remix'],
  ['POST', '/v1/admin/impersonate', { email: 'x@example.com' }],
  ['PUT', '/v1/admin/users/:id/roles', { roles: [] }],
];
const ALL = ROUTES.flatMap(([m, p, b]) => [[m, p, b], ...(p.startsWith('/v1/') ? [[m, p.replace('/v1/', '/v1/preview/'), b]] : [])]) as [
  string,
  string,
  unknown?,
][];

beforeAll(async () => {
  s = await t.register();
  projectId = (await t.api('POST', '/v1/sprouts', { token: s.idToken, body: {} })).json().id;
  const user = (await getUserById(t.db.db, s.user.id))!;
  const services = t.app.services;
  const [h, p, sig] = s.idToken.split('.');
  const other = await t.register();
  const { privateKey } = await generateKeyPair('ES256');
  tokens.malformed = 'not-a-jwt';
  tokens.garbageJwt = 'eyJhbGciOiJFUzI1NiJ9.e30.AAAA';
  tokens.otherSignature = `${h}.${p}.${other.idToken.split('.')[2]}`;
  tokens.tamperedPayload = `${h}.${Buffer.from(JSON.stringify({ sub: other.user.id, token_use: 'id' })).toString('base64url')}.${sig}`;
  tokens.foreignKeySameKid = await new SignJWT({ token_use: 'id' })
    .setProtectedHeader({ alg: 'ES256', kid: decodeProtectedHeader(s.idToken).kid })
    .setSubject(s.user.id)
    .setIssuer(services.config.issuer)
    .setAudience('sprout')
    .setExpirationTime('1h')
    .sign(privateKey);
  tokens.algNone = `${Buffer.from(JSON.stringify({ alg: 'none', kid: decodeProtectedHeader(s.idToken).kid })).toString('base64url')}.${p}.`;
  tokens.expired = await services.tokens.issueIdToken(user, -60);
  tokens.refreshToken = s.refreshToken;
  tokens.expiredImpersonation = await services.tokens.issueImpersonationToken(user.id, other.user.id, -60);
});

describe('identity matrix', () => {
  it.each(ALL)('%s %s without a token answers 401 "No token found"', async (method, path, body) => {
    const res = await t.api(method, path.replace(':id', projectId), { body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthenticated', message: 'No token found' });
  });

  it.each(['Basic dXNlcjpwdw==', 'Bearer', 'Bearer ', 'bearer  a b'])('treats Authorization %j as no token', async (header) => {
    const res = await t.api('GET', '/v1/sprouts', { headers: { authorization: header } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('No token found');
  });

  const kinds = [
    'malformed',
    'garbageJwt',
    'otherSignature',
    'tamperedPayload',
    'foreignKeySameKid',
    'algNone',
    'expired',
    'refreshToken',
    'expiredImpersonation',
  ];
  it.each(kinds)('refuses a %s token on every route, leaking nothing', async (kind) => {
    for (const [method, path, body] of ALL) {
      const res = await t.api(method, path.replace(':id', projectId), { token: tokens[kind]!, body });
      expect(res.statusCode, `${kind} ${method} ${path}`).toBe(401);
      const json = res.json();
      expect(Object.keys(json).sort()).toEqual(['code', 'message']);
      expect(json.code).toMatch(kind.startsWith('expired') ? /^token_expired$/ : /^invalid_token$/);
    }
    // Nothing was changed by any refused call.
    const mine = await t.api('GET', `/v1/sprouts/${projectId}`, { token: s.idToken });
    expect(mine.json().isPinned).toBe(false);
  });

  it('stops accepting a token it has already verified (and remembered) once it expires', async () => {
    const user = (await getUserById(t.db.db, s.user.id))!;
    const short = await t.app.services.tokens.issueIdToken(user, 60);
    expect((await t.api('GET', '/v1/sprouts', { token: short })).statusCode).toBe(200);
    expect((await t.api('GET', '/v1/sprouts', { token: short })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2 * 60_000);
      const res = await t.api('GET', '/v1/sprouts', { token: short });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('token_expired');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not accept a cookie instead of a bearer token', async () => {
    const res = await t.api('GET', '/v1/sprouts', { headers: { cookie: `sprout=${s.idToken}; token=${s.idToken}` } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses the token of a user who no longer exists', async () => {
    const gone = await t.register();
    const { sql } = await import('drizzle-orm');
    await t.db.db.execute(sql`delete from users where id = ${gone.user.id}`);
    expect((await t.api('GET', '/v1/me', { token: gone.idToken })).statusCode).toBe(401);
  });
});
