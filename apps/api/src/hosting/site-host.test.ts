import { beforeAll, describe, expect, it } from 'vitest';
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
