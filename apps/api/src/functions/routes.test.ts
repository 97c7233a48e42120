import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVisitor, newProject, previewCookie, useTestApp, writeProjectFiles } from '../testing';

// An outside service (a payment provider, a mail API) on loopback, reachable by functions only
// because it is allow-listed; it records the key each request carried.
const seenKeys: string[] = [];
let outside: http.Server;
let outsideHost = '';
beforeAll(async () => {
  outside = http.createServer((req, res) => {
    seenKeys.push(String(req.headers['x-api-key']));
    res.setHeader('content-type', 'application/json').end(JSON.stringify({ weather: 'sunny' }));
  });
  await new Promise<void>((r) => outside.listen(0, '127.0.0.1', r));
  outsideHost = `127.0.0.1:${(outside.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => outside?.close(r));
});

const t = useTestApp(() => ({ FUNCTIONS_ALLOW_HOSTS: outsideHost }));

async function project() {
  const owner = await t.register();
  const sproutId = await newProject(t, owner);
  const { host, cookie } = await previewCookie(t, owner, sproutId);
  const write = (files: Record<string, string>) => writeProjectFiles(t, owner, sproutId, files);
  const secret = (dataset: string, name: string, value: string) =>
    t.api('PUT', `/build/v1/sprouts/${sproutId}/secrets/${dataset}/${name}`, { token: owner.idToken, body: { value } });
  return { owner, sproutId, host, cookie, write, secret, visitor: appVisitor(t, host, cookie) };
}

describe('app functions on the app origin', () => {
  it('runs a function that calls an outside service with a secret, and the secret is nowhere in what comes back', async () => {
    const p = await project();
    await p.write({
      'functions/weather.ts': `export default async function (req: Request, ctx: any) {
        const res = await fetch('http://${outsideHost}/today', { headers: { 'x-api-key': ctx.env.WEATHER_KEY } });
        ctx.log('asked the weather service', res.status, 'with', ctx.env.WEATHER_KEY);
        return { forecast: (await res.json()).weather, visitor: ctx.visitor, user: ctx.user };
      }`,
    });
    const key = 'wk_live_5f2a9c81d7e3';
    expect((await p.secret('test', 'WEATHER_KEY', key)).json()).toEqual({ name: 'WEATHER_KEY', hint: 'd7e3', created: true });
    const res = await p.visitor.call('GET', 'functions/weather');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ forecast: 'sunny', visitor: `owner-${p.owner.user.id}`, user: null });
    expect(seenKeys.at(-1)).toBe(key);
    expect(res.body).not.toContain(key);

    const listed = await t.api('GET', `/build/v1/sprouts/${p.sproutId}/secrets/test`, { token: p.owner.idToken });
    expect(listed.json()).toMatchObject({ dataset: 'test', secrets: [{ name: 'WEATHER_KEY', hint: 'd7e3' }] });
    expect(listed.body).not.toContain(key.slice(0, 8));
    const logs = await t.api('GET', `/build/v1/sprouts/${p.sproutId}/functions/test/logs`, { token: p.owner.idToken });
    expect(logs.json().calls[0]).toMatchObject({
      name: 'weather',
      trigger: 'request',
      status: 200,
      outcome: 'ok',
      logs: ['asked the weather service 200 with ••••'],
    });
    expect(logs.body).not.toContain(key);
    // The live secrets are the published app's own: none set there yet.
    expect((await t.api('GET', `/build/v1/sprouts/${p.sproutId}/secrets/live`, { token: p.owner.idToken })).json().secrets).toEqual([]);
  });

  it('takes a webhook from anywhere, without cookies, and its writes reach the Data panel', async () => {
    const p = await project();
    await p.write({
      'functions/stripe-hook.ts': `export const access = 'webhook';
        export default async function (req: Request, ctx: any) {
          const event = await req.json();
          await ctx.db.collection('stripe-events').add({ event: event.type, cookie: req.headers.get('cookie'), visitor: ctx.visitor });
          return new Response('received', { status: 202 });
        }`,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/_sprout/v1/functions/stripe-hook',
      headers: { host: p.host, origin: 'https://hooks.example.com', 'content-type': 'application/json', cookie: p.cookie },
      payload: JSON.stringify({ type: 'checkout.completed' }),
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.body).toBe('received');
    const data = await t.api('GET', `/build/v1/sprouts/${p.sproutId}/data/test/collections/stripe-events`, { token: p.owner.idToken });
    expect(data.json().data.map((d: { data: unknown }) => d.data)).toEqual([{ event: 'checkout.completed', cookie: null, visitor: null }]);
  });

  it('answers a signed-in function only for the app’s signed-in users, with ctx.user', async () => {
    const p = await project();
    await p.write({ 'functions/me.ts': "export const access = 'signed-in';\nexport default (req: Request, ctx: any) => ({ email: ctx.user.email });" });
    const anonymous = await p.visitor.call('POST', 'functions/me', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'sign_in_required', message: 'Sign in to use this.' });
    expect((await p.visitor.call('POST', 'auth/sign-up', { email: 'ada@example.com', password: 'a long password' })).statusCode).toBe(200);
    const signedIn = await p.visitor.call('POST', 'functions/me', {});
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({ email: 'ada@example.com' });
  });

  it('says clearly when a function throws, does not build, or does not exist, and refuses another site’s page', async () => {
    const p = await project();
    await p.write({
      'lib/prices.ts': "export function priceOf(item: string): number {\n  throw new Error('the price is missing');\n}\n",
      'functions/broken.ts': "import { priceOf } from '../lib/prices';\n\nexport default () => priceOf('mug');",
      'functions/typo.ts': 'export default () => {',
      'functions/ok.ts': "export default (req, ctx) => ctx.env.GREETING ?? 'ok';",
      'functions/bad-load.ts': "const settings = JSON.parse('{not json');\nexport default () => settings;",
    });
    // A top level that throws fails that function alone, saying so; the app's other functions answer.
    const badLoad = await p.visitor.call('GET', 'functions/bad-load');
    expect(badLoad.statusCode).toBe(500);
    expect(badLoad.json().message).toMatch(/^The function "bad-load" failed as it loaded: .*JSON/);
    const thrown = await p.visitor.call('GET', 'functions/broken');
    expect(thrown.statusCode).toBe(500);
    expect(thrown.json()).toMatchObject({ code: 'function_error', message: 'The function "broken" failed: the price is missing' });
    const typo = await p.visitor.call('GET', 'functions/typo');
    expect(typo.statusCode).toBe(500);
    expect(typo.json().code).toBe('function_build_failed');
    expect((await p.visitor.call('GET', 'functions/nothing')).json()).toMatchObject({ code: 'function_not_found' });
    expect((await p.visitor.call('GET', 'functions/Bad_Name')).statusCode).toBe(400);
    expect((await p.visitor.call('GET', 'functions/ok', undefined, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    // Another app on the same site (a sibling subdomain) is not this app either.
    expect((await p.visitor.call('GET', 'functions/ok', undefined, { 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await p.visitor.call('GET', 'functions/ok', undefined, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await p.visitor.call('GET', 'functions/ok', undefined, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const listed = (await t.api('GET', `/build/v1/sprouts/${p.sproutId}/functions/test`, { token: p.owner.idToken })).json();
    expect(listed.functions).toEqual([
      { name: 'bad-load', access: 'anyone', schedule: null, scheduleText: null, secrets: [] },
      { name: 'broken', access: 'anyone', schedule: null, scheduleText: null, secrets: [] },
      { name: 'ok', access: 'anyone', schedule: null, scheduleText: null, secrets: ['GREETING'] },
    ]);
    expect(listed.problems).toEqual([{ file: 'functions/typo.ts', line: 1, message: expect.stringMatching(/Unexpected end of file/) }]);
    expect((await t.api('GET', `/build/v1/sprouts/${p.sproutId}/functions/live`, { token: p.owner.idToken })).json()).toEqual({
      versionId: null,
      functions: [],
      problems: [],
    });
    const logs = (await t.api('GET', `/build/v1/sprouts/${p.sproutId}/functions/test/logs?name=broken`, { token: p.owner.idToken })).json();
    expect(logs.calls[0]).toMatchObject({ outcome: 'threw', status: 500, error: { message: 'the price is missing' } });
    // Each frame of the bundle is placed in the project's own files.
    expect(logs.calls[0].error.stack).toMatch(/lib\/prices\.ts:2:\d+/);
    expect(logs.calls[0].error.stack).toMatch(/functions\/broken\.ts:3:\d+/);
    expect(logs.calls[0].error.stack).not.toContain('function.js');
  });

  it('keeps secrets to their owner, with clear answers to bad names and values', async () => {
    const p = await project();
    expect((await p.secret('test', 'lower', 'x')).statusCode).toBe(400);
    expect((await p.secret('test', 'OK', '')).statusCode).toBe(400);
    expect((await p.secret('staging', 'OK', 'x')).statusCode).toBe(400);
    expect((await p.secret('test', 'OK', 'x'.repeat(9000))).statusCode).toBe(400);
    expect((await p.secret('live', 'SHORT', 'abc')).json()).toEqual({ name: 'SHORT', hint: '', created: true });
    const stranger = await t.register();
    expect((await t.api('GET', `/build/v1/sprouts/${p.sproutId}/secrets/live`, { token: stranger.idToken })).statusCode).toBe(404);
    expect((await t.api('DELETE', `/build/v1/sprouts/${p.sproutId}/secrets/live/SHORT`, { token: stranger.idToken })).statusCode).toBe(404);
    expect((await t.api('DELETE', `/build/v1/sprouts/${p.sproutId}/secrets/live/SHORT`, { token: p.owner.idToken })).statusCode).toBe(204);
    expect((await t.api('DELETE', `/build/v1/sprouts/${p.sproutId}/secrets/live/SHORT`, { token: p.owner.idToken })).statusCode).toBe(404);
  });
});
