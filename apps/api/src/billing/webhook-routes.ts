import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS, MOBILE_SIGNATURE_HEADER, STRIPE_SIGNATURE_HEADER } from '@sprout/core/contract';
import { registerEndpoint } from '../plugins/endpoint';
import type { Services } from '../services';
import { receiveStripeWebhook } from './stripe-webhook';
import { receiveMobileNotification } from './mobile-notification';

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

  const pub = { config: { auth: 'public' } } as const;

  registerEndpoint(app, ENDPOINTS.stripeWebhook, pub, async (req) => receiveStripeWebhook(s, raw(req.body), req.headers[STRIPE_SIGNATURE_HEADER]));

  registerEndpoint(app, ENDPOINTS.mobileStoreNotification, pub, async (req) =>
    receiveMobileNotification(s, raw(req.body), req.headers[MOBILE_SIGNATURE_HEADER]),
  );
};
