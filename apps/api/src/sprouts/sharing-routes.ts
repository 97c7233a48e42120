import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import { describeShared, remix, setSharing } from './sharing';
import { toSproutDto } from '../dto';
import type { Services } from '../services';
import { ownedSprout } from '../plugins/ownership';

// Opening and remixing a share link are for anyone signed in: they own nothing, the link is the permission.
const signedIn = { config: { auth: 'user' } } as const;

/** Share links (/build/magic/{id}): owners turn sharing on or off; any signed-in person can remix a shared project. */
export const sharingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.shareSprout, { config: { auth: 'user', owns: 'sprout' } }, async (req) =>
    toSproutDto(await setSharing(s, ownedSprout(req), req.body.enabled)),
  );

  registerEndpoint(app, ENDPOINTS.sharedProject, signedIn, async (req) => describeShared(s, authOf(req).user.id, req.params.id));

  registerEndpoint(app, ENDPOINTS.remixSprout, signedIn, async (req) => toSproutDto(await remix(s, authOf(req).user.id, req.params.id)));
};
