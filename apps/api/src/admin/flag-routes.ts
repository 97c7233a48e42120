import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import type { Services } from '../services';
import { flagOverview, setPersonFlag, setScopedFlag } from './staff-flags';

const staff = { config: { auth: 'staff' } } as const;

/**
 * Feature flags for everyone, a plan or one person (staff only, every change audited). PUT sets the
 * layer's value, DELETE clears it so the layer below decides (user > plan > global > FLAG_DEFAULTS).
 */
export const flagRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.adminFlags, staff, async () => flagOverview(s));

  registerEndpoint(app, ENDPOINTS.setGlobalFlag, staff, async (req) =>
    setScopedFlag(s, authOf(req).user.id, { scope: 'global' }, req.params.key, req.body.value),
  );
  registerEndpoint(app, ENDPOINTS.clearGlobalFlag, staff, async (req) => setScopedFlag(s, authOf(req).user.id, { scope: 'global' }, req.params.key, undefined));

  registerEndpoint(app, ENDPOINTS.setPlanFlag, staff, async (req) =>
    setScopedFlag(s, authOf(req).user.id, { scope: 'plan', tier: req.params.tier }, req.params.key, req.body.value),
  );
  registerEndpoint(app, ENDPOINTS.clearPlanFlag, staff, async (req) =>
    setScopedFlag(s, authOf(req).user.id, { scope: 'plan', tier: req.params.tier }, req.params.key, undefined),
  );

  registerEndpoint(app, ENDPOINTS.setUserFlag, staff, async (req) => setPersonFlag(s, authOf(req).user.id, req.params.id, req.params.key, req.body.value));
  registerEndpoint(app, ENDPOINTS.clearUserFlag, staff, async (req) => setPersonFlag(s, authOf(req).user.id, req.params.id, req.params.key, undefined));
};
