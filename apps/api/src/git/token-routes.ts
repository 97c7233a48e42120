import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { ownAccount } from '../account/password-check';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import { ownedAccessToken } from '../plugins/ownership';
import type { Services } from '../services';
import { accessTokensOf, createAccessToken, revokeToken } from './access-tokens';

const signedIn = { config: { auth: 'user' } } as const;

/**
 * Personal access tokens (under /v1): the password git asks for. Made and revoked by the person
 * with their own sign-in (`ownAccount`), never by staff acting for them: a token outlives the
 * impersonation.
 */
export const accessTokenRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.accessTokens, signedIn, async (req) => accessTokensOf(s, authOf(req).user.id));
  registerEndpoint(app, ENDPOINTS.createAccessToken, signedIn, async (req) => createAccessToken(s, ownAccount(req).id, req.body));
  registerEndpoint(app, ENDPOINTS.revokeAccessToken, { config: { auth: 'user', owns: 'access-token' } }, async (req) => {
    await revokeToken(s, ownAccount(req).id, ownedAccessToken(req).id);
  });
};
