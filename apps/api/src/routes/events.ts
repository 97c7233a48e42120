import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordEvents } from '../analytics';
import { ErrorDto } from '../dto';
import type { Services } from '../services';

const EVENT_NAMES = ['Page Viewed', 'Prompt Sent', 'Paywall Displayed', 'Upgrade', 'Publish', 'Domain', 'Onboarding', 'Experiment Viewed'] as const;

const Event = z.strictObject({
  messageId: z.string().min(8).max(64),
  name: z.enum(EVENT_NAMES),
  properties: z.record(z.string().max(100), z.unknown()).refine((p) => JSON.stringify(p).length <= 8_000, { error: 'Properties are too large.' }),
  timestamp: z.iso.datetime({ offset: true }),
  anonymousId: z.string().max(64).optional(),
});

const ClientError = z.strictObject({
  message: z.string().min(1).max(2000),
  stack: z.string().max(8000).optional(),
  url: z.string().max(2000).optional(),
  userAgent: z.string().max(500).optional(),
  source: z.enum(['web', 'preview']).default('web'),
});

/** First-party analytics and error intake; a token is optional (visitors are not signed in yet). */
export const eventRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.post(
    '/events',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['analytics'],
        body: z.strictObject({ events: z.array(Event).min(1).max(100) }),
        response: { 202: z.object({ stored: z.number().int() }), 400: ErrorDto, 401: ErrorDto },
      },
    },
    async (req, reply) => reply.status(202).send({ stored: await recordEvents(s, req.auth?.user.id ?? null, req.body.events, req.log) }),
  );

  app.post(
    '/monitoring/errors',
    {
      config: { auth: 'optional' },
      schema: { tags: ['analytics'], body: ClientError, response: { 202: z.object({ stored: z.number().int() }), 400: ErrorDto } },
    },
    async (req, reply) => {
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
