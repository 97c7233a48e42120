import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, WebhookReceipt } from '@sprout/core/contract';
import type { Services } from '../services';
import { receiveStripeWebhook } from './stripe-webhook';
import { MOBILE_SIGNATURE_HEADER, receiveMobileNotification } from './mobile-notification';

const responses = { 200: WebhookReceipt, 400: ErrorBody, 415: ErrorBody, 503: ErrorBody };

/**
 * Provider notifications (public: they authenticate by signature). Signatures are computed over the
 * exact bytes sent, so in this plugin — and only here, Fastify scopes parsers to the plugin — JSON
 * bodies are kept as the raw Buffer and parsed only after verification.
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  if (!s.stripe && s.config.env === 'production') {
    s.log.warn({ event: 'billing_test_mode' }, 'STRIPE_SECRET_KEY is not set: checkout is the built-in test checkout, which grants plans without payment.');
  }
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const raw = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

  app.post(
    '/billing/stripe/webhook',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['billing'],
        description: 'Stripe events (checkout.session.completed, customer.subscription.*), verified by the Stripe-Signature header.',
        headers: z.looseObject({ 'stripe-signature': z.string().max(2000).optional() }),
        response: responses,
      },
    },
    async (req) => receiveStripeWebhook(s, raw(req.body), req.headers['stripe-signature']),
  );

  app.post(
    '/billing/mobile/notification',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['billing'],
        description: `App Store / Play Store subscription notifications from our store relay, signed with ${MOBILE_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the body with MOBILE_NOTIFICATION_SECRET>.`,
        headers: z.looseObject({ [MOBILE_SIGNATURE_HEADER]: z.string().max(200).optional() }),
        response: responses,
      },
    },
    async (req) => receiveMobileNotification(s, raw(req.body), req.headers[MOBILE_SIGNATURE_HEADER] as string | undefined),
  );
};
