import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, FlagKeyParams, FlagOverview, FlagValueBody, PersonFlags, PlanFlagParams, UserFlagParams } from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import type { Services } from '../services';
import { flagOverview, setPersonFlag, setScopedFlag } from './staff-flags';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const staff = { auth: 'staff' } as const;
const tags = ['admin'];

/**
 * Feature flags for everyone, a plan or one person (staff only, every change audited). PUT sets the
 * layer's value, DELETE clears it so the layer below decides (user > plan > global > FLAG_DEFAULTS).
 */
export const flagRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get('/admin/flags', { config: staff, schema: { tags, response: { 200: FlagOverview, ...errors } } }, async () => flagOverview(s));

  app.put(
    '/admin/flags/global/:key',
    { config: staff, schema: { tags, params: FlagKeyParams, body: FlagValueBody, response: { 200: FlagOverview, ...errors } } },
    async (req) => setScopedFlag(s, authOf(req).user.id, { scope: 'global' }, req.params.key, req.body.value),
  );
  app.delete('/admin/flags/global/:key', { config: staff, schema: { tags, params: FlagKeyParams, response: { 200: FlagOverview, ...errors } } }, async (req) =>
    setScopedFlag(s, authOf(req).user.id, { scope: 'global' }, req.params.key, undefined),
  );

  app.put(
    '/admin/flags/plans/:tier/:key',
    { config: staff, schema: { tags, params: PlanFlagParams, body: FlagValueBody, response: { 200: FlagOverview, ...errors } } },
    async (req) => setScopedFlag(s, authOf(req).user.id, { scope: 'plan', tier: req.params.tier }, req.params.key, req.body.value),
  );
  app.delete(
    '/admin/flags/plans/:tier/:key',
    { config: staff, schema: { tags, params: PlanFlagParams, response: { 200: FlagOverview, ...errors } } },
    async (req) => setScopedFlag(s, authOf(req).user.id, { scope: 'plan', tier: req.params.tier }, req.params.key, undefined),
  );

  app.put(
    '/admin/users/:id/flags/:key',
    { config: staff, schema: { tags, params: UserFlagParams, body: FlagValueBody, response: { 200: PersonFlags, ...errors } } },
    async (req) => setPersonFlag(s, authOf(req).user.id, req.params.id, req.params.key, req.body.value),
  );
  app.delete(
    '/admin/users/:id/flags/:key',
    { config: staff, schema: { tags, params: UserFlagParams, response: { 200: PersonFlags, ...errors } } },
    async (req) => setPersonFlag(s, authOf(req).user.id, req.params.id, req.params.key, undefined),
  );
};
