import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../plugins/authenticate';
import { describeShared, remix, setSharing } from './sharing';
import { ErrorBody, idParams, SharedProject, ShareBody, Sprout } from '@sprout/core/contract';
import { errorResponses, toSproutDto } from '../dto';
import type { Services } from '../services';
import { ownedSprout } from '../plugins/ownership';

const projectParams = idParams('project');
const errors = errorResponses;

/** Share links (/build/magic/{id}): owners turn sharing on or off; any signed-in person can remix a shared project. */
export const sharingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.put(
    '/sprouts/:id/share',
    {
      config: { auth: 'user', owns: 'sprout' },
      schema: { tags: ['sharing'], params: projectParams, body: ShareBody, response: { 200: Sprout, ...errors } },
    },
    async (req) => toSproutDto(await setSharing(s, ownedSprout(req), req.body.enabled)),
  );

  app.get(
    '/magic/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['sharing'],
        params: projectParams,
        response: { 200: SharedProject, ...errors },
      },
    },
    async (req) => describeShared(s, authOf(req).user.id, req.params.id),
  );

  app.post(
    '/magic/:id/remix',
    {
      config: { auth: 'user' },
      schema: { tags: ['sharing'], params: projectParams, response: { 201: Sprout, 402: ErrorBody, 409: ErrorBody, ...errors } },
    },
    async (req, reply) => reply.status(201).send(toSproutDto(await remix(s, authOf(req).user.id, req.params.id))),
  );
};
