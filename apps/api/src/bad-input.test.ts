import { beforeAll, describe, expect, it } from 'vitest';
import { upsertSubscription } from '@sprout/db';
import { type Session, useTestApp } from './testing';

const t = useTestApp();
let s: Session;
let staff: Session;
let projectId: string;

beforeAll(async () => {
  s = await t.register();
  staff = await t.register();
  await upsertSubscription(t.db.db, staff.user.id, { type: 'internal', tierType: 'sprout-tier-internal-staff' });
  projectId = (await t.api('POST', '/v1/sprouts', { token: s.idToken, body: {} })).json().id;
});

interface Case {
  method: string;
  path: string;
  token?: () => string;
  valid: Record<string, unknown>;
  /** A field and a value of the wrong type. */
  wrongType: [string, unknown];
  /** A field and a value that is too long. */
  tooLong: [string, string];
  /** Whether an empty body is valid for this route. */
  emptyOk?: boolean;
}

const long = (n: number) => 'x'.repeat(n);
const CASES: Case[] = [
  {
    method: 'POST',
    path: '/v1/auth/register',
    valid: { email: 'n@example.com', password: 'long enough pw', displayName: 'N' },
    wrongType: ['email', 42],
    tooLong: ['displayName', long(101)],
  },
  {
    method: 'POST',
    path: '/v1/auth/login',
    valid: { email: 'n@example.com', password: 'pw' },
    wrongType: ['password', ['x']],
    tooLong: ['password', long(300)],
  },
  { method: 'POST', path: '/v1/auth/refresh', valid: { refreshToken: 'abc' }, wrongType: ['refreshToken', true], tooLong: ['refreshToken', long(201)] },
  { method: 'POST', path: '/v1/auth/logout', valid: { refreshToken: 'abc' }, wrongType: ['refreshToken', null], tooLong: ['refreshToken', long(201)] },
  {
    method: 'POST',
    path: '/v1/auth/password-reset',
    valid: { email: 'n@example.com' },
    wrongType: ['email', {}],
    tooLong: ['email', `${long(250)}@example.com`],
  },
  {
    method: 'POST',
    path: '/v1/auth/password-reset/confirm',
    valid: { token: 't', password: 'long enough pw' },
    wrongType: ['token', 1],
    tooLong: ['password', long(257)],
  },
  { method: 'PATCH', path: '/v1/me', token: () => s.idToken, valid: { displayName: 'Me' }, wrongType: ['displayName', 5], tooLong: ['displayName', long(101)] },
  { method: 'POST', path: '/v1/user/visits', token: () => s.idToken, valid: { appName: 'web' }, wrongType: ['appName', 1], tooLong: ['appName', long(5000)] },
  {
    method: 'POST',
    path: '/v1/sprouts',
    token: () => s.idToken,
    valid: { displayName: 'P' },
    wrongType: ['files', 'nope'],
    tooLong: ['displayName', long(101)],
    emptyOk: true,
  },
  {
    method: 'PATCH',
    path: '/v1/sprouts/:id',
    token: () => s.idToken,
    valid: { isPinned: false },
    wrongType: ['isPinned', 'yes'],
    tooLong: ['displayName', long(101)],
    emptyOk: true,
  },
  {
    method: 'POST',
    path: '/v1/admin/impersonate',
    token: () => staff.idToken,
    valid: { userId: 'x' },
    wrongType: ['userId', 7],
    tooLong: ['userId', long(65)],
  },
];

const call = (c: Case, payload: string | undefined, contentType = 'application/json') =>
  t.app.inject({
    method: c.method as 'POST',
    url: c.path.replace(':id', projectId),
    headers: {
      ...(c.token ? { authorization: `Bearer ${c.token()}` } : {}),
      ...(payload !== undefined ? { 'content-type': contentType } : {}),
    },
    payload,
  });

describe.each(CASES)('$method $path', (c) => {
  it('rejects a missing body or missing fields', async () => {
    const res = await call(c, '{}');
    if (c.emptyOk) {
      expect(res.statusCode).toBeLessThan(300);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_request');
      expect(res.json().fields.length).toBeGreaterThan(0);
    }
    const none = await call(c, undefined);
    expect(none.statusCode).toBe(c.emptyOk ? (c.method === 'POST' ? 201 : 200) : 400);
  });

  it('rejects a wrong type, naming the field', async () => {
    const [field, value] = c.wrongType;
    const res = await call(c, JSON.stringify({ ...c.valid, [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
  });

  it('rejects a value that is too long', async () => {
    const [field, value] = c.tooLong;
    const res = await call(c, JSON.stringify({ ...c.valid, [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
  });

  it('rejects unknown fields, naming them', async () => {
    const res = await call(c, JSON.stringify({ ...c.valid, isAdmin: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual({ path: 'isAdmin', message: 'Unknown field.' });
  });

  it('rejects malformed JSON, a JSON array and a non-JSON content type', async () => {
    // A JSON null body means "no body": refused where a body is required, accepted where it is optional.
    for (const bad of ['{"a":', "{'a': 1}", '[1,2]', '"text"', ...(c.emptyOk ? [] : ['null'])]) {
      const res = await call(c, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(['invalid_json', 'invalid_request']).toContain(res.json().code);
    }
    const text = await call(c, 'email=a', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('unsupported_media_type');
  });

  it('refuses a NUL character in any text field with a 400, before anything is stored or logged', async () => {
    const fields = Object.entries(c.valid).filter(([, v]) => typeof v === 'string');
    for (const [field, value] of [...fields, ['extra\u0000key', 'x']] as [string, string][]) {
      const errorsBefore = t.logs.filter((l) => (l.level as number) >= 50).length;
      const res = await call(c, JSON.stringify({ ...c.valid, [field]: `${value}\u0000' OR 1=1` }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toEqual({ code: 'invalid_request', message: 'Invalid request: text must not contain NUL characters.' });
      expect(t.logs.filter((l) => (l.level as number) >= 50).length, field).toBe(errorsBefore);
    }
  });

  it('never answers with a stack trace', async () => {
    const res = await call(c, '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}');
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('other bad input', () => {
  it('refuses NUL in a query string and in a route parameter', async () => {
    expect((await t.api('GET', '/v1/sprouts?sort=%00', { token: s.idToken })).json()).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('NUL'),
    });
    const upload = await t.api('GET', `/build/v1/sprouts/${projectId}%00/files`, { token: s.idToken });
    expect(upload.statusCode).toBe(400);
  });

  it.each(['UPPER', '..%2f..%2fetc', 'a'.repeat(65), 'a-b'])('rejects project id %j', async (id) => {
    const res = await t.api('GET', `/v1/sprouts/${id}`, { token: s.idToken });
    expect(res.statusCode).toBe(400);
  });

  it('answers 413 to an oversized body', async () => {
    const res = await t.api('POST', '/v1/auth/login', { body: { email: 'x@example.com', password: long(2 * 1024 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('body_too_large');
  });

  it('answers deeply nested JSON with a 4xx', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const res = await call(CASES[1]!, deep);
    expect(res.statusCode).toBe(400);
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await t.api('GET', '/v1/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
