import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppCheckoutBody, ENDPOINTS, STRIPE_SIGNATURE_HEADER } from '@sprout/core/contract';
import { appContextOf } from '../app-backend/app-caller';
import { AppError } from '../errors';
import { registerEndpoint } from '../plugins/endpoint';
import { ownedSprout } from '../plugins/ownership';
import type { Services } from '../services';
import { startCheckout } from './checkout';
import { listAppPayments, refundAppPayment, WEBHOOK_PATH } from './panel';
import { answerTestCheckout, type PageAnswer, showTestCheckout } from './test-checkout';
import { receiveAppWebhook } from './webhook';

const owner = { config: { auth: 'user', owns: 'sprout' } } as const;

/** The owner's Payments view (build API): orders per dataset with their totals, and refunds. */
export const appPaymentPanelRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.appPayments, owner, async (req) => listAppPayments(s, ownedSprout(req), req.params.dataset));
  registerEndpoint(app, ENDPOINTS.refundAppPayment, owner, async (req) => refundAppPayment(s, ownedSprout(req), req.params.dataset, req.params.paymentId));
};

const TokenParams = z.object({
  token: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w-]+$/),
});
const Choice = z.object({ choice: z.enum(['pay', 'cancel']) });
const appRoute = { auth: 'public', appCaller: true } as const;
const tags = ['app backend'];

/**
 * An app's payments on its own origin: the checkout its pages start, Sprout's test checkout page
 * (test and check data), and the owner's Stripe account's events (the published app).
 */
export const appPaymentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.post('/_sprout/v1/payments/checkout', { config: appRoute, schema: { tags, body: AppCheckoutBody } }, async (req) =>
    startCheckout(s, appContextOf(req), req.body),
  );

  // same-origin, not no-referrer: under no-referrer a browser sends the page's own form as `Origin: null`,
  // which the app backend refuses as another site.
  const answerPage = (reply: FastifyReply, answer: PageAnswer) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').header('referrer-policy', 'same-origin');
    // Only this page's own form; framed by Sprout's web app alone (the preview), so the app's own
    // pages cannot frame it and press Pay for the person.
    reply.header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors ${s.config.webOrigin}`);
    if ('redirect' in answer) return reply.redirect(answer.redirect, 303);
    return reply.status(answer.status).type('text/html; charset=utf-8').send(answer.html);
  };

  app.get('/_sprout/v1/payments/test-checkout/:token', { config: appRoute, schema: { tags, params: TokenParams } }, async (req, reply) =>
    answerPage(reply, await showTestCheckout(s, appContextOf(req), req.params.token)),
  );

  // The page's buttons are a form: a browser's navigation, never a fetch of the app's own scripts
  // (which a browser marks, and which cannot forge the mark).
  app.register(async (plain) => {
    const form = plain.withTypeProvider<ZodTypeProvider>();
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    form.post('/_sprout/v1/payments/test-checkout/:token', { config: appRoute, schema: { tags, params: TokenParams, body: Choice } }, async (req, reply) => {
      const mode = req.headers['sec-fetch-mode'];
      if (mode !== undefined && mode !== 'navigate') throw new AppError(403, 'forbidden', "Only the checkout page's own buttons can pay.");
      return answerPage(reply, await answerTestCheckout(s, appContextOf(req), req.params.token, req.body.choice));
    });
  });

  // Stripe signs the exact bytes it sent: in this plugin alone JSON stays a Buffer until verified.
  app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    hook.post(WEBHOOK_PATH, { config: appRoute, schema: { tags } }, async (req) =>
      receiveAppWebhook(
        s,
        appContextOf(req),
        Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        req.headers[STRIPE_SIGNATURE_HEADER] as string | undefined,
      ),
    );
  });
};
