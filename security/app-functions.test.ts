// Apps' server functions as an attacker would try them: a function that reaches for Sprout, the
// database, the cloud's metadata or loopback (by IP in every spelling, by name, by redirect), one
// app's function reaching another's data or functions, secrets leaking into Sprout's own answers, a
// webhook that could act as a visitor, and functions that loop, allocate or flood.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVisitor, newProject, previewCookie, useTestApp, writeProjectFiles } from '@sprout/api/testing';
import { readZip } from '@sprout/preview';
import { Tally } from '@sprout/testkit/vitest';

const outbound = new Tally('app functions: outbound requests to Sprout, loopback, private and metadata addresses');
const isolation = new Tally('app functions: apps, secrets and callers kept apart');
const resources = new Tally('app functions: loops, memory and floods stopped without hurting other apps');

// Stands in for what must stay out of reach (the API, the database, Redis…): a server on loopback
// that counts every request that reached it.
let inside: http.Server;
let insideHits = 0;
// An allow-listed outside service whose only trick is a redirect back to the inside.
let outside: http.Server;
let insidePort = 0;
let outsideHost = '';

beforeAll(async () => {
  inside = http.createServer((_req, res) => {
    insideHits++;
    res.end('inside');
  });
  await new Promise<void>((r) => inside.listen(0, '127.0.0.1', r));
  insidePort = (inside.address() as AddressInfo).port;
  outside = http.createServer((req, res) => {
    const to = new URL(req.url!, 'http://x').searchParams.get('to');
    if (to) res.writeHead(302, { location: to }).end();
    else res.end('outside');
  });
  await new Promise<void>((r) => outside.listen(0, '127.0.0.1', r));
  outsideHost = `127.0.0.1:${(outside.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => inside?.close(r));
  await new Promise((r) => outside?.close(r));
});

const t = useTestApp(() => ({ FUNCTIONS_ALLOW_HOSTS: outsideHost }));

/** A project of an owner of its own (a free plan holds a few), with these files, and its preview visitor. */
async function app(files: Record<string, string>) {
  const owner = await t.register();
  const sproutId = await newProject(t, owner);
  await writeProjectFiles(t, owner, sproutId, files);
  const preview = await previewCookie(t, owner, sproutId);
  return { owner, sproutId, ...preview, visitor: appVisitor(t, preview.host, preview.cookie) };
}

const FETCHER = `export default async (req: Request) => {
  const url = new URL(req.url).searchParams.get('u')!;
  try {
    const res = await fetch(url, { redirect: 'follow' });
    return { status: res.status, text: (await res.text()).slice(0, 200) };
  } catch (err) {
    return { status: 0, text: String(err) };
  }
};`;

describe('outbound requests of a function', () => {
  it('never reach loopback, private, link-local or Sprout addresses, in any spelling or through a redirect', async () => {
    const a = await app({ 'functions/get.ts': FETCHER });
    const p = insidePort;
    const targets = [
      `http://127.0.0.1:${p}/`,
      `http://localhost:${p}/`,
      `http://127.1:${p}/`,
      `http://0x7f000001:${p}/`,
      `http://2130706433:${p}/`,
      `http://0177.0.0.1:${p}/`,
      `http://0.0.0.0:${p}/`,
      `http://[::1]:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `https://127.0.0.1:${p}/`,
      'http://127.0.0.1:5432/',
      'http://127.0.0.1:6379/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://localhost:3001/health',
      `http://${a.sproutId}.preview.localhost:3001/_sprout/v1/functions/get`,
      'http://someapp.sites.localhost:3001/',
      'http://preview.localhost./',
      `http://${outsideHost}/?to=${encodeURIComponent(`http://127.0.0.1:${p}/`)}`,
      `http://${outsideHost}/?to=${encodeURIComponent(`http://[::1]:${p}/`)}`,
      `http://${outsideHost}/?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
    ];
    for (const u of targets) {
      const before = insideHits;
      const res = await a.visitor.call('GET', `functions/get?u=${encodeURIComponent(u)}`);
      const answer = res.json() as { status: number; text: string };
      outbound.check(
        res.statusCode === 200 && answer.status !== 200 && insideHits === before && !answer.text.includes('inside'),
        `${u} → ${res.statusCode} ${res.body.slice(0, 160)}`,
      );
    }
    // The allow-listed service itself is reachable: the refusals above are not a broken network.
    const allowed = (await a.visitor.call('GET', `functions/get?u=${encodeURIComponent(`http://${outsideHost}/`)}`)).json();
    expect(allowed).toEqual({ status: 200, text: 'outside' });
    outbound.assertClean();
  });
});

describe('apps kept apart', () => {
  it('one app’s function cannot reach another app’s data: not through ctx.db, not through the runtime’s own binding', async () => {
    const victim = await app({ 'functions/save.ts': "export default (req: Request, ctx: any) => ctx.db.collection('notes').add({ note: 'victim data' });" });
    expect((await victim.visitor.call('POST', 'functions/save', {})).statusCode).toBe(200);
    const attacker = await app({
      'functions/own.ts': "export default async (req: Request, ctx: any) => (await ctx.db.collection('notes').list()).data.length;",
      'functions/bridge.ts': `import { env } from 'cloudflare:workers';
        export default async () => {
          const res = await (env as any).SPROUT.fetch('http://sprout/db', { method: 'POST', headers: { authorization: 'Bearer forged' }, body: JSON.stringify({ op: 'list', collection: 'notes', query: {} }) });
          return { status: res.status, body: await res.text() };
        };`,
      'functions/sibling.ts': `export default async () => {
          const res = await fetch('http://${'${victim}'}.preview.localhost:3001/_sprout/v1/functions/save', { method: 'POST', body: '{}' }).catch((err) => ({ status: 0, text: async () => String(err) }));
          return { status: res.status, text: await res.text() };
        };`.replace('${victim}', victim.sproutId),
    });
    const own = await attacker.visitor.call('GET', 'functions/own');
    isolation.check(own.statusCode === 200 && own.json() === 0, `the attacker's ctx.db saw ${own.body} of the victim's notes`);
    // The runtime's binding to Sprout is not a module a function can import; were it reached, a forged token opens nothing.
    const bridge = await attacker.visitor.call('GET', 'functions/bridge');
    isolation.check(
      !bridge.body.includes('victim data') && (bridge.statusCode !== 200 || bridge.json().status === 401),
      `bridge → ${bridge.statusCode} ${bridge.body.slice(0, 160)}`,
    );
    const sibling = await attacker.visitor.call('GET', 'functions/sibling');
    isolation.check(
      sibling.statusCode === 200 && sibling.json().status !== 200,
      `another app's function by its preview address → ${sibling.body.slice(0, 160)}`,
    );
    const notes = await t.api('GET', `/build/v1/sprouts/${victim.sproutId}/data/test/collections/notes`, { token: victim.owner.idToken });
    isolation.check(notes.json().data.length === 1, `the victim's notes: ${notes.json().data.length}`);
    isolation.assertClean();
  });

  it('keeps secrets out of every answer of Sprout: the list, the logs, versions and the export', async () => {
    const a = await app({
      'functions/use.ts':
        "export default (req: Request, ctx: any) => { ctx.log('using', ctx.env.PAY_KEY); if (new URL(req.url).searchParams.has('fail')) throw new Error('bad key ' + ctx.env.PAY_KEY); return { ok: ctx.env.PAY_KEY.startsWith('sk_') }; };",
    });
    const value = 'sk_live_9Qe7Rt2Lm4Xp8Zz1';
    expect((await t.api('PUT', `/build/v1/sprouts/${a.sproutId}/secrets/test/PAY_KEY`, { token: a.owner.idToken, body: { value } })).statusCode).toBe(200);
    expect((await a.visitor.call('GET', 'functions/use')).json()).toEqual({ ok: true });
    // The function itself logs the key and throws with it: what Sprout stores and shows of that is redacted.
    const failed = await a.visitor.call('GET', 'functions/use?fail=1');
    isolation.check(failed.statusCode === 500 && !failed.body.includes(value.slice(3)), `a throw quoting the key → ${failed.body.slice(0, 120)}`);
    const answers = [
      await t.api('GET', `/build/v1/sprouts/${a.sproutId}/secrets/test`, { token: a.owner.idToken }),
      await t.api('GET', `/build/v1/sprouts/${a.sproutId}/functions/test/logs`, { token: a.owner.idToken }),
      await t.api('GET', `/build/v1/sprouts/${a.sproutId}/versions`, { token: a.owner.idToken }),
      await t.api('GET', `/build/v1/sprouts/${a.sproutId}/files`, { token: a.owner.idToken }),
    ];
    for (const res of answers) isolation.check(!res.body.includes(value.slice(3)), `${res.statusCode} answer holds the secret: ${res.body.slice(0, 100)}`);
    const zip = await t.api('GET', `/build/v1/sprouts/${a.sproutId}/export`, { token: a.owner.idToken });
    const entries = readZip(new Uint8Array(zip.rawPayload));
    isolation.check(
      entries.length > 0 && entries.every((e) => !Buffer.from(e.data).toString('latin1').includes(value.slice(3))),
      'the export holds the secret',
    );
    isolation.assertClean();
  });

  it('gives a webhook no cookies and no visitor, and a signed-in function nothing for an anonymous visitor', async () => {
    const a = await app({
      'functions/hook.ts':
        "export const access = 'webhook';\nexport default (req: Request, ctx: any) => ({ cookie: req.headers.get('cookie'), visitor: ctx.visitor, user: ctx.user });",
      'functions/mine.ts': "export const access = 'signed-in';\nexport default (req: Request, ctx: any) => ({ user: ctx.user });",
    });
    const hooked = await t.app.inject({
      method: 'POST',
      url: '/_sprout/v1/functions/hook',
      headers: { host: a.host, cookie: `${a.cookie}; sprout_visitor=someone`, origin: 'https://elsewhere.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    isolation.check(hooked.statusCode === 200 && JSON.stringify(hooked.json()) === '{"cookie":null,"visitor":null,"user":null}', `webhook saw ${hooked.body}`);
    const anonymous = await appVisitor(t, a.host, a.cookie).call('POST', 'functions/mine', {});
    isolation.check(anonymous.statusCode === 401, `signed-in function answered an anonymous visitor ${anonymous.statusCode}`);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/_sprout/v1/functions/mine',
      headers: { host: a.host, cookie: a.cookie, origin: 'https://evil.example' },
    });
    isolation.check(elsewhere.statusCode === 403, `a signed-in function answered another origin ${elsewhere.statusCode}`);
    isolation.assertClean();
  });
});

describe('resources', () => {
  it('stops a loop and an allocation without holding up another app, and limits a flood of calls', async () => {
    const bad = await app({
      'functions/spin.ts': 'export default () => { for (;;) {} };',
      'functions/hog.ts': 'export default () => { const a: number[][] = []; for (;;) a.push(new Array(1e5).fill(1)); };',
    });
    const good = await app({ 'functions/ok.ts': "export default () => 'fine';" });
    await good.visitor.call('GET', 'functions/ok');
    const spinning = bad.visitor.call('GET', 'functions/spin');
    const started = performance.now();
    const other = await good.visitor.call('GET', 'functions/ok');
    resources.check(other.statusCode === 200 && other.json() === 'fine', `another app while one loops: ${other.statusCode} ${other.body}`);
    resources.note(`another app answered in ${Math.round(performance.now() - started)} ms while one looped`);
    const spun = await spinning;
    resources.check(spun.statusCode === 503 && spun.json().code === 'function_stopped', `a loop → ${spun.statusCode} ${spun.body}`);
    const hog = await bad.visitor.call('GET', 'functions/hog');
    resources.check(
      hog.statusCode >= 500 && ['function_stopped', 'function_timeout'].includes(hog.json().code),
      `an allocation → ${hog.statusCode} ${hog.body}`,
    );
    // The app works again after its process was stopped.
    resources.check((await good.visitor.call('GET', 'functions/ok')).statusCode === 200, 'the good app after the bad one was stopped');

    // A flood from one visitor meets the app's per-visitor request limit, as the rest of its backend does.
    const flood = await Promise.all(Array.from({ length: 320 }, () => good.visitor.call('GET', 'functions/ok')));
    const limited = flood.filter((r) => r.statusCode === 429).length;
    resources.check(limited > 0, `320 calls in a moment: ${limited} limited`);
    resources.assertClean();
  });
});
