import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, FlagsAnswer, NoContent, PatchMeBody, Usage, User, VisitBody } from '@sprout/core/contract';
import { getUsageStats, recordVisit, updateUserProfile } from '@sprout/db';
import { authOf } from '../plugins/authenticate';
import { toUserDto } from '../dto';
import type { Services } from '../services';
import { effectiveFlags } from '../flags/effective-flags';

/** The signed-in person: profile, flags and visits (under /v1 and /v1/preview). */
export const accountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get('/me', { config: { auth: 'user' }, schema: { tags: ['account'], response: { 200: User, 401: ErrorBody } } }, async (req) =>
    toUserDto(authOf(req).user),
  );

  app.patch(
    '/me',
    {
      config: { auth: 'user' },
      schema: { tags: ['account'], body: PatchMeBody, response: { 200: User, 400: ErrorBody, 401: ErrorBody } },
    },
    async (req) => toUserDto((await updateUserProfile(s.db, authOf(req).user.id, req.body))!),
  );

  app.post(
    '/user/visits',
    {
      config: { auth: 'user' },
      schema: { tags: ['account'], body: VisitBody, response: { 204: NoContent, 400: ErrorBody } },
    },
    async (req, reply) => {
      await recordVisit(s.db, {
        userId: authOf(req).user.id,
        appName: req.body.appName,
        userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
      });
      return reply.status(204).send();
    },
  );

  app.get('/flags', { config: { auth: 'user' }, schema: { tags: ['account'], response: { 200: FlagsAnswer, 401: ErrorBody } } }, async (req) =>
    effectiveFlags(s, authOf(req).user),
  );
};

/** GET {usage host}/usage — its own base URL in config (USAGE_URL), this server by default. */
export const usageRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get('/usage', { config: { auth: 'user' }, schema: { tags: ['usage'], response: { 200: Usage, 401: ErrorBody } } }, async (req) =>
    getUsageStats(s.db, authOf(req).user.id),
  );
};
