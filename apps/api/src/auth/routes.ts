import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { registerEndpoint } from '../plugins/endpoint';
import { register, login } from './accounts';
import { endSession, refreshSession } from './sessions';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';
import type { Services } from '../services';

const pub = { config: { auth: 'public' } } as const;

/** Signing up, in and out, sessions, password resets and the keys ID tokens are signed with (all public). */
export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.register, pub, async (req) => register(s, req.body, req.ip));

  registerEndpoint(app, ENDPOINTS.login, pub, async (req) => login(s, req.body, req.ip));

  registerEndpoint(app, ENDPOINTS.refresh, pub, async (req) => refreshSession(s, req.body.refreshToken, req.body.nextRefreshToken));

  registerEndpoint(app, ENDPOINTS.logout, pub, async (req) => {
    await endSession(s, req.body.refreshToken);
  });

  registerEndpoint(app, ENDPOINTS.requestPasswordReset, pub, async (req) => {
    await requestPasswordReset(s, req.body.email);
    return { message: 'If an account exists for this email, we have sent a link to reset its password.' };
  });

  registerEndpoint(app, ENDPOINTS.confirmPasswordReset, pub, async (req) => {
    await confirmPasswordReset(s, req.body.token, req.body.password);
  });

  registerEndpoint(app, ENDPOINTS.jwks, pub, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return s.keys.jwks();
  });
};
