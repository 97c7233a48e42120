import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addRoutePreHandler } from './route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    tag?: string;
  }
}

describe('addRoutePreHandler', () => {
  it('runs on the routes that declare it only, after their own preHandlers, HEAD included', async () => {
    const app = Fastify();
    const seen: string[] = [];
    app.addHook('onRoute', (route) => {
      const tag = route.config?.tag;
      if (tag) addRoutePreHandler(route, async (request) => void seen.push(`${request.method} ${tag}`));
    });
    app.get('/tagged', { config: { tag: 'a' }, preHandler: async () => void seen.push('own') }, async () => ({ ok: true }));
    app.get('/tagged-only', { config: { tag: 'b' } }, async () => ({ ok: true }));
    app.get('/plain', async () => ({ ok: true }));
    expect((await app.inject({ method: 'GET', url: '/tagged' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/plain' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/tagged-only' })).statusCode).toBe(200);
    expect(seen).toEqual(['own', 'GET a', 'HEAD b']);
    await app.close();
  });
});
