import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import { describeShared, remix, setSharing, sharedCardOf, sharedPictureOf } from './sharing';
import { toSproutDto } from '../dto';
import type { Services } from '../services';
import { ownedSprout } from '../plugins/ownership';

// Opening and remixing a share link are for anyone signed in: they own nothing, the link is the permission.
const signedIn = { config: { auth: 'user' } } as const;
// A shared project's name and picture are for anyone with the link, so that a signed-out visitor's
// sign-up page can say what they are about to remix; an unshared project answers 404 to everyone.
const anyone = { config: { auth: 'public' } } as const;

/** Share links (/build/magic/{id}): owners turn sharing on or off; any signed-in person can remix a shared project; anyone sees its name and picture. */
export const sharingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.shareSprout, { config: { auth: 'user', owns: 'sprout' } }, async (req) =>
    toSproutDto(await setSharing(s, ownedSprout(req), req.body.enabled)),
  );

  registerEndpoint(app, ENDPOINTS.sharedProject, signedIn, async (req) => describeShared(s, authOf(req).user.id, req.params.id));

  registerEndpoint(app, ENDPOINTS.sharedCard, anyone, async (req) => sharedCardOf(s, req.params.id));

  // Public and short-lived in caches: turning sharing off takes the picture away within a minute.
  registerEndpoint(app, ENDPOINTS.sharedPicture, anyone, async (req, reply) =>
    reply
      .header('content-type', 'image/jpeg')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'public, max-age=60')
      .send(Buffer.from(await sharedPictureOf(s, req.params.id))),
  );

  registerEndpoint(app, ENDPOINTS.remixSprout, signedIn, async (req) => toSproutDto(await remix(s, authOf(req).user.id, req.params.id)));
};
