import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutBody,
  CheckoutParams,
  CheckoutStart,
  ErrorBody,
  PortalAnswer,
  PortalBody,
  PlanPrices,
  Subscription,
  TestCheckout,
  TestCheckoutCompletion,
} from '@sprout/core/contract';
import { actorOf, authOf } from '../plugins/authenticate';
import type { Services } from '../services';
import { ownedCheckout } from '../plugins/ownership';
import { startCheckout } from './checkout';
import { openBillingPortal } from './portal';
import { mySubscription } from './subscriptions';
import { planPrices } from './prices';
import { cancelTestSubscription, completeTestCheckout, getTestCheckout, renewTestSubscription } from './test-checkout';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 502: ErrorBody };
/** Plans, checkout and the subscription of the signed-in person (under /v1 and /v1/preview). */
export const billingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get('/me/subscription', { config: { auth: 'user' }, schema: { tags: ['billing'], response: { 200: Subscription, 401: ErrorBody } } }, async (req) =>
    mySubscription(s, authOf(req).user.id),
  );

  // Visitors see prices too (the pricing page); a token, if sent, must be valid.
  app.get('/billing/prices', { config: { auth: 'optional' }, schema: { tags: ['billing'], response: { 200: PlanPrices, 401: ErrorBody } } }, async () =>
    planPrices(s),
  );

  app.post(
    '/billing/checkout',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['billing'],
        body: CheckoutBody,
        response: {
          200: CheckoutStart,
          ...errors,
        },
      },
    },
    async (req) => startCheckout(s, authOf(req).user, req.body, actorOf(req)),
  );

  app.post(
    '/billing/portal',
    {
      config: { auth: 'user' },
      schema: { tags: ['billing'], body: PortalBody.nullish(), response: { 200: PortalAnswer, ...errors } },
    },
    async (req) => openBillingPortal(s, authOf(req).user.id, req.body ?? {}),
  );

  app.get(
    '/billing/test-checkout/:id',
    { config: { auth: 'user', owns: 'checkout' }, schema: { tags: ['billing'], params: CheckoutParams, response: { 200: TestCheckout, ...errors } } },
    async (req) => getTestCheckout(s, ownedCheckout(req)),
  );

  app.post(
    '/billing/test-checkout/:id/complete',
    {
      config: { auth: 'user', owns: 'checkout' },
      schema: {
        tags: ['billing'],
        params: CheckoutParams,
        response: {
          200: TestCheckoutCompletion,
          ...errors,
        },
      },
    },
    async (req) => completeTestCheckout(s, ownedCheckout(req)),
  );

  app.post(
    '/billing/test-subscription/cancel',
    { config: { auth: 'user' }, schema: { tags: ['billing'], response: { 200: Subscription, ...errors } } },
    async (req) => cancelTestSubscription(s, authOf(req).user.id, actorOf(req)),
  );

  app.post(
    '/billing/test-subscription/renew',
    { config: { auth: 'user' }, schema: { tags: ['billing'], response: { 200: Subscription, ...errors } } },
    async (req) => renewTestSubscription(s, authOf(req).user.id, actorOf(req)),
  );
};
