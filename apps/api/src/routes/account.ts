import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTROL_CHARS, FLAG_DEFAULTS, mergeFlags } from '@sprout/core';
import { getFlagOverrides, getUsageStats, recordVisit, updateUserProfile } from '@sprout/db';
import { authOf } from '../plugins/authenticate';
import { ErrorDto, toUserDto, UsageDto, UserDto } from '../dto';
import type { Services } from '../services';

const FlagsDto = z
  .object(Object.fromEntries(Object.keys(FLAG_DEFAULTS).map((k) => [k, k === 'aiModelOverride' ? z.string().nullable() : z.boolean()])))
  .meta({ id: 'Flags' });

/** The signed-in person: profile, flags and visits (under /v1 and /v1/preview). */
export const accountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get('/me', { config: { auth: 'user' }, schema: { tags: ['account'], response: { 200: UserDto, 401: ErrorDto } } }, async (req) =>
    toUserDto(authOf(req).user),
  );

  app.patch(
    '/me',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['account'],
        body: z.strictObject({
          displayName: z
            .string()
            .trim()
            .min(1, { error: 'Enter your name.' })
            .max(100, { error: 'Name must be at most 100 characters.' })
            .refine((v) => !CONTROL_CHARS.test(v), { error: 'Name cannot contain control characters.' }),
        }),
        response: { 200: UserDto, 400: ErrorDto, 401: ErrorDto },
      },
    },
    async (req) => toUserDto((await updateUserProfile(s.db, authOf(req).user.id, req.body))!),
  );

  app.post(
    '/user/visits',
    {
      config: { auth: 'user' },
      schema: { tags: ['account'], body: z.strictObject({ appName: z.enum(['web', 'ios', 'android']) }), response: { 204: z.undefined(), 400: ErrorDto } },
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

  app.get('/flags', { config: { auth: 'user' }, schema: { tags: ['account'], response: { 200: FlagsDto, 401: ErrorDto } } }, async (req) =>
    mergeFlags(await getFlagOverrides(s.db, authOf(req).user.id)),
  );
};

/** GET {usage host}/usage — its own base URL in config (USAGE_URL), this server by default. */
export const usageRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get('/usage', { config: { auth: 'user' }, schema: { tags: ['usage'], response: { 200: UsageDto, 401: ErrorDto } } }, async (req) =>
    getUsageStats(s.db, authOf(req).user.id),
  );
};
