import { ClientError, ErrorBody, EventsBody, Stored } from '@sprout/core/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordEvents, startRetention } from './analytics';
import { limitIntake } from './intake-limits';
import type { Services } from '../services';

/** First-party analytics and error intake; a token is optional (visitors are not signed in yet). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  let stopRetention: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopRetention = startRetention(s, app.log);
  });
  app.addHook('onClose', async () => stopRetention?.());
  app.post(
    '/events',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['analytics'],
        body: EventsBody,
        response: { 202: Stored, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req, reply) => {
      const userId = req.auth?.user.id ?? null;
      await limitIntake(s, { userId, ip: req.ip }, { events: req.body.events.length, bytes: JSON.stringify(req.body.events).length });
      return reply.status(202).send({ stored: await recordEvents(s, userId, req.body.events, req.log) });
    },
  );

  app.post(
    '/monitoring/errors',
    {
      config: { auth: 'optional' },
      schema: { tags: ['analytics'], body: ClientError, response: { 202: Stored, 400: ErrorBody } },
    },
    async (req, reply) => {
      await limitIntake(s, { userId: req.auth?.user.id ?? null, ip: req.ip }, { events: 1, bytes: 0 });
      const { message, stack, url, userAgent, source } = req.body;
      req.log.warn({ clientError: { message, url, source }, userId: req.auth?.user.id }, 'client error reported');
      const stored = await recordEvents(
        s,
        req.auth?.user.id ?? null,
        [{ messageId: crypto.randomUUID(), name: 'Client Error', properties: { message, stack, url, userAgent, source }, timestamp: new Date().toISOString() }],
        req.log,
      );
      return reply.status(202).send({ stored });
    },
  );
};
