import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportCsv } from '@sprout/core';
import { AdminPerson, AnalyticsReport, ErrorBody, PeopleList, PeopleQuery, ReportQuery, UserParams } from '@sprout/core/contract';
import { writeAudit } from '@sprout/db';
import { authOf } from '../plugins/authenticate';
import type { Services } from '../services';
import { analyticsReport } from './analytics-report';
import { findPeople, personDetail } from './people';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const staff = { auth: 'staff' } as const;
const tags = ['admin'];
const Csv = z.string().describe('text/csv: section, metric, dimension, day, value');

/** Staff: people (search, one person in full) and the analytics dashboard with its CSV export. */
export const insightRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get('/admin/people', { config: staff, schema: { tags, querystring: PeopleQuery, response: { 200: PeopleList, ...errors } } }, async (req) =>
    findPeople(s, req.query.q, req.query.limit),
  );

  app.get('/admin/users/:id', { config: staff, schema: { tags, params: UserParams, response: { 200: AdminPerson, ...errors } } }, async (req) =>
    personDetail(s, req.params.id),
  );

  app.get('/admin/analytics', { config: staff, schema: { tags, querystring: ReportQuery, response: { 200: AnalyticsReport, ...errors } } }, async (req) =>
    analyticsReport(s, req.query.from, req.query.to),
  );

  app.get('/admin/analytics.csv', { config: staff, schema: { tags, querystring: ReportQuery, response: { 200: Csv, ...errors } } }, async (req, reply) => {
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
