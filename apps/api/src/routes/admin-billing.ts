import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_ASSIGNABLE_TIERS } from '@sprout/core';
import { authOf } from '../plugins/authenticate';
import { ErrorDto } from '../dto';
import type { Services } from '../services';
import { AdminUserDto, lookUpUser, setUserTier } from '../billing/staff';

const errors = { 400: ErrorDto, 401: ErrorDto, 403: ErrorDto, 404: ErrorDto, 409: ErrorDto };

/** Staff tools for plans: look a person up, hand out a complimentary plan (audited). */
export const adminBillingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get(
    '/admin/users',
    {
      config: { auth: 'staff' },
      schema: { tags: ['admin'], querystring: z.strictObject({ email: z.email().max(254) }), response: { 200: AdminUserDto, ...errors } },
    },
    async (req) => lookUpUser(s, req.query.email),
  );

  app.put(
    '/admin/users/:id/tier',
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['admin'],
        params: z.strictObject({ id: z.string().min(1).max(64) }),
        body: z.strictObject({ tier: z.enum(STAFF_ASSIGNABLE_TIERS) }),
        response: { 200: AdminUserDto, ...errors },
      },
    },
    async (req) => setUserTier(s, authOf(req).user.id, req.params.id, req.body.tier),
  );
};
