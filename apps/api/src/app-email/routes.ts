import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { getSproutById, unsubscribeAddressOf, unsubscribeAppEmail } from '@sprout/db';
import { appContextOf } from '../app-backend/app-caller';
import { escapeHtml, plainPage } from '../hosting/pages';
import { registerEndpoint } from '../plugins/endpoint';
import { ownedSprout } from '../plugins/ownership';
import type { Services } from '../services';
import { appEmailSettings, appOutbox, putAppEmailSettings } from './email-settings';

const owner = { config: { auth: 'user', owns: 'sprout' } } as const;

/** The owner's view of their app's mail (build API): settings, the day's counts, the Outbox. */
export const appEmailPanelRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.appEmail, owner, async (req) => appEmailSettings(s, ownedSprout(req)));
  registerEndpoint(app, ENDPOINTS.putAppEmail, owner, async (req) => putAppEmailSettings(s, ownedSprout(req), req.body));
  registerEndpoint(app, ENDPOINTS.appOutbox, owner, async (req) => appOutbox(s, ownedSprout(req), req.params.dataset));
};

const page = (title: string, text: string, action = '') => plainPage(title, `<p>${escapeHtml(text)}</p>${action}`);

const Query = z.object({
  t: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w-]+$/),
});

/**
 * The unsubscribe link of an app's mail, on the app's own origin. Opening it (GET) only asks: mail
 * scanners open every link of a mail, and must not unsubscribe anyone. The page's button, or a mail
 * client's one-click POST (List-Unsubscribe-Post), records that the address wants none of the app's
 * mail that is not transactional.
 */
export const appEmailLinkRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/_sprout/v1/email/unsubscribe',
    config: { auth: 'public', appCaller: true },
    schema: { tags: ['app backend'], querystring: Query },
    handler: async (req, reply) => {
      const ctx = appContextOf(req);
      const name = (await getSproutById(s.db, ctx.scope.sproutId))?.displayName ?? 'this app';
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      const gone = () => reply.status(404).send(page('This link does not work', 'It may be old or copied incompletely. Nothing was changed.'));
      if (req.method === 'GET') {
        const email = await unsubscribeAddressOf(s.db, ctx.scope.sproutId, req.query.t);
        if (!email) return gone();
        const button = `<form method="post"><button type="submit" style="font:inherit;padding:.5rem 1rem">Unsubscribe</button></form>`;
        return reply.send(page(`Unsubscribe from ${name}?`, `${email} will get no more e-mails like this from ${name}.`, button));
      }
      const done = await unsubscribeAppEmail(s.db, ctx.scope.sproutId, req.query.t);
      if (!done) return gone();
      const what = `${done.email} will get no more e-mails like this from ${name}. Receipts and confirmations of what you do in the app still arrive.`;
      return reply.send(page('You are unsubscribed', what));
    },
  });
};
