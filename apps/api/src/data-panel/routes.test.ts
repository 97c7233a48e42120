import { beforeAll, describe, expect, it } from 'vitest';
import { upsertSubscription } from '@sprout/db';
import type { AppDocument, DataOverview, DocumentPage } from '@sprout/core/contract';
import { type Session, useTestApp } from '../testing';
import { addAppUser, addDocument, projectWithRules } from './test-helpers';

const t = useTestApp();
let owner: Session;
let other: Session;
beforeAll(async () => {
  [owner, other] = await Promise.all([t.register(), t.register()]);
  // Unlimited projects: this file makes many.
  await upsertSubscription(t.db.db, owner.user.id, { type: 'subscribed on web', tierType: 'tier-1' });
});

const data = (id: string, rest = '') => `/build/v1/sprouts/${id}/data${rest}`;
const get = (s: Session | null, url: string) => t.api('GET', url, { token: s?.idToken ?? null });

describe('the Data panel’s API', () => {
  it('shows the owner every document of a dataset, with the rules in words, and nobody else anything', async () => {
    const sprout = await projectWithRules(t, owner);
    const ada = await addDocument(t, sprout.id, 'test', 'bookings', { name: 'Ada', slot: '10:00' });
    await addDocument(t, sprout.id, 'test', 'notes', { text: 'hello' });
    await addDocument(t, sprout.id, 'live', 'bookings', { name: 'Live', slot: '09:00' });

    const overview = await get(owner, data(sprout.id, '/test'));
    expect(overview.statusCode, overview.body).toBe(200);
    const body = overview.json() as DataOverview;
    expect(body.collections).toEqual([
      {
        name: 'bookings',
        documents: 1,
        declared: true,
        rules: 'Anyone can add to bookings. Only you can see, change and delete them.',
      },
      { name: 'notes', documents: 1, declared: false, rules: expect.stringContaining('Each visitor') },
      { name: 'tasks', documents: 0, declared: true, rules: expect.stringContaining('Signed-in users of your app can add to tasks') },
    ]);
    expect(body.usage.documents).toBe(2);
    expect(body.usage.bytes).toBeGreaterThan(0);
    expect(body.limits.documents).toBe(100_000);
    expect(body).toMatchObject({ rulesProblems: null, published: false });

    const page = (await get(owner, data(sprout.id, '/test/collections/bookings'))).json() as DocumentPage;
    expect(page).toEqual({
      data: [
        {
          id: ada.id,
          createdAt: ada.createdAt.toISOString(),
          updatedAt: ada.updatedAt.toISOString(),
          createdBy: 'visitor:v1',
          data: { name: 'Ada', slot: '10:00' },
        },
      ],
      next: null,
    });
    // Test and live never mix.
    const live = (await get(owner, data(sprout.id, '/live/collections/bookings'))).json() as DocumentPage;
    expect(live.data.map((d) => d.data.name)).toEqual(['Live']);

    // Someone else's project answers exactly like a missing one, on every route.
    const doc = `/test/collections/bookings/${ada.id}`;
    for (const [method, url, body] of [
      ['GET', data(sprout.id, '/test')],
      ['GET', data(sprout.id, '/test/collections/bookings')],
      ['PUT', data(sprout.id, doc), { data: { name: 'x', slot: 'y' } }],
      ['DELETE', data(sprout.id, doc)],
      ['GET', data(sprout.id, '/test/export')],
      ['POST', data(sprout.id, '/test/reset')],
      ['GET', data(sprout.id, '/test/users')],
      ['DELETE', data(sprout.id, '/test/users/someone')],
    ] as const) {
      const res = await t.api(method, url, { token: other.idToken, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('not_found');
      expect((await t.api(method, url, { body })).statusCode, `${method} ${url} without a token`).toBe(401);
    }
    expect((await get(owner, data(sprout.id, '/test/collections/bookings'))).json().data).toHaveLength(1);
  });

  it('pages a collection newest first', async () => {
    const sprout = await projectWithRules(t, owner, null);
    for (let i = 0; i < 5; i++) await addDocument(t, sprout.id, 'test', 'scores', { n: i });
    const seen: number[] = [];
    let next: string | null = null;
    do {
      const query: string = `?limit=2${next ? `&after=${next}` : ''}`;
      const res = await get(owner, data(sprout.id, `/test/collections/scores${query}`));
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as DocumentPage;
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((d) => d.data.n as number));
      next = page.next;
    } while (next);
    expect(seen).toEqual([4, 3, 2, 1, 0]);
  });

  it('edits a document under the collection’s rules, and deletes it', async () => {
    const sprout = await projectWithRules(t, owner);
    const doc = await addDocument(t, sprout.id, 'test', 'bookings', { name: 'Ada', slot: '10:00' });
    const url = data(sprout.id, `/test/collections/bookings/${doc.id}`);

    const saved = await t.api('PUT', url, { token: owner.idToken, body: { data: { name: 'Ada L.', slot: '11:00' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: doc.id, createdBy: 'visitor:v1', data: { name: 'Ada L.', slot: '11:00' } } satisfies Partial<AppDocument>);

    const invalid = await t.api('PUT', url, { token: owner.idToken, body: { data: { slot: 12 } } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'invalid_document', problems: ['"name" is required.', '"slot" must be a string.'] });

    const removed = await t.api('DELETE', url, { token: owner.idToken });
    expect(removed.statusCode).toBe(204);
    expect((await t.api('DELETE', url, { token: owner.idToken })).statusCode).toBe(404);
    expect((await t.api('PUT', url, { token: owner.idToken, body: { data: { name: 'x', slot: 'y' } } })).statusCode).toBe(404);
  });

  it('refuses what is not a dataset, a collection, a document or a page', async () => {
    const sprout = await projectWithRules(t, owner, null);
    const bad = [
      ['GET', data(sprout.id, '/prod')],
      ['GET', data(sprout.id, '/test/collections/no%20spaces')],
      ['GET', data(sprout.id, '/test/collections/notes?limit=0')],
      ['GET', data(sprout.id, '/test/collections/notes?limit=201')],
      ['GET', data(sprout.id, '/test/collections/notes?after=not-a-cursor')],
      ['GET', data(sprout.id, '/test/export?format=xml')],
      ['GET', data(sprout.id, '/test/export?format=csv')],
      ['PUT', data(sprout.id, '/test/collections/notes/abc'), { data: [1, 2] }],
      ['PUT', data(sprout.id, '/test/collections/notes/abc'), { data: {}, extra: 1 }],
      ['PUT', data(sprout.id, '/test/collections/notes/abc'), { data: { id: 'mine' } }],
      ['PUT', data(sprout.id, '/test/collections/notes/ABC!'), { data: {} }],
    ] as const;
    for (const [method, url, body] of bad) {
      const res = await t.api(method, url, { token: owner.idToken, body: body as unknown });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
    }
    // Live data is never reset from here.
    expect((await t.api('POST', data(sprout.id, '/live/reset'), { token: owner.idToken })).statusCode).toBe(404);
  });

  it('exports JSON and CSV, with text a spreadsheet would run turned into plain text', async () => {
    const sprout = await projectWithRules(t, owner, null, 'Guest Book');
    const first = await addDocument(t, sprout.id, 'test', 'entries', { name: 'Ada', note: '=HYPERLINK("http://evil.example","click")' });
    await addDocument(t, sprout.id, 'test', 'entries', { name: 'Bo, "the" second', tags: ['a', 'b'], score: -3 });
    await addDocument(t, sprout.id, 'test', 'other', { x: 1 });

    const all = await get(owner, data(sprout.id, '/test/export'));
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(all.headers['content-disposition']).toBe('attachment; filename="guest-book-test-data.json"');
    const json = all.json() as Record<string, AppDocument[]>;
    expect(Object.keys(json)).toEqual(['entries', 'other']);
    expect(json.entries!.map((d) => d.data.name)).toEqual(['Ada', 'Bo, "the" second']);
    expect(json.entries![0]).toMatchObject({ id: first.id, createdBy: 'visitor:v1' });

    const one = await get(owner, data(sprout.id, '/test/export?format=json&collection=other'));
    expect(Object.keys(one.json())).toEqual(['other']);

    const csv = await get(owner, data(sprout.id, '/test/export?format=csv&collection=entries'));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="guest-book-test-entries.csv"');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,createdAt,updatedAt,createdBy,name,note,tags,score');
    expect(lines[1]).toBe(
      `${first.id},${first.createdAt.toISOString()},${first.updatedAt.toISOString()},visitor:v1,Ada,"'=HYPERLINK(""http://evil.example"",""click"")",,`,
    );
    expect(lines[2]).toMatch(/,visitor:v1,"Bo, ""the"" second",,"\[""a"",""b""\]",-3$/);

    // A collection with nothing in it is an empty export, not an error.
    expect((await get(owner, data(sprout.id, '/test/export?format=csv&collection=empty'))).body.trimEnd()).toBe('\ufeffid,createdAt,updatedAt,createdBy');
  });

  it('resets the test data and leaves the live data alone', async () => {
    const sprout = await projectWithRules(t, owner, null);
    await addDocument(t, sprout.id, 'test', 'notes', { text: 'test' });
    await addDocument(t, sprout.id, 'live', 'notes', { text: 'live' });
    await addAppUser(t, sprout.id, 'test', 'tester@example.com');
    const heard: string[] = [];
    const stop = t.app.services.appChanges.subscribe({ sproutId: sprout.id, dataset: 'test', collection: 'notes' }, (c) => heard.push(c.op));
    const res = await t.api('POST', data(sprout.id, '/test/reset'), { token: owner.idToken });
    expect(res.statusCode).toBe(204);
    // Open previews hear about it (on PostgreSQL a moment later, by NOTIFY).
    await expect.poll(() => heard).toEqual(['reset']);
    stop();
    expect((await get(owner, data(sprout.id, '/test'))).json()).toMatchObject({ collections: [], usage: { documents: 0, bytes: 0 } });
    expect((await get(owner, data(sprout.id, '/test/users'))).json()).toEqual({ users: [] });
    expect((await get(owner, data(sprout.id, '/live'))).json().collections).toMatchObject([{ name: 'notes', documents: 1 }]);
  });

  it('lists and removes the app’s users, per dataset', async () => {
    const sprout = await projectWithRules(t, owner, null);
    const ada = await addAppUser(t, sprout.id, 'live', 'ada@example.com');
    await addAppUser(t, sprout.id, 'test', 'tester@example.com');
    const list = await get(owner, data(sprout.id, '/live/users'));
    expect(list.json()).toEqual({ users: [{ id: ada.id, email: 'ada@example.com', createdAt: ada.createdAt.toISOString() }] });
    expect((await t.api('DELETE', data(sprout.id, `/test/users/${ada.id}`), { token: owner.idToken })).statusCode).toBe(404);
    expect((await t.api('DELETE', data(sprout.id, `/live/users/${ada.id}`), { token: owner.idToken })).statusCode).toBe(204);
    expect((await get(owner, data(sprout.id, '/live/users'))).json()).toEqual({ users: [] });
    expect((await get(owner, data(sprout.id, '/test/users'))).json().users).toHaveLength(1);
  });
});
