import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRequest, CallLimits } from './call-outcome';
import { type Deployment, FunctionRuntime } from './function-runtime';

const LIMITS: CallLimits = { wallMs: 10_000, cpuMs: 1000, memoryMb: 128, requestBytes: 1024 * 1024, replyBytes: 1024 * 1024 };
const bridged: { token: string; request: unknown }[] = [];
let runtime: FunctionRuntime;
let dir: string;
// An outside service on loopback, reachable only because it is allow-listed.
let outside: http.Server;
let outsideHost: string;

const request = (over: Partial<CallRequest> = {}): CallRequest => ({
  method: 'GET',
  url: 'http://app.sites.test/_sprout/v1/functions/x',
  headers: {},
  body: null,
  user: null,
  visitor: 'v1',
  env: {},
  token: 'tok',
  ...over,
});

const app = (key: string, version: string, functions: Record<string, string>): Deployment => ({
  key,
  version,
  functions: Object.entries(functions).map(([name, code]) => ({ name, code })),
});

const json = (outcome: Awaited<ReturnType<FunctionRuntime['call']>>) => {
  if (!outcome.ok) throw new Error(`call failed: ${outcome.reason} ${outcome.message}`);
  return JSON.parse(outcome.body.toString('utf8'));
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sprout-fn-'));
  outside = http.createServer((req, res) => {
    if (req.url === '/redirect-home') res.writeHead(302, { location: `http://127.0.0.1:${(outside.address() as AddressInfo).port + 1}/` }).end();
    else res.end(`outside saw ${req.headers['x-key'] ?? 'no key'}`);
  });
  await new Promise<void>((r) => outside.listen(0, '127.0.0.1', r));
  outsideHost = `127.0.0.1:${(outside.address() as AddressInfo).port}`;
  runtime = await FunctionRuntime.start({
    dir,
    allowedHosts: [outsideHost],
    blockedHosts: ['sprout.test'],
    bridge: async (token, req) => {
      bridged.push({ token, request: req });
      return { status: 200, body: { result: { id: 'd1', ...(req as { data: object }).data } } };
    },
    log: () => {},
  });
});

afterAll(async () => {
  await runtime?.close();
  await new Promise((r) => outside?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('FunctionRuntime on workerd', () => {
  it('calls a function with a web Request and ctx, and answers its JSON with its log lines', async () => {
    const out = await runtime.call(
      app('a:test', 'v1', {
        hello: `export default async function (req, ctx) {
          ctx.log('called', { method: req.method });
          return { method: req.method, path: new URL(req.url).pathname, key: ctx.env.KEY, user: ctx.user, visitor: ctx.visitor, body: await req.text(), processEnv: Object.keys(globalThis.process?.env ?? {}), argv: globalThis.process?.argv ?? null, cwd: typeof globalThis.process?.cwd === 'function' ? globalThis.process.cwd() : null };
        }`,
      }),
      'hello',
      request({
        method: 'POST',
        body: Buffer.from('hi'),
        env: { KEY: 'sk_123' },
        user: { id: 'u1', email: 'a@b.c' },
        headers: { 'content-type': 'text/plain' },
      }),
      LIMITS,
    );
    expect(json(out)).toEqual({
      method: 'POST',
      path: '/_sprout/v1/functions/x',
      key: 'sk_123',
      user: { id: 'u1', email: 'a@b.c' },
      visitor: 'v1',
      body: 'hi',
      processEnv: [],
      argv: ['workerd'],
      cwd: '/bundle',
    });
    // What a function sees of `process` is workerd's stand-in: no environment, no real directory.
    expect(out.ok && out.logs).toEqual(['called {"method":"POST"}']);
  });

  it('returns a Response as it is, and reports a throw with its message and stack', async () => {
    const deployment = app('b:test', 'v1', {
      teapot: `export default () => new Response('short and stout', { status: 418, headers: { 'x-pot': 'yes' } });`,
      broken: `export default async function () { throw new Error('no luck'); }`,
    });
    const teapot = await runtime.call(deployment, 'teapot', request(), LIMITS);
    expect(teapot.ok && [teapot.status, teapot.body.toString(), new Map(teapot.headers).get('x-pot')]).toEqual([418, 'short and stout', 'yes']);
    const broken = await runtime.call(deployment, 'broken', request(), LIMITS);
    expect(broken.ok && broken.status).toBe(500);
    expect(broken.ok && broken.error?.message).toBe('no luck');
    expect(broken.ok && broken.error?.stack).toContain('no luck');
  });

  it('a function whose top level throws fails its own calls with its error, and its app’s other functions still answer', async () => {
    const deployment = app('load:test', 'v1', {
      fine: 'export default () => 2;',
      broken: "const settings = JSON.parse('{not json');\nexport default () => settings;",
    });
    expect(json(await runtime.call(deployment, 'fine', request(), LIMITS))).toBe(2);
    const broken = await runtime.call(deployment, 'broken', request(), LIMITS);
    expect(broken.ok && [broken.status, broken.error?.kind]).toEqual([500, 'load_failed']);
    expect(broken.ok && broken.error?.message).toMatch(/JSON/);
    expect(broken.ok && broken.error?.stack).toContain('function.js:1:');
    expect(json(await runtime.call(deployment, 'fine', request(), LIMITS))).toBe(2);
  });

  it('passes ctx.db to the bridge with the call token', async () => {
    const out = await runtime.call(
      app('c:test', 'v1', { save: `export default (req, ctx) => ctx.db.collection('orders').add({ total: 3 });` }),
      'save',
      request({ token: 'call-token' }),
      LIMITS,
    );
    expect(json(out)).toEqual({ id: 'd1', total: 3 });
    expect(bridged.at(-1)).toEqual({ token: 'call-token', request: { op: 'add', collection: 'orders', data: { total: 3 } } });
  });

  it('reaches an allow-listed host, and refuses loopback, Sprout by name, and a redirect to loopback', async () => {
    const deployment = app('d:test', 'v1', {
      out: `export default async (req) => { const r = await fetch(new URL(req.url).searchParams.get('u'), { headers: { 'x-key': 'k' } }); return { status: r.status, text: await r.text() }; }`,
    });
    const call = (u: string) => runtime.call(deployment, 'out', request({ url: `http://app.test/?u=${encodeURIComponent(u)}` }), LIMITS).then(json);
    expect(await call(`http://${outsideHost}/`)).toEqual({ status: 200, text: 'outside saw k' });
    const port = Number(outsideHost.split(':')[1]);
    for (const u of [
      `http://127.0.0.1:${port + 1}/`,
      'http://localhost:3001/',
      'http://[::1]:3001/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
    ]) {
      const refused = await call(u);
      expect(refused.status, u).toBe(502);
      expect(refused.text).toMatch(/public internet addresses only/);
    }
    expect(await call('http://api.sprout.test/v1/sprouts')).toEqual({ status: 403, text: "Functions cannot call Sprout's own addresses (api.sprout.test)." });
    const redirected = await call(`http://${outsideHost}/redirect-home`);
    expect(redirected.status).toBe(502);
  });

  it('stops a function that loops, without holding up another app', async () => {
    const looping = app('e:test', 'v1', { spin: 'export default () => { for (;;) {} }' });
    const other = app('f:test', 'v1', { ok: 'export default () => "fine"' });
    const spinning = runtime.call(looping, 'spin', request(), LIMITS);
    expect(json(await runtime.call(other, 'ok', request(), LIMITS))).toBe('fine');
    const out = await spinning;
    expect(out.ok).toBe(false);
    expect(!out.ok && out.reason).toBe('cpu');
    expect(!out.ok && out.message).toBe('This function computed for more than 1 s without a pause and was stopped.');
    // The app's next call gets a fresh process.
    expect(json(await runtime.call(app('e:test', 'v1', { spin: 'export default () => "recovered"' }), 'spin', request(), LIMITS))).toBe('recovered');
  });

  it('ends a call at the wall-clock limit', async () => {
    const out = await runtime.call(app('g:test', 'v1', { slow: 'export default () => new Promise((r) => setTimeout(r, 60_000))' }), 'slow', request(), {
      ...LIMITS,
      wallMs: 500,
    });
    expect(!out.ok && out.reason).toBe('timeout');
  });

  it('stops a function that allocates past the memory limit', async () => {
    const out = await runtime.call(
      app('h:test', 'v1', { hog: 'export default () => { const a = []; for (;;) a.push(new Array(100000).fill(Math.random())); }' }),
      'hog',
      request(),
      { ...LIMITS, cpuMs: 5000 },
    );
    expect(out.ok).toBe(false);
    expect(!out.ok && out.reason).toMatch(/crashed|cpu/);
  });

  it('serves a new version while the old one finishes the call it had', async () => {
    const v1 = app('i:test', 'v1', { fn: 'export default async () => { await new Promise((r) => setTimeout(r, 300)); return "v1"; }' });
    const v2 = app('i:test', 'v2', { fn: 'export default () => "v2"' });
    const first = runtime.call(v1, 'fn', request(), LIMITS);
    await new Promise((r) => setTimeout(r, 100));
    expect(json(await runtime.call(v2, 'fn', request(), LIMITS))).toBe('v2');
    expect(json(await first)).toBe('v1');
  });

  it('answers not_found for a name the version does not have, and refuses a body over the limit', async () => {
    const deployment = app('j:test', 'v1', { a: 'export default () => 1' });
    expect(await runtime.call(deployment, 'b', request(), LIMITS)).toMatchObject({ ok: false, reason: 'not_found' });
    expect(await runtime.call(deployment, 'a', request({ method: 'POST', body: Buffer.alloc(2048) }), { ...LIMITS, requestBytes: 1024 })).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
  });
});
