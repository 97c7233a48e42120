import { describe, expect, it } from 'vitest';
import { RUN_EVENT_TYPES } from '@sprout/core/contract';
import { useTestApp } from './testing';

const t = useTestApp({ CORS_ORIGINS: 'https://app.example.com' });

describe('the API server', () => {
  it('answers /health with the database kind', async () => {
    const res = await t.api('GET', '/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('publishes an OpenAPI document covering the routes', async () => {
    const doc = (await t.api('GET', '/v1/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/v1/sprouts',
      '/v1/sprouts/{id}',
      '/v1/auth/login',
      '/usage',
      '/v1/me',
      '/v1/flags',
      '/v1/user/visits',
      // Apps' backends, served on their own origins.
      '/_sprout/v1/collections/{name}',
      '/_sprout/v1/collections/{name}/{id}',
      '/_sprout/v1/collections/{name}/events',
      '/_sprout/v1/auth/sign-in',
      '/_sprout/v1/files',
      '/build/v1/sprouts/{id}/data/{dataset}',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it('describes the run event stream with the contract: every event type, as text/event-stream', async () => {
    const doc = (await t.api('GET', '/v1/openapi.json')).json();
    const stream = doc.paths['/build/v1/runs/{id}/events'].get.responses['200'].content['text/event-stream'].schema;
    const ref = stream.$ref ? doc.components.schemas[stream.$ref.split('/').pop()] : stream;
    const types = ref.oneOf.map(
      (variant: { properties: { type: { const?: string; enum?: string[] } } }) => variant.properties.type.const ?? variant.properties.type.enum?.[0],
    );
    expect(types).toEqual([...RUN_EVENT_TYPES]);
    expect(types).toContain('check.result');
  });

  it('declares, on every route that names a record, what the caller must own (loaded before the handler)', () => {
    // Shared by design: a share link is opened by anyone signed in; staff tools name other people.
    const shared = (url: string) => /\/magic\/:id/.test(url);
    const named = t.app.routeTable.filter((r) => /:(id|versionId)\b/.test(r.url) && r.auth === 'user' && !shared(r.url));
    expect(named.length).toBeGreaterThan(20);
    for (const r of named) expect(r.owns, `${r.method} ${r.url}`).not.toBeNull();
    const versioned = t.app.routeTable.filter((r) => r.url.includes(':versionId'));
    for (const r of versioned) expect(r.owns, `${r.method} ${r.url}`).toBe('version');
  });

  it('allows CORS only from configured web origins, without credentials', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/v1/sprouts',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    for (const origin of ['http://localhost:3000', 'https://app.example.com']) {
      const ok = await preflight(origin);
      expect(ok.headers['access-control-allow-origin']).toBe(origin);
      expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    }
    for (const origin of ['https://evil.example.com', 'http://localhost:3000.evil.com', 'null']) {
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});
