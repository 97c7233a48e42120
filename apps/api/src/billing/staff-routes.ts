import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminUser, AdminUserQuery, ErrorBody, TierBody, UserParams } from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import type { Services } from '../services';
import { lookUpUser, setUserTier } from './staff';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Staff tools for plans: look a person up, hand out a complimentary plan (audited). */
export const staffBillingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get(
    '/admin/users',
    {
      config: { auth: 'staff' },
      schema: { tags: ['admin'], querystring: AdminUserQuery, response: { 200: AdminUser, ...errors } },
    },
    async (req) => lookUpUser(s, req.query.email),
  );

  app.put(
    '/admin/users/:id/tier',
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['admin'],
        params: UserParams,
        body: TierBody,
        response: { 200: AdminUser, ...errors },
      },
    },
    async (req) => setUserTier(s, authOf(req).user.id, req.params.id, req.body.tier),
  );
};
