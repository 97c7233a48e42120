import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_LIMITS } from '@sprout/core';
import { CreateSproutBody, ErrorBody, idParams, NoContent, PatchSproutBody, Sprout } from '@sprout/core/contract';
import { authOf, loadedWithUser } from '../plugins/authenticate';
import { createSprout, deleteSprout, patchSprout, userWithSprouts } from './sprouts';
import { ownedSprout } from '../plugins/ownership';
import { asBuilt, errorResponses, toSproutDto } from '../dto';
import type { Services } from '../services';

const errors = errorResponses;
const projectParams = idParams('project');

export const sproutRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get(
    '/sprouts',
    {
      config: { auth: 'user', withUser: userWithSprouts },
      schema: { tags: ['sprouts'], response: { 200: z.array(Sprout), 401: ErrorBody } },
      serializerCompiler: asBuilt,
    },
    async (req) => loadedWithUser(req, userWithSprouts).map(toSproutDto),
  );

  app.post(
    '/sprouts',
    {
      config: { auth: 'user' },
      bodyLimit: FILE_LIMITS.maxTotalBytes + 2 * 1024 * 1024,
      schema: { tags: ['sprouts'], body: CreateSproutBody.nullish(), response: { 201: Sprout, 402: ErrorBody, ...errors } },
    },
    async (req, reply) => reply.status(201).send(toSproutDto(await createSprout(s, authOf(req).user.id, req.body ?? {}))),
  );

  app.get(
    '/sprouts/:id',
    { config: { auth: 'user', owns: 'sprout' }, schema: { tags: ['sprouts'], params: projectParams, response: { 200: Sprout, ...errors } } },
    async (req) => toSproutDto(ownedSprout(req)),
  );

  app.patch(
    '/sprouts/:id',
    {
      config: { auth: 'user', owns: 'sprout' },
      schema: {
        tags: ['sprouts'],
        params: projectParams,
        body: PatchSproutBody.nullish(),
        response: { 200: Sprout, 402: ErrorBody, 409: ErrorBody, ...errors },
      },
    },
    async (req) => {
      const { displayName, isDeploymentEnabled, isPinned } = req.body ?? {};
      return toSproutDto(await patchSprout(s, ownedSprout(req), { displayName, isDeploymentEnabled, isPinned }));
    },
  );

  app.delete(
    '/sprouts/:id',
    { config: { auth: 'user', owns: 'sprout' }, schema: { tags: ['sprouts'], params: projectParams, response: { 204: NoContent, ...errors } } },
    async (req, reply) => {
      await deleteSprout(s, ownedSprout(req));
      return reply.status(204).send();
    },
  );
};
