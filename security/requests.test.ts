// Hostile requests over real HTTP: oversize, deeply nested and wrongly typed bodies answer 4xx
// (the figures note how long the slowest took: timings are printed, never asserted), and sign-in guessing is rate-limited per account and per
// client IP, in parallel too, without a spoofable X-Forwarded-For.
import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type Session } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const bodies = new Tally('bodies: size, nesting, content types');
const brute = new Tally('login brute force');

const t = useTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '5', LOGIN_MAX_ATTEMPTS_PER_IP: '40', LOG_LEVEL: 'warn' });
let s: Session;
let base = '';
let sproutId = '';

beforeAll(async () => {
  s = await t.register({ password: 'correct horse battery' });
  sproutId = (await t.api('POST', '/v1/sprouts', { token: s.idToken, body: {} })).json().id;
  base = await t.listen();
});

/** A raw request (Content-Length, chunked, headers exactly as given), its status and how long it took. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | (() => AsyncGenerator<Buffer>),
): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: text }));
    });
    // The server may answer and close before a huge body is sent: that is the point.
    req.on('error', (err: NodeJS.ErrnoException) =>
      ['EPIPE', 'ECONNRESET'].includes(err.code ?? '') ? resolve({ status: -1, ms: performance.now() - started, body: err.code ?? '' }) : reject(err),
    );
    if (typeof body === 'function') {
      void (async () => {
        for await (const chunk of body()) if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        req.end();
      })().catch((err: unknown) => req.destroy(err as Error));
    } else req.end(body);
  });
}

const auth = () => ({ authorization: `Bearer ${s.idToken}` });
const json = (v: string) => Buffer.from(v);

describe('bodies', () => {
  it('answers oversize, deeply nested and wrongly typed bodies with 4xx', async () => {
    const deepArray = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const deepObject = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const manyKeys = `{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":1`).join(',')}}`;
    async function* endless(): AsyncGenerator<Buffer> {
      const chunk = Buffer.alloc(1 << 20, 'a');
      yield Buffer.from('{"displayName":"');
      for (let i = 0; i < 64; i++) yield chunk;
    }
    const cases: [string, string, string, Record<string, string>, Buffer | (() => AsyncGenerator<Buffer>) | undefined, number[]][] = [
      [
        '2 MB JSON (1 MB limit)',
        'POST',
        '/v1/auth/login',
        { 'content-type': 'application/json' },
        json(JSON.stringify({ email: 'x'.repeat(2 << 20), password: 'x' })),
        [413],
      ],
      [
        '12 MB JSON (project files: 10 MB limit)',
        'POST',
        '/v1/sprouts',
        { ...auth(), 'content-type': 'application/json' },
        json(JSON.stringify({ displayName: 'x'.repeat(12 << 20) })),
        [413],
      ],
      [
        '2 MB JSON within the limit but over the schema',
        'POST',
        '/v1/sprouts',
        { ...auth(), 'content-type': 'application/json' },
        json(JSON.stringify({ displayName: 'x'.repeat(2 << 20) })),
        [400],
      ],
      [
        '64 MB chunked JSON (no length)',
        'POST',
        '/v1/sprouts',
        { ...auth(), 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        endless,
        [413, -1],
      ],
      [
        '64 MB announced by Content-Length',
        'POST',
        '/v1/sprouts',
        { ...auth(), 'content-type': 'application/json', 'content-length': String(64 << 20) },
        json('{}'),
        [413, -1],
      ],
      ['200,000-deep array', 'POST', '/v1/sprouts', { ...auth(), 'content-type': 'application/json' }, json(deepArray), [400]],
      ['100,000-deep object', 'POST', '/v1/sprouts', { ...auth(), 'content-type': 'application/json' }, json(deepObject), [400]],
      ['60,000 keys', 'POST', '/v1/sprouts', { ...auth(), 'content-type': 'application/json' }, json(manyKeys), [400]],
      ['deep nesting before sign-in', 'POST', '/v1/auth/login', { 'content-type': 'application/json' }, json(deepObject), [400]],
      ['text/plain', 'POST', '/v1/sprouts', { ...auth(), 'content-type': 'text/plain' }, json('{"displayName":"x"}'), [415]],
      ['form-urlencoded', 'POST', '/v1/auth/login', { 'content-type': 'application/x-www-form-urlencoded' }, json('email=a@b.c&password=x'), [415]],
      ['multipart', 'POST', '/v1/sprouts', { ...auth(), 'content-type': 'multipart/form-data; boundary=x' }, json('--x\r\n\r\nx\r\n--x--'), [415]],
      ['application/xml', 'PATCH', `/v1/sprouts/${sproutId}`, { ...auth(), 'content-type': 'application/xml' }, json('<a/>'), [415]],
      ['no content type', 'POST', '/v1/auth/login', {}, json('{"email":"a@b.c","password":"x"}'), [400, 415]],
      ['JSON in UTF-16', 'POST', '/v1/auth/login', { 'content-type': 'application/json; charset=utf-16' }, Buffer.from('{"email":"a"}', 'utf16le'), [400, 415]],
      [
        'gzip-encoded',
        'POST',
        '/v1/auth/login',
        { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0]),
        [400, 415],
      ],
      ['invalid JSON', 'POST', '/v1/auth/login', { 'content-type': 'application/json' }, json('{"email": '), [400]],
      ['empty JSON body', 'POST', '/v1/auth/login', { 'content-type': 'application/json' }, json(''), [400]],
      ['JSON with a NUL', 'POST', '/v1/auth/login', { 'content-type': 'application/json' }, json('{"email":"a\u0000@b.c","password":"x"}'), [400, 401]],
      [
        '__proto__ pollution',
        'POST',
        '/v1/sprouts',
        { ...auth(), 'content-type': 'application/json' },
        json('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}'),
        [201, 400],
      ],
      [
        'file PUT of 600 KB',
        'PUT',
        `/build/v1/sprouts/${sproutId}/files`,
        { ...auth(), 'content-type': 'application/json' },
        json(JSON.stringify({ path: 'client/src/a.ts', content: 'a'.repeat(600 * 1024), baseVersionId: 'x' })),
        [400, 409],
      ],
      ['20 MB upload', 'POST', `/build/v1/uploads?sproutId=${sproutId}`, { ...auth(), 'content-type': 'image/png' }, Buffer.alloc(20 << 20, 1), [403, 413, -1]],
      ['100 KB URL', 'GET', `/v1/sprouts?x=${'a'.repeat(100_000)}`, auth(), undefined, [400, 414, 431]],
      ['64 KB header', 'GET', '/v1/sprouts', { ...auth(), 'x-big': 'a'.repeat(64 * 1024) }, undefined, [431, -1]],
    ];
    let slowest = { name: '', ms: 0 };
    for (const [name, method, path, headers, body, expected] of cases) {
      const res = await raw(method, path, headers, body);
      if (res.ms > slowest.ms) slowest = { name, ms: res.ms };
      // A refusal says what is wrong and nothing about our insides.
      const clean = res.status === -1 || !/at \w+ \(|node_modules|\/work\//.test(res.body);
      bodies.check(
        expected.includes(res.status) && clean,
        `${name} → ${res.status} in ${res.ms.toFixed(0)} ms (expected ${expected.join('/')})${clean ? '' : ' with internals in the body'}`,
      );
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    bodies.note(`slowest refusal: ${slowest.name} in ${slowest.ms.toFixed(0)} ms`);
    // The server is still fine afterwards.
    expect((await raw('GET', '/v1/sprouts', auth())).status).toBe(200);
    bodies.assertClean();
  });
});

describe('login brute force', () => {
  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    raw('POST', '/v1/auth/login', { 'content-type': 'application/json', ...headers }, json(JSON.stringify({ email, password })));

  it('locks an account after 5 failures, even for the right password and for guesses sent in parallel', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => login(s.user.email, `wrong guess ${i}`)));
    const statuses = results.map((r) => r.status);
    brute.check(statuses.filter((x) => x === 401).length <= 5 && statuses.filter((x) => x === 429).length >= 15, `20 parallel guesses: ${statuses.join(',')}`);
    const right = await login(s.user.email, 'correct horse battery');
    brute.check(right.status === 429, `right password after the lock → ${right.status}`);
    const limited = results.find((r) => r.status === 429);
    brute.check(!!limited && /Too many sign-in attempts/.test(limited.body) && !/correct|wrong|exists/i.test(limited.body), `429 body: ${limited?.body}`);
    brute.assertClean();
  });

  it('limits one client across many accounts, and X-Forwarded-For does not reset it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) {
      // A different made-up account and a different forwarded address every time.
      const res = await login(`nobody${i}@example.com`, 'guess', { 'x-forwarded-for': `10.0.${i}.1` });
      statuses.push(res.status);
    }
    const firstLimited = statuses.indexOf(429);
    brute.check(
      firstLimited > 0 && firstLimited <= 40 && statuses.slice(firstLimited).every((x) => x === 429),
      `45 accounts from one client: ${statuses.join(',')}`,
    );
    brute.note(`per-account limit 5, per-IP limit 40 (configured for the test): locked after ${firstLimited} attempts from one client`);
    brute.assertClean();
  });
});
