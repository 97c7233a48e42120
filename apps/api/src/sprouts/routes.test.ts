import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { Sprout } from '@sprout/core/contract';
import { endTokensIssuedBefore, getVersionFiles, schema, upsertSubscription } from '@sprout/db';
import { type Session, useTestApp } from '../testing';

const t = useTestApp();
let owner: Session;
let other: Session;
beforeAll(async () => {
  owner = await t.register();
  other = await t.register();
  // Unlimited projects, so this file's many creates never hit the free limit.
  await upsertSubscription(t.db.db, owner.user.id, { type: 'subscribed on web', tierType: 'tier-1' });
});

const create = (s: Session, body: unknown = {}) => t.api('POST', '/v1/sprouts', { token: s.idToken, body });

describe('POST /v1/sprouts', () => {
  it('creates a project named "Sprout - NNN" from the starter template', async () => {
    const res = await create(owner);
    expect(res.statusCode).toBe(201);
    const sprout = res.json();
    expect(sprout.displayName).toMatch(/^Sprout - [1-9]\d\d$/);
    expect(sprout).toMatchObject({ isDeploymentEnabled: false, publicUrl: null, isPinned: false, published: false });
    const files = await getVersionFiles(t.db.db, sprout.currentVersionId);
    expect(files.find((f) => f.path === 'client/src/App.tsx')?.content).toContain('Sprout starter');
  });

  it('makes the given files version 1', async () => {
    const res = await create(owner, {
      displayName: 'Mine',
      files: [
        { name: 'client/src/App.tsx', content: 'export default function App() { return <h1>Hi</h1>; }\n' },
        { name: 'client/index.html', content: '<div id="root"></div>' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const files = await getVersionFiles(t.db.db, res.json().currentVersionId);
    expect(files.map((f) => f.path)).toEqual(['client/index.html', 'client/src/App.tsx']);
  });

  it.each([
    ['../escape.ts'],
    ['/etc/passwd'],
    ['client/%2e%2e/x.ts'],
    ['client\\src\\a.ts'],
    ['node_modules/react/index.js'],
    ['client/src/a\u0000.ts'],
    ['client/src/run.exe'],
  ])('refuses a hostile file path %j and stores nothing', async (name) => {
    const before = (await t.api('GET', '/v1/sprouts', { token: other.idToken })).json().length;
    const res = await create(other, { files: [{ name, content: 'x' }] });
    expect(res.statusCode).toBe(400);
    // NUL is refused in every request before any schema sees it; the rest by the path rules.
    expect(res.json().code).toBe(name.includes('\u0000') ? 'invalid_request' : 'invalid_files');
    expect((await t.api('GET', '/v1/sprouts', { token: other.idToken })).json()).toHaveLength(before);
  });

  it('refuses duplicate paths', async () => {
    const res = await create(other, {
      files: [
        { name: 'a.ts', content: '1' },
        { name: 'a.ts', content: '2' },
      ],
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the project limit', () => {
  it('holds under 50 concurrent creates and answers 402 with the paywall', async () => {
    const s = await t.register();
    const results = await Promise.all(Array.from({ length: 50 }, () => create(s)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode === 402);
    expect(refused).toHaveLength(45);
    expect(refused[0]!.json()).toMatchObject({
      code: 'project_limit_reached',
      paywall: { source: 'project_limit_reached', destination: 'upgradeProjects' },
    });
    const usage = (await t.api('GET', '/usage', { token: s.idToken })).json();
    expect(usage.projects).toEqual({ limit: 5, used: 5, available: 0 });
  });

  it('frees a slot when a project is deleted', async () => {
    const s = await t.register();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await create(s)).json().id);
    expect((await create(s)).statusCode).toBe(402);
    expect((await t.api('DELETE', `/v1/sprouts/${ids[0]}`, { token: s.idToken })).statusCode).toBe(204);
    expect((await create(s)).statusCode).toBe(201);
  });
});

describe('list, get, patch, delete', () => {
  it('lists pinned first, then most recently updated, only the caller’s own', async () => {
    const s = await t.register();
    const a = (await create(s, { displayName: 'A' })).json();
    const b = (await create(s, { displayName: 'B' })).json();
    const c = (await create(s, { displayName: 'C' })).json();
    await t.api('PATCH', `/v1/sprouts/${a.id}`, { token: s.idToken, body: { isPinned: true } });
    await t.api('PATCH', `/v1/sprouts/${b.id}`, { token: s.idToken, body: { displayName: 'B renamed' } });
    const list = (await t.api('GET', '/v1/sprouts', { token: s.idToken })).json();
    expect(list.map((p: { id: string }) => p.id)).toEqual([a.id, b.id, c.id]);
    expect(list[1].displayName).toBe('B renamed');
  });

  it('lists each project exactly as the contract’s Sprout, as GET /v1/sprouts/:id answers it', async () => {
    const s = await t.register();
    const a = (await create(s, { displayName: 'Quoted “A” \\ <b>' })).json();
    await t.api('PATCH', `/v1/sprouts/${a.id}`, { token: s.idToken, body: { isPinned: true } });
    const res = await t.api('GET', '/v1/sprouts', { token: s.idToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // Strict: nothing internal (owner, slug, deployment, deletion) in the answer.
    const [listed] = z.array(Sprout.strict()).length(1).parse(res.json());
    // The list alone carries each project's thumbnail (none before a version was pictured).
    const { thumbnailId, ...project } = listed!;
    expect(thumbnailId).toBeNull();
    expect(project).toEqual((await t.api('GET', `/v1/sprouts/${a.id}`, { token: s.idToken })).json());
    expect(listed).toMatchObject({ displayName: 'Quoted “A” \\ <b>', isPinned: true });
  });

  it('gives a project the render check’s picture of its version as its thumbnail, which only its owner can open', async () => {
    const s = await t.register();
    const a = (await create(s, { displayName: 'Pictured' })).json();
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await t.app.services.screenshots.keep({ id: a.currentVersionId, sproutId: a.id, image: jpeg });
    const [listed] = (await t.api('GET', '/v1/sprouts', { token: s.idToken })).json();
    expect(listed.thumbnailId).toBe(a.currentVersionId);
    const picture = await t.api('GET', `/build/v1/sprouts/${a.id}/screenshots/${listed.thumbnailId}`, { token: s.idToken });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(new Uint8Array(picture.rawPayload)).toEqual(jpeg);
    expect((await t.api('GET', `/build/v1/sprouts/${a.id}/screenshots/${listed.thumbnailId}`, { token: other.idToken })).statusCode).toBe(404);
  });

  it('refuses the list to a token ended since (sign out everywhere) and to a removed account', async () => {
    const s = await t.register();
    await create(s);
    await endTokensIssuedBefore(t.db.db, s.user.id, new Date(Date.now() + 1000));
    const ended = await t.api('GET', '/v1/sprouts', { token: s.idToken });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('token_revoked');
    const gone = await t.register();
    await create(gone);
    await t.db.db.delete(schema.users).where(eq(schema.users.id, gone.user.id));
    const res = await t.api('GET', '/v1/sprouts', { token: gone.idToken });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_token');
  });

  it('PATCH takes the full object plus changes and changes only the editable fields', async () => {
    const p = (await create(owner, { displayName: 'Full' })).json();
    const res = await t.api('PATCH', `/v1/sprouts/${p.id}`, {
      token: owner.idToken,
      body: { ...p, id: 'someone-else', publicUrl: 'https://evil.example', published: true, displayName: '  Renamed  ', isPinned: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, displayName: 'Renamed', isPinned: true, publicUrl: null, published: false });
    expect((await t.api('GET', `/v1/sprouts/${p.id}`, { token: owner.idToken })).json().displayName).toBe('Renamed');
  });

  it('unpublish sets isDeploymentEnabled false; it cannot be turned on for a project never published', async () => {
    const p = (await create(owner)).json();
    const on = await t.api('PATCH', `/v1/sprouts/${p.id}`, { token: owner.idToken, body: { isDeploymentEnabled: true } });
    expect(on.statusCode).toBe(409);
    expect(on.json()).toMatchObject({ code: 'not_published', message: expect.stringContaining('Publish it first') });
    expect((await t.api('GET', `/v1/sprouts/${p.id}`, { token: owner.idToken })).json()).toMatchObject({ isDeploymentEnabled: false });
    const off = await t.api('PATCH', `/v1/sprouts/${p.id}`, { token: owner.idToken, body: { isDeploymentEnabled: false } });
    expect(off.json()).toMatchObject({ isDeploymentEnabled: false, published: false });
  });

  it('answers 404 for another user’s project on every verb and changes nothing', async () => {
    const p = (await create(owner, { displayName: 'Private' })).json();
    for (const [method, body] of [['GET'], ['PATCH', { displayName: 'Hacked' }], ['DELETE']] as const) {
      const res = await t.api(method, `/v1/sprouts/${p.id}`, { token: other.idToken, body });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Project not found.' });
    }
    expect((await t.api('GET', `/v1/sprouts/${p.id}`, { token: owner.idToken })).json().displayName).toBe('Private');
  });

  it('deletes: gone from the list and from GET', async () => {
    const p = (await create(owner)).json();
    expect((await t.api('DELETE', `/v1/sprouts/${p.id}`, { token: owner.idToken })).statusCode).toBe(204);
    expect((await t.api('GET', `/v1/sprouts/${p.id}`, { token: owner.idToken })).statusCode).toBe(404);
    expect((await t.api('DELETE', `/v1/sprouts/${p.id}`, { token: owner.idToken })).statusCode).toBe(404);
    const list = (await t.api('GET', '/v1/sprouts', { token: owner.idToken })).json();
    expect(list.some((x: { id: string }) => x.id === p.id)).toBe(false);
  });

  it('stores script payloads in names as plain text', async () => {
    const name = '<script>alert(1)</script>';
    const p = (await create(owner, { displayName: name })).json();
    expect(p.displayName).toBe(name);
    const res = await t.api('GET', `/v1/sprouts/${p.id}`, { token: owner.idToken });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the /v1/preview variant', () => {
  it('answers the same routes on the same data', async () => {
    const p = (await create(owner, { displayName: 'Both' })).json();
    const res = await t.api('GET', `/v1/preview/sprouts/${p.id}`, { token: owner.idToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().displayName).toBe('Both');
  });
});

describe('last edited time', () => {
  it('moves on a real rename only, not on pin or an unchanged name sent with the full object', async () => {
    const p = (await create(owner, { displayName: 'Stable' })).json();
    const pinned = (await t.api('PATCH', `/v1/sprouts/${p.id}`, { token: owner.idToken, body: { ...p, isPinned: true } })).json();
    expect(pinned.updatedAt).toBe(p.updatedAt);
    const renamed = (await t.api('PATCH', `/v1/sprouts/${p.id}`, { token: owner.idToken, body: { ...pinned, displayName: 'Moved' } })).json();
    expect(renamed.updatedAt > p.updatedAt).toBe(true);
  });
});
