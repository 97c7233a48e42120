import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { actorOf, authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import type { Services } from '../services';
import { ownedCheckout } from '../plugins/ownership';
import { startCheckout } from './checkout';
import { openBillingPortal } from './portal';
import { mySubscription } from './subscriptions';
import { planPrices } from './prices';
import { cancelTestSubscription, completeTestCheckout, getTestCheckout, renewTestSubscription } from './test-checkout';

const signedIn = { config: { auth: 'user' } } as const;
const onCheckout = { config: { auth: 'user', owns: 'checkout' } } as const;

/** Plans, checkout and the subscription of the signed-in person (under /v1 and /v1/preview). */
export const billingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.subscription, signedIn, async (req) => mySubscription(s, authOf(req).user.id));

  // Visitors see prices too (the pricing page); a token, if sent, must be valid.
  registerEndpoint(app, ENDPOINTS.prices, { config: { auth: 'optional' } }, async () => planPrices(s));

  registerEndpoint(app, ENDPOINTS.startCheckout, signedIn, async (req) => startCheckout(s, authOf(req).user, req.body, actorOf(req)));

  registerEndpoint(app, ENDPOINTS.openBillingPortal, signedIn, async (req) => openBillingPortal(s, authOf(req).user.id, req.body ?? {}));

  registerEndpoint(app, ENDPOINTS.testCheckout, onCheckout, async (req) => getTestCheckout(s, ownedCheckout(req)));

  registerEndpoint(app, ENDPOINTS.completeTestCheckout, onCheckout, async (req) => completeTestCheckout(s, ownedCheckout(req)));

  registerEndpoint(app, ENDPOINTS.cancelTestSubscription, signedIn, async (req) => cancelTestSubscription(s, authOf(req).user.id, actorOf(req)));

  registerEndpoint(app, ENDPOINTS.renewTestSubscription, signedIn, async (req) => renewTestSubscription(s, authOf(req).user.id, actorOf(req)));
};
