import { describe, expect, it } from 'vitest';
import { appVisitor, newProject, previewCookie, useTestApp } from '../testing';

const t = useTestApp();

async function preview() {
  const owner = await t.register();
  const sproutId = await newProject(t, owner);
  const { host, cookie } = await previewCookie(t, owner, sproutId);
  return { owner, sproutId, host, cookie };
}

async function withRules(ownerToken: string, sproutId: string, rules: unknown) {
  const sprout = (await t.api('GET', `/v1/sprouts/${sproutId}`, { token: ownerToken })).json();
  const res = await t.api('PUT', `/build/v1/sprouts/${sproutId}/files`, {
    token: ownerToken,
    body: { path: 'sprout.data.json', content: typeof rules === 'string' ? rules : JSON.stringify(rules), baseVersionId: sprout.currentVersionId },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describe('an app backend on the preview origin', () => {
  it('makes the owner one visitor in every browser, so their own test data follows them; nobody else gets in as them', async () => {
    const { owner, sproutId, host, cookie } = await preview();
    const laptop = appVisitor(t, host, cookie);
    const added = await laptop.call('POST', 'collections/notes', { text: 'mine' });
    expect(added.statusCode, added.body).toBe(201);
    const doc = added.json();
    expect(doc).toMatchObject({ text: 'mine', id: expect.any(String), createdAt: expect.any(String), createdBy: `visitor:owner-${owner.user.id}` });
    // No per-browser visitor cookie: the owner's identity is their signed preview session.
    expect(laptop.jar.get('sprout_visitor')).toBeUndefined();

    // Another browser (a phone): a preview session of its own, the same visitor.
    const phone = appVisitor(t, host, (await previewCookie(t, owner, sproutId)).cookie);
    expect((await phone.call('GET', 'collections/notes')).json().data.map((d: { text: string }) => d.text)).toEqual(['mine']);
    expect((await phone.call('PATCH', `collections/notes/${doc.id}`, { text: 'changed on the phone' })).statusCode).toBe(200);
    expect((await laptop.call('GET', `collections/notes/${doc.id}`)).json()).toMatchObject({ text: 'changed on the phone' });

    // Someone else: their own project's preview session opens nothing here, and a forged visitor cookie is a stranger's.
    const stranger = await t.register();
    const theirs = await previewCookie(t, stranger, await newProject(t, stranger));
    const forged = `sprout_visitor=owner-${owner.user.id}`;
    expect((await appVisitor(t, host, theirs.cookie).call('GET', 'collections/notes')).statusCode).toBe(401);
    expect((await appVisitor(t, host, forged).call('GET', 'collections/notes')).statusCode).toBe(401);
    const own = appVisitor(t, theirs.host, `${theirs.cookie}; ${forged}`);
    expect((await own.call('GET', 'collections/notes')).json().data).toEqual([]);
    expect((await own.call('POST', 'collections/notes', { text: 'theirs' })).json().createdBy).toBe(`visitor:owner-${stranger.user.id}`);

    expect((await phone.call('DELETE', `collections/notes/${doc.id}`)).statusCode).toBe(204);
    expect((await laptop.call('GET', 'collections/notes')).json().data).toEqual([]);
  });

  it('applies declared rules: anyone adds, only the owner reads, unique slots', async () => {
    const { owner, sproutId, host, cookie } = await preview();
    await withRules(owner.idToken, sproutId, {
      collections: {
        bookings: {
          create: 'anyone',
          read: 'nobody',
          update: 'nobody',
          delete: 'nobody',
          fields: { name: { type: 'string', required: true } },
          unique: ['slot'],
        },
      },
    });
    const v = appVisitor(t, host, cookie);
    const ok = await v.call('POST', 'collections/bookings', { name: 'Ada', slot: '10:00' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await v.call('GET', 'collections/bookings')).statusCode).toBe(403);
    expect((await v.call('GET', `collections/bookings/${ok.json().id}`)).statusCode).toBe(403);
    expect((await v.call('POST', 'collections/bookings', { name: 'Bob', slot: '10:00' })).statusCode).toBe(409);
    const missing = await v.call('POST', 'collections/bookings', { slot: '11:00' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('"name" is required');
    expect((await v.call('POST', 'collections/bookings', { name: 'x', id: 'forged' })).statusCode).toBe(400);
  });

  it('closes the data when the rules file does not parse, instead of guessing', async () => {
    const { owner, sproutId, host, cookie } = await preview();
    await withRules(owner.idToken, sproutId, { collections: { posts: { read: 'everyone' } } });
    const res = await appVisitor(t, host, cookie).call('GET', 'collections/posts');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'rules_invalid', problems: [expect.stringContaining('"read" must be one of')] });
  });

  it('signs app users up and in, separate from Sprout accounts, and signed-in rules follow them', async () => {
    const { owner, sproutId, host, cookie } = await preview();
    await withRules(owner.idToken, sproutId, { collections: { tasks: { create: 'signed-in', read: 'signed-in', update: 'signed-in', delete: 'creator' } } });
    const v = appVisitor(t, host, cookie);
    expect((await v.call('POST', 'collections/tasks', { title: 'x' })).statusCode).toBe(403);
    expect((await v.call('GET', 'auth/me')).json()).toEqual({ user: null });
    const up = await v.call('POST', 'auth/sign-up', { email: 'Ann@Example.com', password: 'long enough pw' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().user.email).toBe('ann@example.com');
    expect((await v.call('POST', 'auth/sign-up', { email: 'ann@example.com', password: 'long enough pw' })).statusCode).toBe(409);
    const task = await v.call('POST', 'collections/tasks', { title: 'x' });
    expect(task.statusCode).toBe(201);
    // A Sprout account's password does not sign in here, and the Sprout token grants nothing.
    const other = appVisitor(t, host, cookie);
    expect((await other.call('POST', 'auth/sign-in', { email: owner.user.email, password: owner.password })).statusCode).toBe(401);
    expect((await other.call('GET', 'collections/tasks', undefined, { authorization: `Bearer ${owner.idToken}` })).statusCode).toBe(403);
    expect((await other.call('POST', 'auth/sign-in', { email: 'ann@example.com', password: 'long enough pw' })).statusCode).toBe(200);
    expect((await other.call('GET', 'collections/tasks')).json().data).toHaveLength(1);
    expect((await other.call('POST', 'auth/sign-out')).statusCode).toBe(204);
    expect((await other.call('GET', 'auth/me')).json()).toEqual({ user: null });
  });

  it('answers only its own origin, only with a preview session, and nowhere else', async () => {
    const { host, cookie } = await preview();
    const v = appVisitor(t, host, cookie);
    expect((await v.call('GET', 'collections/notes', undefined, { origin: 'http://evil.example' })).statusCode).toBe(403);
    expect((await appVisitor(t, host).call('GET', 'collections/notes')).statusCode).toBe(401);
    const api = await t.app.inject({ method: 'GET', url: '/_sprout/v1/collections/notes' });
    expect(api.statusCode).toBe(404);
  });

  it('stores uploads as the type their bytes say, and refuses what is not an image or document', async () => {
    const { host, cookie } = await preview();
    const v = appVisitor(t, host, cookie);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const up = await v.call('POST', 'files', png, { 'content-type': 'text/html', 'x-file-name': encodeURIComponent('../cat.png') });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ type: 'image/png', name: '.._cat.png', size: png.length });
    const got = await v.call('GET', up.json().url.replace('/_sprout/v1/', ''));
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(png)).toBe(true);
    const html = await v.call('POST', 'files', Buffer.from('<html><script>alert(1)</script>'), { 'content-type': 'image/png' });
    expect(html.statusCode).toBe(415);
  });
});

describe('an app backend on the published origin', () => {
  it('keeps each visitor to their own documents when no rules are written, the owner’s preview identity included', async () => {
    const { owner, sproutId, host, cookie } = await preview();
    expect((await appVisitor(t, host, cookie).call('POST', 'collections/notes', { text: 'owner’s test note' })).statusCode).toBe(201);
    const published = await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken });
    expect(published.statusCode, published.body).toBe(200);
    const siteHost = new URL(published.json().publicUrl).host;

    const a = appVisitor(t, siteHost);
    const added = await a.call('POST', 'collections/notes', { text: 'mine' });
    expect(added.statusCode, added.body).toBe(201);
    const doc = added.json();
    expect(doc).toMatchObject({ text: 'mine', createdBy: expect.stringMatching(/^visitor:/) });
    expect(doc.createdBy).not.toContain('owner-');
    expect(a.jar.get('sprout_visitor')).toBeTruthy();
    expect((await a.call('GET', 'collections/notes')).json().data.map((d: { text: string }) => d.text)).toEqual(['mine']);

    // The owner's preview session means nothing on the published origin: there they are a visitor like any other.
    const b = appVisitor(t, siteHost, cookie);
    expect((await b.call('GET', 'collections/notes')).json()).toEqual({ data: [], next: null });
    expect((await b.call('GET', `collections/notes/${doc.id}`)).statusCode).toBe(404);
    expect((await b.call('PATCH', `collections/notes/${doc.id}`, { text: 'theirs' })).statusCode).toBe(404);
    expect((await b.call('DELETE', `collections/notes/${doc.id}`)).statusCode).toBe(404);
    const filtered = await b.call('GET', `collections/notes?where=${encodeURIComponent(JSON.stringify({ createdBy: doc.createdBy }))}`);
    expect(filtered.json().data).toEqual([]);

    const patched = await a.call('PATCH', `collections/notes/${doc.id}`, { text: 'changed', extra: 1 });
    expect(patched.json()).toMatchObject({ text: 'changed', extra: 1 });
    expect((await a.call('DELETE', `collections/notes/${doc.id}`)).statusCode).toBe(204);
  });

  it('uses live data: empty at first, never the preview’s, a copy only when the owner asks; kept across unpublish', async () => {
    const { owner, sproutId, host, cookie } = await preview();
    await withRules(owner.idToken, sproutId, { collections: { entries: { create: 'anyone', read: 'anyone' } } });
    const tester = appVisitor(t, host, cookie);
    expect((await tester.call('POST', 'collections/entries', { text: 'from the preview' })).statusCode).toBe(201);

    const published = await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken });
    expect(published.statusCode, published.body).toBe(200);
    const siteHost = new URL(published.json().publicUrl).host;
    const visitor = appVisitor(t, siteHost);
    expect((await visitor.call('GET', 'collections/entries')).json().data).toEqual([]);
    expect((await visitor.call('POST', 'collections/entries', { text: 'live one' })).statusCode).toBe(201);
    // The preview still sees only its own.
    expect((await tester.call('GET', 'collections/entries')).json().data.map((d: { text: string }) => d.text)).toEqual(['from the preview']);
    // A preview visitor cookie is worth nothing on the live app (another dataset): a new visitor there.
    const copied = appVisitor(t, siteHost, tester.jar.has('sprout_visitor') ? `sprout_visitor=${tester.jar.get('sprout_visitor')}` : '');
    const res = await copied.call('GET', 'collections/entries');
    expect(copied.jar.get('sprout_visitor')).toBeTruthy();
    expect(res.json().data.map((d: { text: string }) => d.text)).toEqual(['live one']);

    await t.api('DELETE', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken });
    expect((await visitor.call('GET', 'collections/entries')).statusCode).toBe(404);
    const again = await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken, body: {} });
    expect(again.statusCode).toBe(200);
    expect((await visitor.call('GET', 'collections/entries')).json().data.map((d: { text: string }) => d.text)).toEqual(['live one']);

    await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken, body: { copyTestData: true } });
    expect((await visitor.call('GET', 'collections/entries')).json().data.map((d: { text: string }) => d.text)).toEqual(['from the preview']);
  });
});
