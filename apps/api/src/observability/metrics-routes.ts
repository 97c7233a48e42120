import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken, tokenMatches } from '../plugins/authenticate';
import { unauthenticated } from '../errors';
import type { Services } from '../services';

/**
 * Prometheus scrapes `GET /metrics` (text format). With METRICS_TOKEN set only
 * `Authorization: Bearer <token>` reads it; without, it is open (keep the port off the internet).
 * Sprout's own tokens mean nothing here: the route is outside the accounts' authentication.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const expected = s.config.observability.metricsToken;
    if (expected && !tokenMatches(bearerToken(request), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthenticated('The metrics need the bearer token set in METRICS_TOKEN.');
    }
    const { contentType, body } = await s.metrics.render();
    return reply.header('content-type', contentType).send(body);
  });
};
