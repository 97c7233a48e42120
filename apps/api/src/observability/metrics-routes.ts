import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../plugins/authenticate';
import { unauthenticated } from '../errors';
import type { Services } from '../services';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares digests, so neither the token's content nor its length shows in the time taken. */
export function tokenMatches(given: string | null, expected: string): boolean {
  return given !== null && timingSafeEqual(digest(given), digest(expected));
}

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
