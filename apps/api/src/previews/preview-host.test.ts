import { beforeAll, describe, expect, it } from 'vitest';
import { createVersion, getVersionFiles } from '@sprout/db';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type Session, useTestApp } from '../testing';
import { PreviewTokens } from './preview-tokens';

const t = useTestApp();
let owner: Session;
let other: Session;
let sproutId: string;
let otherSproutId: string;

beforeAll(async () => {
  owner = await t.register();
  other = await t.register();
  sproutId = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: {} })).json().id;
  otherSproutId = (await t.api('POST', '/v1/sprouts', { token: other.idToken, body: {} })).json().id;
});

const hostOf = (id: string) => `${id}.preview.localhost:3001`;
const get = (host: string, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
const tokens = () => new PreviewTokens(t.app.services.keys, t.app.services.config.issuer);
/** The URL of the page's client/src/App.tsx module. */
const appModule = (html: string) => /"(\/_sprout\/build\/[a-z0-9]+\/App\.tsx\.[a-f0-9]+\.js)"/.exec(html)![1]!;

async function previewSession(s: Session, id: string, body: unknown = {}) {
  return t.api('POST', `/build/v1/sprouts/${id}/preview-session`, { token: s.idToken, body });
}

/** Follows the preview link like the iframe does; returns the cookie the preview origin set. */
async function openPreview(s: Session, id: string, body: unknown = {}): Promise<string> {
  const url = new URL((await previewSession(s, id, body)).json().url);
  const res = await get(url.host, url.pathname + url.search);
  expect(res.statusCode).toBe(303);
  return (res.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
}

describe('POST /build/v1/sprouts/:id/preview-session', () => {
  it('gives the owner a short-lived link on the project’s own origin', async () => {
    const res = await previewSession(owner, sproutId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.origin).toBe(`http://${sproutId}.preview.localhost:3001`);
    const url = new URL(body.url);
    expect(url.origin).toBe(body.origin);
    expect(url.pathname).toBe('/_sprout/session');
    expect(url.searchParams.get('path')).toBe('/');
    const ttl = new Date(body.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
  });

  it('answers 404 for another user’s project and 401 without a token', async () => {
    expect((await previewSession(other, sproutId)).statusCode).toBe(404);
    expect((await t.api('POST', `/build/v1/sprouts/${sproutId}/preview-session`, { body: {} })).statusCode).toBe(401);
  });

  it('refuses a path that could leave the preview origin', async () => {
    const res = await previewSession(owner, sproutId, { path: '//evil.example/x' });
    expect(res.statusCode).toBe(400);
  });
});

describe('the preview origin', () => {
  it('exchanges the link for a host-only, HttpOnly cookie and drops the token from the address', async () => {
    const url = new URL((await previewSession(owner, sproutId, { path: '/tasks?tab=2' })).json().url);
    const res = await get(url.host, url.pathname + url.search);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/tasks?tab=2');
    const [framed, lax] = res.headers['set-cookie'] as string[];
    expect(framed).toMatch(/^sprout_preview=[\w.-]+; Path=\/; Max-Age=7200; HttpOnly; Secure; SameSite=None; Partitioned$/);
    expect(lax).toMatch(/^sprout_preview_lax=[\w.-]+; Path=\/; Max-Age=7200; HttpOnly; SameSite=Lax$/);
    expect(`${framed}${lax}`).not.toMatch(/Domain=/i);
    // Either cookie alone opens the preview.
    expect((await get(url.host, '/', { cookie: lax!.split(';')[0]! })).statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // The request log shows that a grant was exchanged, never the grant.
    const grant = url.searchParams.get('token')!;
    expect(t.logs.some((l) => JSON.stringify(l).includes('/_sprout/session?token=[redacted]'))).toBe(true);
    expect(JSON.stringify(t.logs)).not.toContain(grant);
  });

  it('serves the current version with its scripts, styles and vendor files, and strict headers', async () => {
    const cookie = await openPreview(owner, sproutId);
    const page = await get(hostOf(sproutId), '/', { cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Sprout starter</title>');
    // The load's tag, for the bridge's runtime-error reports: this person, this version, nothing more.
    const tag = /<head[^>]*><meta name="sprout-load" content="([\w.-]+)">/.exec(page.body)![1]!;
    const current = (await t.api('GET', `/v1/sprouts/${sproutId}`, { token: owner.idToken })).json().currentVersionId;
    expect(await tokens().verify(tag, 'load', sproutId)).toEqual({ userId: owner.user.id, versionId: current, issuedAt: expect.any(Number), isolated: false });
    expect(await tokens().verify(tag, 'session', sproutId)).toBeNull();
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).toContain('frame-ancestors http://localhost:3000');
    expect(csp).not.toContain("'unsafe-eval'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(page.headers['cache-control']).toBe('no-store');

    const script = appModule(page.body);
    const js = await get(hostOf(sproutId), script, { cookie });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toContain('Sprout starter');
    expect((await get(hostOf(sproutId), script)).statusCode).toBe(401);

    const map = JSON.parse(/<script type="importmap">(.*?)<\/script>/.exec(page.body)![1]!).imports;
    const vendor = await get(hostOf(sproutId), map.react);
    expect(vendor.statusCode).toBe(200);
    expect(vendor.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(hostOf(sproutId), map.react.replace(/\/[^/]+\/react\.js$/, '/0000000000000000/react.js'))).statusCode).toBe(404);

    // Client-side routes get the page too.
    expect((await get(hostOf(sproutId), '/some/route', { cookie })).body).toContain('Sprout starter');
    expect((await get(hostOf(sproutId), '/missing.png', { cookie })).statusCode).toBe(404);
  });

  it('shows a chosen version of the owner’s project with ?version=', async () => {
    const first = (await t.api('GET', `/v1/sprouts/${sproutId}`, { token: owner.idToken })).json().currentVersionId;
    const files = await getVersionFiles(t.db.db, first);
    const edited = files.map((f) =>
      f.path === 'client/src/App.tsx' ? { ...f, content: 'export default function App() { return <h1>Second version</h1>; }\n' } : f,
    );
    await t.db.db.transaction((tx) => createVersion(tx, { sproutId, files: edited, source: 'test' }));
    const cookie = await openPreview(owner, sproutId);
    const script = async (url: string) => {
      const page = await get(hostOf(sproutId), url, { cookie });
      return (await get(hostOf(sproutId), appModule(page.body), { cookie })).body;
    };
    expect(await script('/')).toContain('Second version');
    expect(await script(`/?version=${first}`)).toContain('Sprout starter');
    const foreign = (await t.api('GET', `/v1/sprouts/${otherSproutId}`, { token: other.idToken })).json().currentVersionId;
    // Another project's version is not this project's: the page goes to its own current version.
    const elsewhere = await get(hostOf(sproutId), `/?version=${foreign}`, { cookie });
    expect([elsewhere.statusCode, elsewhere.headers.location]).toEqual([303, '/']);
  });

  it('shows build errors in the page and through the build API', async () => {
    const id = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: {} })).json().id;
    const files = await getVersionFiles(t.db.db, (await t.api('GET', `/v1/sprouts/${id}`, { token: owner.idToken })).json().currentVersionId);
    const broken = files.map((f) =>
      f.path === 'client/src/App.tsx' ? { ...f, content: 'export default function App() {\n  const x = ;\n  return x;\n}\n' } : f,
    );
    await t.db.db.transaction((tx) => createVersion(tx, { sproutId: id, files: broken, source: 'test' }));
    const cookie = await openPreview(owner, id);
    const page = await get(hostOf(id), '/', { cookie });
    expect(page.body).toContain('This version does not build');
    expect(page.body).toContain('client/src/App.tsx:2:13');
    const status = (await t.api('GET', `/build/v1/sprouts/${id}/build`, { token: owner.idToken })).json();
    expect(status).toMatchObject({ ok: false, errors: [{ file: 'client/src/App.tsx', line: 2, column: 13, message: 'Unexpected ";"' }] });
  });

  it('answers 401 without a cookie, with a forged or expired token, or a token for another project', async () => {
    expect((await get(hostOf(sproutId), '/')).statusCode).toBe(401);
    const forged = (await tokens().sign('session', owner.user.id, sproutId)).token.replace(/.{4}$/, 'AAAA');
    expect((await get(hostOf(sproutId), '/', { cookie: `sprout_preview=${forged}` })).statusCode).toBe(401);
    const expired = (await tokens().sign('grant', owner.user.id, sproutId, Date.now() - 10 * 60_000)).token;
    expect((await get(hostOf(sproutId), `/_sprout/session?token=${expired}`)).statusCode).toBe(401);
    const otherProject = await openPreview(other, otherSproutId);
    expect((await get(hostOf(sproutId), '/', { cookie: otherProject })).statusCode).toBe(401);
    const grantAsSession = (await tokens().sign('grant', owner.user.id, sproutId)).token;
    expect((await get(hostOf(sproutId), '/', { cookie: `sprout_preview=${grantAsSession}` })).statusCode).toBe(401);
    const idTokenAsCookie = await get(hostOf(sproutId), '/', { cookie: `sprout_preview=${owner.idToken}` });
    expect(idTokenAsCookie.statusCode).toBe(401);
    expect(idTokenAsCookie.body).toContain('Preview link expired');
  });

  it('answers 404 to a validly signed session of someone who does not own the project', async () => {
    const stranger = (await tokens().sign('session', other.user.id, sproutId)).token;
    expect((await get(hostOf(sproutId), '/', { cookie: `sprout_preview=${stranger}` })).statusCode).toBe(404);
  });

  it('never accepts a preview token as an API bearer token', async () => {
    const grant = (await tokens().sign('grant', owner.user.id, sproutId)).token;
    expect((await t.api('GET', '/v1/sprouts', { token: grant })).statusCode).toBe(401);
  });
});

describe('app hosts never reach the API', () => {
  const hosts = () => [hostOf(sproutId), 'preview.localhost:3001', 'x.y.preview.localhost:3001', 'nope.sites.localhost:3001'];

  it.each([
    ['GET', '/health'],
    ['GET', '/v1/sprouts'],
    ['GET', '/v1/openapi.json'],
    ['POST', '/v1/auth/register'],
    ['OPTIONS', '/v1/sprouts'],
    ['DELETE', `/v1/sprouts/x`],
  ])('%s %s', async (method, url) => {
    for (const host of hosts()) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { host, authorization: `Bearer ${owner.idToken}`, origin: 'http://localhost:3000', 'content-type': 'application/json' },
        payload: method === 'POST' ? JSON.stringify({ email: 'x@example.com', password: 'correct horse battery', displayName: 'X' }) : undefined,
      });
      expect(res.statusCode, `${host} ${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type']).not.toMatch(/json/);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['content-security-policy']).toContain('frame-ancestors');
    }
  });

  it('leaves other hosts to the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health', headers: { host: 'localhost:3001' } });
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});

describe('preview sessions', () => {
  it('a grant opens the preview once: a copied link opens nothing', async () => {
    const url = new URL((await previewSession(owner, sproutId)).json().url);
    expect((await get(url.host, url.pathname + url.search)).statusCode).toBe(303);
    const again = await get(url.host, url.pathname + url.search);
    expect(again.statusCode).toBe(401);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('signing out of Sprout ends the preview cookie and any grant not yet used', async () => {
    const person = await t.register();
    const id = (await t.api('POST', '/v1/sprouts', { token: person.idToken, body: {} })).json().id as string;
    const cookie = await openPreview(person, id);
    const unused = new URL((await previewSession(person, id)).json().url);
    expect((await get(hostOf(id), '/', { cookie })).statusCode).toBe(200);
    expect((await t.api('POST', '/v1/auth/logout', { body: { refreshToken: person.refreshToken } })).statusCode).toBe(204);
    expect((await get(hostOf(id), '/', { cookie })).statusCode).toBe(401);
    expect((await get(unused.host, unused.pathname + unused.search)).statusCode).toBe(401);
  });
});

describe('shared vendor files', () => {
  it('are built only for a preview session: a cookieless request gets what is built already, or 404', async () => {
    // A cache of its own, so nothing is built before this test asks.
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'sprout-vendor-'));
    const own = await createTestApp({ PREVIEW_CACHE_DIR: cacheDir });
    try {
      const person = await own.register();
      const id = (await own.api('POST', '/v1/sprouts', { token: person.idToken, body: {} })).json().id as string;
      const url = `/_sprout/vendor/${own.app.services.previews.vendor.key}/zustand.js`;
      const fetchVendor = (cookie?: string) => own.app.inject({ method: 'GET', url, headers: { host: hostOf(id), ...(cookie ? { cookie } : {}) } });
      expect((await fetchVendor()).statusCode).toBe(404);
      const grant = new URL((await own.api('POST', `/build/v1/sprouts/${id}/preview-session`, { token: person.idToken, body: {} })).json().url);
      const exchanged = await own.app.inject({ method: 'GET', url: grant.pathname + grant.search, headers: { host: grant.host } });
      const cookie = (exchanged.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
      expect((await fetchVendor(cookie)).statusCode).toBe(200);
      // Built now: the shared file is served to anyone, as the page's import map expects.
      expect((await fetchVendor()).statusCode).toBe(200);
    } finally {
      await own.close();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
