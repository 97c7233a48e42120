import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportCsv } from '@sprout/core';
import { ENDPOINTS } from '@sprout/core/contract';
import { writeAudit } from '@sprout/db';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import type { Services } from '../services';
import { analyticsReport } from './analytics-report';
import { findPeople, personDetail } from './people';

const staff = { config: { auth: 'staff' } } as const;

/** Staff: people (search, one person in full) and the analytics dashboard with its CSV export. */
export const insightRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.adminPeople, staff, async (req) => findPeople(s, req.query.q, req.query.limit));

  registerEndpoint(app, ENDPOINTS.adminUser, staff, async (req) => personDetail(s, req.params.id));

  registerEndpoint(app, ENDPOINTS.analytics, staff, async (req) => analyticsReport(s, req.query.from, req.query.to));

  registerEndpoint(app, ENDPOINTS.analyticsCsv, staff, async (req, reply) => {
    const { from, to } = req.query;
    const csv = reportCsv(await analyticsReport(s, from, to));
    // What leaves the system is on the record.
    await writeAudit(s.db, { actorId: authOf(req).user.id, action: 'analytics.export', details: { from, to } });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="sprout-analytics-${from}-to-${to}.csv"`)
      .send(csv);
  });
};
