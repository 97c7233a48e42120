// Every app's backend (/_sprout/v1/ on the app's own origin) as an attacker would try it:
// another app's origin, another visitor, another dataset, Sprout's own credentials, and bad input.
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { appVisitor, newProject, previewCookie, type Session, useTestApp } from '@sprout/api/testing';
import { appUsers } from '@sprout/db';
import { eq } from 'drizzle-orm';
import { Tally } from '@sprout/testkit/vitest';

const isolation = new Tally('app backend: apps, visitors and datasets kept apart');
const credentials = new Tally('app backend: Sprout and preview credentials, app-user passwords');
const input = new Tally('app backend: oversized, malformed and hostile input, bad rules');

const t = useTestApp();
let owner: Session;
let a: { sproutId: string; host: string; cookie: string };
let b: { sproutId: string; host: string; cookie: string };

async function rules(sproutId: string, content: unknown) {
  const sprout = (await t.api('GET', `/v1/sprouts/${sproutId}`, { token: owner.idToken })).json();
  const res = await t.api('PUT', `/build/v1/sprouts/${sproutId}/files`, {
    token: owner.idToken,
    body: { path: 'sprout.data.json', content: typeof content === 'string' ? content : JSON.stringify(content), baseVersionId: sprout.currentVersionId },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

beforeAll(async () => {
  owner = await t.register();
  for (const key of ['a', 'b'] as const) {
    const sproutId = await newProject(t, owner);
    const entry = { sproutId, ...(await previewCookie(t, owner, sproutId)) };
    if (key === 'a') a = entry;
    else b = entry;
  }
});

/** A published app of an owner of its own (a free plan publishes one): where anonymous visitors, each their own, use it. */
async function publishedApp(): Promise<string> {
  const someone = await t.register();
  const sproutId = await newProject(t, someone);
  const res = await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: someone.idToken });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().publicUrl).host;
}

// In the preview only the owner gets in (one visitor on every device, by their signed preview
// session); visitors kept apart from each other are the published app's.
describe('apps, visitors and datasets', () => {
  it('app A cannot read app B; a visitor cannot read another visitor’s documents by filter, id or list', async () => {
    const [siteA, siteB] = await Promise.all([publishedApp(), publishedApp()]);
    const secretOfB = appVisitor(t, siteB);
    const doc = (await secretOfB.call('POST', 'collections/notes', { text: 'B-secret' })).json();
    // From A's pages (A's Origin), with B's host: refused.
    const fromA = await appVisitor(t, b.host, b.cookie).call('GET', 'collections/notes', undefined, { origin: `http://${a.host}` });
    isolation.check(fromA.statusCode === 403, `another app's origin read app B: ${fromA.statusCode}`);
    const siteFromA = await appVisitor(t, siteB).call('GET', 'collections/notes', undefined, { origin: `http://${siteA}` });
    isolation.check(siteFromA.statusCode === 403, `another app's origin read published app B: ${siteFromA.statusCode}`);
    // A's visitor cookie used on B is a stranger there.
    const onA = appVisitor(t, siteA);
    await onA.call('GET', 'collections/notes');
    const carried = appVisitor(t, siteB, `sprout_visitor=${onA.jar.get('sprout_visitor')}`);
    isolation.check(!(await carried.call('GET', 'collections/notes')).body.includes('B-secret'), "app A's visitor cookie read app B's documents");
    isolation.check((await onA.call('GET', `collections/notes/${doc.id}`)).statusCode === 404, "app A's origin read app B's document by id");
    // Another person's preview session (of their own project) is nobody on B's preview: never its owner.
    const other = await t.register();
    const theirs = await previewCookie(t, other, await newProject(t, other));
    const asOwner = await appVisitor(t, b.host, theirs.cookie).call('GET', 'collections/notes');
    isolation.check(asOwner.statusCode === 401, `another person's preview session opened B's preview data: ${asOwner.statusCode}`);

    const stranger = appVisitor(t, siteB);
    const probes = [
      'collections/notes',
      `collections/notes/${doc.id}`,
      `collections/notes?where=${encodeURIComponent(JSON.stringify({ createdBy: doc.createdBy }))}`,
      `collections/notes?where=${encodeURIComponent(JSON.stringify({ createdBy: { in: [doc.createdBy] } }))}`,
      `collections/notes?where=${encodeURIComponent(JSON.stringify({ text: 'B-secret' }))}`,
      `collections/notes?orderBy=text&desc=true`,
      `collections/notes?after=${Buffer.from(JSON.stringify(['', ''])).toString('base64url')}`,
    ];
    for (const path of probes) {
      const res = await stranger.call('GET', path);
      isolation.check(!res.body.includes('B-secret'), `another visitor read a creator document with ${path}`);
    }
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await stranger.call(method, `collections/notes/${doc.id}`, method === 'PATCH' ? { text: 'mine now' } : undefined);
      isolation.check(res.statusCode === 404, `another visitor could ${method} a creator document: ${res.statusCode}`);
    }
    isolation.assertClean();
  });

  it('the event stream carries only what the listener may read', async () => {
    const base = await t.listen();
    const siteB = await publishedApp();
    const watcher = appVisitor(t, siteB);
    await watcher.call('GET', 'collections/chat');
    const cookie = `sprout_visitor=${watcher.jar.get('sprout_visitor')}`;
    const received: string[] = [];
    const url = new URL('/_sprout/v1/collections/chat/events', base);
    const req = request(url, { headers: { host: siteB, cookie, origin: `http://${siteB}` } }, (res) => res.on('data', (c) => received.push(String(c))));
    req.end();
    await expect.poll(() => received.join('')).toContain(': connected');
    const writer = appVisitor(t, siteB);
    await writer.call('POST', 'collections/chat', { text: 'STREAM-SECRET' });
    await watcher.call('POST', 'collections/chat', { text: 'visible-to-me' });
    await expect.poll(() => received.join('')).toContain('visible-to-me');
    isolation.check(!received.join('').includes('STREAM-SECRET'), "the event stream carried another visitor's document");
    req.destroy();
    isolation.assertClean();
  });

  it('preview (test) data never reaches the published app', async () => {
    await rules(a.sproutId, { collections: { guestbook: { create: 'anyone', read: 'anyone' } } });
    await appVisitor(t, a.host, a.cookie).call('POST', 'collections/guestbook', { text: 'TEST-ONLY' });
    const published = await t.api('POST', `/build/v1/sprouts/${a.sproutId}/publish`, { token: owner.idToken });
    expect(published.statusCode, published.body).toBe(200);
    const site = appVisitor(t, new URL(published.json().publicUrl).host);
    isolation.check(!(await site.call('GET', 'collections/guestbook')).body.includes('TEST-ONLY'), 'the published app read preview data');
    isolation.assertClean();
  });
});

describe('credentials', () => {
  it('Sprout tokens, preview grants and preview cookies grant nothing; app-user passwords are hashed; sign-in is limited', async () => {
    await rules(b.sproutId, { collections: { admin: { create: 'nobody', read: 'nobody', update: 'nobody', delete: 'nobody' } } });
    const v = appVisitor(t, b.host, b.cookie);
    for (const headers of [{ authorization: `Bearer ${owner.idToken}` }, { authorization: `Bearer ${owner.refreshToken}` }]) {
      const res = await v.call('GET', 'collections/admin', undefined, headers);
      credentials.check(res.statusCode === 403, `a Sprout token read a 'nobody' collection: ${res.statusCode}`);
    }
    // Without the owner's preview cookie, a Sprout token does not open the preview's data either.
    const bare = await appVisitor(t, b.host).call('GET', 'collections/notes', undefined, { authorization: `Bearer ${owner.idToken}` });
    credentials.check(bare.statusCode === 401, `a Sprout token opened a preview's data: ${bare.statusCode}`);
    // The preview session cookie as an app session or visitor cookie: nobody.
    const token = b.cookie.split('=')[1]!;
    const forged = appVisitor(t, b.host, `${b.cookie}; sprout_app_session=${token}`);
    credentials.check((await forged.call('GET', 'auth/me')).json().user === null, 'a preview cookie worked as an app session');

    await v.call('POST', 'auth/sign-up', { email: 'user@app.test', password: 'correct horse battery' });
    const [row] = await t.db.db.select().from(appUsers).where(eq(appUsers.email, 'user@app.test'));
    credentials.check(
      !!row && row.passwordHash.startsWith('scrypt$') && !row.passwordHash.includes('correct horse'),
      'an app user’s password was not hashed like Sprout’s',
    );

    const guesser = appVisitor(t, b.host, b.cookie);
    let limited = false;
    for (let i = 0; i < 15 && !limited; i++)
      limited = (await guesser.call('POST', 'auth/sign-in', { email: 'user@app.test', password: `guess-${i}` })).statusCode === 429;
    credentials.check(limited, 'app sign-in was not rate-limited after 15 wrong passwords');
    credentials.assertClean();
  });
});

describe('input', () => {
  it('refuses oversized documents and files, system fields, bad queries and prototype keys', async () => {
    const v = appVisitor(t, a.host, a.cookie);
    const cases: [string, () => Promise<{ statusCode: number }>, number[]][] = [
      ['a 200 KB document', () => v.call('POST', 'collections/big', { text: 'x'.repeat(200_000) }), [413]],
      ['a 30 MB file', () => v.call('POST', 'files', Buffer.alloc(30 * 1024 * 1024, 0x41)), [413]],
      [
        'an HTML file as an image',
        () => v.call('POST', 'files', Buffer.from('<!doctype html><script>alert(1)</script>'), { 'content-type': 'image/png' }),
        [415],
      ],
      ['a forged id', () => v.call('POST', 'collections/x', { id: 'mine', createdBy: 'user:owner' }), [400]],
      ['a non-object document', () => v.call('POST', 'collections/x', [1, 2, 3]), [400]],
      ['a path as a collection', () => v.call('POST', 'collections/..%2F..%2Fusers', { a: 1 }), [400, 404]],
      ['an unknown filter', () => v.call('GET', `collections/x?where=${encodeURIComponent('{"a":{"$where":"1"}}')}`), [400]],
      ['SQL in a field name', () => v.call('GET', `collections/x?orderBy=${encodeURIComponent("a'); drop table users;--")}`), [400]],
      ['a forged cursor', () => v.call('GET', 'collections/x?after=not-a-cursor'), [400]],
      ['NUL in a value', () => v.call('POST', 'collections/x', { a: 'x\u0000y' }), [400]],
      ['a huge limit', () => v.call('GET', 'collections/x?limit=100000'), [400]],
    ];
    for (const [what, run, expected] of cases) {
      const res = await run();
      input.check(expected.includes(res.statusCode), `${what}: ${res.statusCode}`);
    }
    const proto = await v.call('POST', 'collections/x', JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}'));
    input.check(proto.statusCode === 201 && ({} as Record<string, unknown>).polluted === undefined, 'a __proto__ key polluted objects');
    input.assertClean();
  });

  it('a rules file with unknown levels closes the data instead of opening it', async () => {
    for (const bad of [
      { collections: { x: { read: 'everyone' } } },
      { collections: { x: { create: 'public', unknown: 1 } } },
      '{ not json',
      { collections: [] },
    ]) {
      await rules(b.sproutId, bad);
      const res = await appVisitor(t, b.host, b.cookie).call('GET', 'collections/x');
      input.check(res.statusCode === 503, `a bad rules file (${JSON.stringify(bad).slice(0, 40)}) answered ${res.statusCode}`);
    }
    input.assertClean();
  });
});
