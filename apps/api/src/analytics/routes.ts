import { ENDPOINTS } from '@sprout/core/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../plugins/endpoint';
import { recordEvents, startRetention } from './analytics';
import { limitIntake } from './intake-limits';
import type { Services } from '../services';

// A token is optional: visitors are not signed in yet.
const anyone = { config: { auth: 'optional' } } as const;

/** First-party analytics and error intake. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  let stopRetention: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopRetention = startRetention(s, app.log);
  });
  app.addHook('onClose', async () => stopRetention?.());

  registerEndpoint(app, ENDPOINTS.recordEvents, anyone, async (req) => {
    const userId = req.auth?.user.id ?? null;
    await limitIntake(s, { userId, ip: req.ip }, { events: req.body.events.length, bytes: JSON.stringify(req.body.events).length });
    return { stored: await recordEvents(s, userId, req.body.events, req.log) };
  });

  registerEndpoint(app, ENDPOINTS.reportClientErrors, anyone, async (req) => {
    await limitIntake(s, { userId: req.auth?.user.id ?? null, ip: req.ip }, { events: 1, bytes: 0 });
    const { message, stack, url, userAgent, source } = req.body;
    req.log.warn({ clientError: { message, url, source }, userId: req.auth?.user.id }, 'client error reported');
    const stored = await recordEvents(
      s,
      req.auth?.user.id ?? null,
      [{ messageId: crypto.randomUUID(), name: 'Client Error', properties: { message, stack, url, userAgent, source }, timestamp: new Date().toISOString() }],
      req.log,
    );
    return { stored };
  });
};
