import { Health, Unavailable } from '@sprout/core/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDb } from '@sprout/db';
import type { Services } from '../services';

export const healthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get(
    '/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        response: {
          200: Health,
          503: Unavailable,
        },
      },
    },
    async (req, reply) => {
      if (s.instance.draining) return reply.status(503).send({ status: 'draining' as const, database: s.dbHandle.kind });
      try {
        await pingDb(s.db);
        return { status: 'ok' as const, database: s.dbHandle.kind };
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable' as const, database: s.dbHandle.kind });
      }
    },
  );
};
