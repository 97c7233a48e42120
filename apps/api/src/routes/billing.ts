import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PURCHASABLE_TIERS } from '@sprout/core';
import { authOf } from '../plugins/authenticate';
import { ErrorDto } from '../dto';
import type { Services } from '../services';
import { startCheckout } from '../billing/checkout';
import { openBillingPortal } from '../billing/portal';
import { mySubscription, SubscriptionDto } from '../billing/subscriptions';
import { cancelTestSubscription, completeTestCheckout, getTestCheckout, renewTestSubscription, TestCheckoutDto } from '../billing/test-checkout';

const errors = { 400: ErrorDto, 401: ErrorDto, 404: ErrorDto, 409: ErrorDto, 410: ErrorDto, 502: ErrorDto };
const returnTo = z.string().max(2000).optional().describe('Same-origin path to come back to afterwards (default /build)');
const checkoutId = z.strictObject({ id: z.string().regex(/^[a-z0-9]{32}$/, { error: 'Invalid checkout id.' }) });

/** Plans, checkout and the subscription of the signed-in person (under /v1 and /v1/preview). */
export const billingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get(
    '/me/subscription',
    { config: { auth: 'user' }, schema: { tags: ['billing'], response: { 200: SubscriptionDto, 401: ErrorDto } } },
    async (req) => mySubscription(s, authOf(req).user.id),
  );

  app.post(
    '/billing/checkout',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['billing'],
        body: z.strictObject({ tier: z.enum(PURCHASABLE_TIERS), returnTo }),
        response: {
          200: z.object({
            url: z.string().describe('Send the browser here'),
            mode: z.enum(['stripe', 'test']),
            action: z.enum(['checkout', 'changed']).describe('changed: an existing subscription changed tier, no payment page'),
            direction: z.enum(['upgrade', 'downgrade', 'equal']),
          }),
          ...errors,
        },
      },
    },
    async (req) => startCheckout(s, authOf(req).user, req.body),
  );

  app.post(
    '/billing/portal',
    {
      config: { auth: 'user' },
      schema: { tags: ['billing'], body: z.strictObject({ returnTo }).nullish(), response: { 200: z.object({ url: z.string() }), ...errors } },
    },
    async (req) => openBillingPortal(s, authOf(req).user.id, req.body ?? {}),
  );

  app.get(
    '/billing/test-checkout/:id',
    { config: { auth: 'user' }, schema: { tags: ['billing'], params: checkoutId, response: { 200: TestCheckoutDto, ...errors } } },
    async (req) => getTestCheckout(s, authOf(req).user.id, req.params.id),
  );

  app.post(
    '/billing/test-checkout/:id/complete',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['billing'],
        params: checkoutId,
        response: {
          200: z.object({
            subscription: SubscriptionDto,
            from: z.string(),
            direction: z.enum(['upgrade', 'downgrade', 'equal']),
            returnTo: z.string(),
            url: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (req) => completeTestCheckout(s, authOf(req).user.id, req.params.id),
  );

  app.post(
    '/billing/test-subscription/cancel',
    { config: { auth: 'user' }, schema: { tags: ['billing'], response: { 200: SubscriptionDto, ...errors } } },
    async (req) => cancelTestSubscription(s, authOf(req).user.id),
  );

  app.post(
    '/billing/test-subscription/renew',
    { config: { auth: 'user' }, schema: { tags: ['billing'], response: { 200: SubscriptionDto, ...errors } } },
    async (req) => renewTestSubscription(s, authOf(req).user.id),
  );
};
