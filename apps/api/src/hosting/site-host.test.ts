import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDeploymentFile, getPublishedSite, newId } from '@sprout/db';
import { type Session, useTestApp } from '../testing';

// TRUST_PROXY on: the forwarded host may route a proxied request to its app, never away from it.
const t = useTestApp({ TRUST_PROXY: 'true' });
let owner: Session;
let siteHost: string;
let sproutId: string;
beforeAll(async () => {
  owner = await t.register();
  sproutId = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: { displayName: 'Site Host' } })).json().id;
  siteHost = new URL((await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken })).json().publicUrl).host;
});

const request = (method: string, url: string, headers: Record<string, string>) => t.app.inject({ method: method as 'GET', url, headers });

describe('published app hosts', () => {
  it('answer HEAD like GET without a body, and refuse writes', async () => {
    const head = await request('HEAD', '/', { host: siteHost });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    const post = await request('POST', '/', { host: siteHost, 'content-type': 'application/json' });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('answer 404 for unknown slugs and 400 for undecodable paths', async () => {
    const unknown = await request('GET', '/', { host: 'no-such-app.sites.localhost:3001' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('There is no published app at this address');
    // Sprout's branded page, with a link to Sprout's home, and nothing about whose address it was.
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.body).toContain('<h1>This app is not published right now</h1>');
    expect(unknown.body).toContain('<a href="http://localhost:3000/">Build your own app with Sprout →</a>');
    expect((await request('GET', '/%E0%A4%A', { host: siteHost })).statusCode).toBe(400);
  });

  it("make a new browser one visitor with the page, before its scripts' first backend requests; a known visitor keeps theirs", async () => {
    const first = await request('GET', '/', { host: siteHost });
    expect(first.statusCode).toBe(200);
    const setCookie = [first.headers['set-cookie'] ?? []].flat();
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(/^sprout_visitor=[\w-]+\.[\w-]+\.[\w-]+; Path=\/_sprout\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    // Carrying one visitor's cookie, the page is theirs alone.
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const visitor = setCookie[0]!.split(';')[0]!;

    // The backend takes the page's cookie as the visitor: nothing new is set, and what they add is theirs.
    const written = await t.app.inject({
      method: 'POST',
      url: '/_sprout/v1/collections/notes',
      headers: { host: siteHost, cookie: visitor },
      payload: { text: 'mine' },
    });
    expect(written.statusCode, written.body).toBe(201);
    expect(written.headers['set-cookie']).toBeUndefined();
    const listed = await request('GET', '/_sprout/v1/collections/notes', { host: siteHost, cookie: visitor });
    expect(listed.json().data.map((d: { text: string }) => d.text)).toEqual(['mine']);

    const again = await request('GET', '/tasks/12', { host: siteHost, cookie: visitor });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['cache-control']).toBe('no-cache');
    // Files are the same for everyone: never a cookie.
    expect((await request('GET', '/favicon.ico', { host: siteHost })).headers['set-cookie']).toBeUndefined();
    // Another app's visitor cookie is worth nothing here: a new one is set.
    expect([(await request('GET', '/', { host: siteHost, cookie: 'sprout_visitor=not-a-token' })).headers['set-cookie']].flat()[0]).toMatch(
      /^sprout_visitor=ey/,
    );
  });

  it('follow a forwarded host to the app, but never from an app host to the API', async () => {
    const proxied = await request('GET', '/', { host: 'internal-upstream:3001', 'x-forwarded-host': siteHost });
    expect(proxied.body).toContain('<title>Sprout starter</title>');
    const escape = await request('GET', '/health', { host: siteHost, 'x-forwarded-host': 'localhost:3001' });
    // The app's own client-side route, not the API's health check.
    expect(escape.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(escape.body).toContain('<title>Sprout starter</title>');
    const preview = await request('GET', '/v1/sprouts', {
      host: `${sproutId}.preview.localhost:3001`,
      'x-forwarded-host': 'localhost:3001',
      authorization: `Bearer ${owner.idToken}`,
    });
    expect(preview.statusCode).toBe(401);
    expect(preview.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe("published apps' files", () => {
  // Each by a person of their own: a free plan publishes one app.
  async function published(name: string) {
    const someone = await t.register();
    const id = (await t.api('POST', '/v1/sprouts', { token: someone.idToken, body: { displayName: name } })).json().id as string;
    const res = await t.api('POST', `/build/v1/sprouts/${id}/publish`, { token: someone.idToken });
    expect(res.statusCode, res.body).toBe(200);
    const host = new URL(res.json().publicUrl).host;
    return { id, host, slug: host.split('.')[0]! };
  }
  const storageKeyOf = async (slug: string, path: string) => {
    const site = (await getPublishedSite(t.db.db, slug))!;
    return (await getDeploymentFile(t.db.db, site.deploymentId, path))!.storageKey!;
  };

  it('come from the file store once, then from the instance’s memory: a deployment never changes', async () => {
    const app = await published('Cached Site');
    const page = await request('GET', '/', { host: app.host });
    const script = /<script type="module" src="([^"]+)"/.exec(page.body)![1]!;
    const style = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)![1]!;
    const js = await request('GET', script, { host: app.host });
    expect(js.statusCode).toBe(200);
    // Their bytes gone from the store (by hand): what was read is still served, from memory.
    for (const path of ['index.html', script.slice(1), style.slice(1)]) await t.app.services.files.store.delete(await storageKeyOf(app.slug, path));
    expect((await request('GET', '/', { host: app.host })).body).toBe(page.body);
    expect((await request('GET', script, { host: app.host })).body).toBe(js.body);
    // A file never read whose bytes the store lost is a missing file, and the log says which.
    expect((await request('GET', style, { host: app.host })).statusCode).toBe(404);
    expect(t.logs).toContainEqual(
      expect.objectContaining({ msg: 'a published file is missing from the file store', key: await storageKeyOf(app.slug, style.slice(1)) }),
    );
  });

  it('published before the file store kept them are served from their rows', async () => {
    const app = await published('Old Site');
    // A deployment as an older version stored it: the bytes in the rows, no keys.
    const old = newId();
    const page = Buffer.from('<!doctype html><title>Stored in the row</title><script type="module" src="/assets/old-1.js"></script>');
    const script = Buffer.from('console.log("from the row")');
    await t.db.db.execute(sql`insert into deployments (id, sprout_id, version_id, file_count, total_bytes)
      values (${old}, ${app.id}, 'v-old', 2, ${page.length + script.length})`);
    await t.db.db.execute(sql`insert into deployment_files (deployment_id, path, content_type, content) values
      (${old}, 'index.html', 'text/html; charset=utf-8', ${page}), (${old}, 'assets/old-1.js', 'text/javascript; charset=utf-8', ${script})`);
    await t.db.db.execute(sql`update sprouts set active_deployment_id = ${old} where id = ${app.id}`);
    const served = await request('GET', '/some/route', { host: app.host });
    expect(served.statusCode).toBe(200);
    // As stored, with its head tags (site-head.ts) and the visits script before its first script (it has no head).
    expect(served.body).toMatch(
      /^<!doctype html><title>Stored in the row<\/title><link rel="canonical"[^]*<script src="\/_sprout\/visits.js" defer><\/script><script type="module" src="\/assets\/old-1.js"><\/script>$/,
    );
    const js = await request('GET', '/assets/old-1.js', { host: app.host });
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toBe(script.toString());
  });
});
