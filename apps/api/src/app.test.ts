import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: 'https://app.example.com' });
});
afterAll(async () => {
  await t?.close();
});

describe('the API server', () => {
  it('answers /health with the database kind', async () => {
    const res = await t.api('GET', '/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('publishes an OpenAPI document covering the routes', async () => {
    const doc = (await t.api('GET', '/v1/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/v1/sprouts', '/v1/sprouts/{id}', '/v1/auth/login', '/usage', '/v1/me', '/v1/flags', '/v1/user/visits']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
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
