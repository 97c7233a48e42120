import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { getUsageStats, recordVisit, updateUserProfile } from '@sprout/db';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import { toUserDto } from '../dto';
import type { Services } from '../services';
import { effectiveFlags } from '../flags/effective-flags';

const signedIn = { config: { auth: 'user' } } as const;

/** The signed-in person: profile, flags and visits (under /v1 and /v1/preview). */
export const accountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.me, signedIn, async (req) => toUserDto(authOf(req).user));

  registerEndpoint(app, ENDPOINTS.updateMe, signedIn, async (req) => toUserDto((await updateUserProfile(s.db, authOf(req).user.id, req.body))!));

  registerEndpoint(app, ENDPOINTS.recordVisit, signedIn, async (req) => {
    await recordVisit(s.db, {
      userId: authOf(req).user.id,
      appName: req.body.appName,
      userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
    });
  });

  registerEndpoint(app, ENDPOINTS.flags, signedIn, async (req) => effectiveFlags(s, authOf(req).user));
};

/** GET {usage host}/usage — its own base URL in config (USAGE_URL), this server by default. */
export const usageRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.usage, signedIn, async (req) => getUsageStats(s.db, authOf(req).user.id));
};
