import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import type { Services } from '../services';
import { lookUpUser, setUserTier } from './staff';

const staff = { config: { auth: 'staff' } } as const;

/** Staff tools for plans: look a person up, hand out a complimentary plan (audited). */
export const staffBillingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.adminUsers, staff, async (req) => lookUpUser(s, req.query.email));

  registerEndpoint(app, ENDPOINTS.setUserTier, staff, async (req) => setUserTier(s, authOf(req).user.id, req.params.id, req.body.tier));
};
