import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_LIMITS } from '@sprout/core';
import { ENDPOINTS } from '@sprout/core/contract';
import { authOf, loadedWithUser } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import { createSprout, deleteSprout, patchSprout, userWithSprouts } from './sprouts';
import { ownedSprout } from '../plugins/ownership';
import { asBuilt, toSproutDto } from '../dto';
import type { Services } from '../services';

const owned = { config: { auth: 'user', owns: 'sprout' } } as const;

/** The person's projects: list, create, read, change, delete. */
export const sproutRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  // The hot route: the person and their projects in one round trip, written as built.
  registerEndpoint(app, ENDPOINTS.listSprouts, { config: { auth: 'user', withUser: userWithSprouts }, route: { serializerCompiler: asBuilt } }, async (req) =>
    loadedWithUser(req, userWithSprouts).map(toSproutDto),
  );

  // A new project may bring all of its files.
  registerEndpoint(app, ENDPOINTS.createSprout, { config: { auth: 'user' }, route: { bodyLimit: FILE_LIMITS.maxTotalBytes + 2 * 1024 * 1024 } }, async (req) =>
    toSproutDto(await createSprout(s, authOf(req).user.id, req.body ?? {})),
  );

  registerEndpoint(app, ENDPOINTS.getSprout, owned, async (req) => toSproutDto(ownedSprout(req)));

  registerEndpoint(app, ENDPOINTS.patchSprout, owned, async (req) => {
    const { displayName, isDeploymentEnabled, isPinned } = req.body ?? {};
    return toSproutDto(await patchSprout(s, ownedSprout(req), { displayName, isDeploymentEnabled, isPinned }));
  });

  registerEndpoint(app, ENDPOINTS.deleteSprout, owned, async (req) => {
    await deleteSprout(s, ownedSprout(req));
  });
};
