import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, idParams, resourceId, RunAttempt, VersionAnswer } from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import { ownedRun, ownedSprout } from '../plugins/ownership';
import { errorResponses } from '../dto';
import type { Services } from '../services';
import { getAttempt, restoreAttempt, screenshotOf } from './attempts';

const errors = errorResponses;
const runParams = idParams('run');
const ScreenshotParams = z.strictObject({ id: resourceId('project'), shotId: resourceId('screenshot') });
const ImageBytes = z.any().describe('A JPEG picture of the app as the render check saw it');

/** What verification keeps (issue 15): failed attempts (look, restore) and the render check's screenshots. */
export const attemptRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get(
    '/runs/:id/attempt',
    { config: { auth: 'user', owns: 'run' }, schema: { tags: ['chat'], params: runParams, response: { 200: RunAttempt, ...errors } } },
    async (req) => getAttempt(s, ownedRun(req)),
  );

  app.post(
    '/runs/:id/attempt/restore',
    {
      config: { auth: 'user', owns: 'run' },
      schema: {
        tags: ['chat'],
        description: 'Makes the failed attempt a new version on purpose; it uses one message.',
        params: runParams,
        response: { 201: VersionAnswer, 402: ErrorBody, 409: ErrorBody, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send({ version: await restoreAttempt(s, authOf(req).user, ownedRun(req)) }),
  );

  app.get(
    '/sprouts/:id/screenshots/:shotId',
    { config: { auth: 'user', owns: 'sprout' }, schema: { tags: ['files'], params: ScreenshotParams, response: { 200: ImageBytes, ...errors } } },
    async (req, reply) =>
      reply
        .header('content-type', 'image/jpeg')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(Buffer.from(await screenshotOf(s, ownedSprout(req), req.params.shotId))),
  );
};
