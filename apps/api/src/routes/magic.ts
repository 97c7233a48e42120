import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../plugins/authenticate';
import { describeShared, remix, setSharing } from '../magic';
import { ErrorDto, SproutDto, toSproutDto } from '../dto';
import type { Services } from '../services';

const idParams = z.strictObject({ id: z.string().regex(/^[a-z0-9]{1,64}$/, { error: 'Invalid project id.' }) });
const errors = { 400: ErrorDto, 401: ErrorDto, 404: ErrorDto };

/** Share links (/build/magic/{id}): owners turn sharing on or off; any signed-in person can remix a shared project. */
export const magicRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.put(
    '/sprouts/:id/share',
    {
      config: { auth: 'user' },
      schema: { tags: ['sharing'], params: idParams, body: z.strictObject({ enabled: z.boolean() }), response: { 200: SproutDto, ...errors } },
    },
    async (req) => toSproutDto(await setSharing(s, authOf(req).user.id, req.params.id, req.body.enabled)),
  );

  app.get(
    '/magic/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['sharing'],
        params: idParams,
        response: { 200: z.object({ id: z.string(), displayName: z.string(), ownerDisplayName: z.string(), isOwner: z.boolean() }), ...errors },
      },
    },
    async (req) => describeShared(s, authOf(req).user.id, req.params.id),
  );

  app.post(
    '/magic/:id/remix',
    {
      config: { auth: 'user' },
      schema: { tags: ['sharing'], params: idParams, response: { 201: SproutDto, 402: ErrorDto, 409: ErrorDto, ...errors } },
    },
    async (req, reply) => reply.status(201).send(toSproutDto(await remix(s, authOf(req).user.id, req.params.id))),
  );
};
