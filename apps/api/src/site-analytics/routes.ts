import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VisitInput } from '@sprout/core';
import { ENDPOINTS } from '@sprout/core/contract';
import { visitedAppOf } from '../app-backend/app-caller';
import { registerEndpoint } from '../plugins/endpoint';
import { ownedSprout } from '../plugins/ownership';
import type { Services } from '../services';
import { recordVisit } from './record-visit';
import { siteAnalyticsReport } from './report';
import { VISIT_PATH } from '../hosting/visits-script';

const owner = { config: { auth: 'user', owns: 'sprout' } } as const;

/** The owner's Analytics panel (build API). */
export const siteAnalyticsPanelRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.siteAnalytics, owner, async (req) => siteAnalyticsReport(s, ownedSprout(req).id, req.query.days));
};

/** A published page's visit report, on the app's own origin: answered 204 whether it was counted or not. */
export const siteVisitRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.post(
    VISIT_PATH,
    { config: { auth: 'public', appCaller: 'visit' }, bodyLimit: 8 * 1024, schema: { tags: ['app backend'], body: VisitInput } },
    async (req, reply) => {
      await recordVisit(s, visitedAppOf(req), { address: req.ip, headers: req.headers }, req.body);
      return reply.status(204).header('cache-control', 'no-store').send();
    },
  );
};
