import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import { ownedRun, ownedSprout } from '../plugins/ownership';
import type { Services } from '../services';
import { getAttempt, restoreAttempt, screenshotOf } from './attempts';

const onRun = { config: { auth: 'user', owns: 'run' } } as const;

/** What verification keeps: failed attempts (look, restore) and the render check's screenshots. */
export const attemptRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.attempt, onRun, async (req) => getAttempt(s, ownedRun(req)));

  registerEndpoint(app, ENDPOINTS.restoreAttempt, onRun, async (req) => ({ version: await restoreAttempt(s, authOf(req).user, ownedRun(req)) }));

  registerEndpoint(app, ENDPOINTS.screenshot, { config: { auth: 'user', owns: 'sprout' } }, async (req, reply) =>
    reply
      .header('content-type', 'image/jpeg')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'private, max-age=86400, immutable')
      .send(Buffer.from(await screenshotOf(s, ownedSprout(req), req.params.shotId))),
  );
};
