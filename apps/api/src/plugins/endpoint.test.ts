import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@sprout/core/contract';
import { registerEndpoint } from './endpoint';

async function serverWith(prefix: string, routes: FastifyPluginAsyncZod) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(routes, { prefix });
  await app.ready();
  return app;
}

describe('registerEndpoint', () => {
  it('refuses at start-up to serve an endpoint under another base than its own', async () => {
    const misplaced: FastifyPluginAsyncZod = async (app) => {
      registerEndpoint(app, ENDPOINTS.logout, { config: { auth: 'public' } }, async () => undefined);
    };
    await expect(serverWith('/build/v1', misplaced)).rejects.toThrow(/logout belongs under '\/v1', not '\/build\/v1'/);
    // The `/v1/preview` variant is the same endpoint, so an `api` endpoint may be served there too.
    await (await serverWith('/v1/preview', misplaced)).close();
  });

  it("answers with the contract's status: the reply's JSON, or nothing for an empty answer", async () => {
    const app = await serverWith('/v1', async (v1) => {
      registerEndpoint(v1, ENDPOINTS.requestPasswordReset, { config: { auth: 'public' } }, async () => ({ message: 'Sent.' }));
      registerEndpoint(v1, ENDPOINTS.logout, { config: { auth: 'public' } }, async () => undefined);
    });
    const reset = await app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email: 'a@example.com' } });
    expect(reset.statusCode).toBe(ENDPOINTS.requestPasswordReset.reply.status);
    expect(reset.json()).toEqual({ message: 'Sent.' });
    const out = await app.inject({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken: 'x' } });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    // The body is validated by the contract's schema before the handler runs.
    expect((await app.inject({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken: 1 } })).statusCode).toBe(400);
    await app.close();
  });

  it('lets a handler that sends its own answer (a file) keep its status and headers', async () => {
    const app = await serverWith('/build/v1', async (build) => {
      registerEndpoint(build, ENDPOINTS.uploaded, { config: { auth: 'user' } }, async (_req, reply) =>
        reply.header('content-type', 'image/png').send(Buffer.from([1, 2, 3])),
      );
    });
    const res = await app.inject({ method: 'GET', url: '/build/v1/uploads/abc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload).toEqual(Buffer.from([1, 2, 3]));
    await app.close();
  });
});
