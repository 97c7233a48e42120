import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FUNCTION_NAME, MAX_FUNCTION_NAME, functionLimits } from '@sprout/core';
import { ENDPOINTS } from '@sprout/core/contract';
import { listFunctionCalls } from '@sprout/db';
import { unauthenticated } from '../errors';
import { bearerToken, tokenMatches } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import { ownedSprout } from '../plugins/ownership';
import type { Services } from '../services';
import { callFunction } from './call-function';
import { FUNCTIONS_BRIDGE_PATH } from './config';
import { functionCallerOf } from './function-caller';
import { listAppFunctions } from './list-functions';
import { runFunctionNow } from './run-now';
import { startSchedules } from './schedules';
import { listSecrets, removeSecret, setSecret } from './secrets';

const owner = { config: { auth: 'user', owns: 'sprout' } } as const;
const Params = z.object({ name: z.string().max(MAX_FUNCTION_NAME).regex(FUNCTION_NAME) });
// The largest body any plan lets a function take; each call is held to its owner's plan by the runtime.
const MAX_BODY = functionLimits('tier-4').requestBytes;

/** The Secrets and Functions panels' API (build API, owner only). */
export const functionPanelRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.appFunctions, owner, async (req) => listAppFunctions(s, ownedSprout(req), req.params.dataset));
  registerEndpoint(app, ENDPOINTS.runFunctionNow, owner, async (req) => runFunctionNow(s, ownedSprout(req), req.params.dataset, req.params.name));
  registerEndpoint(app, ENDPOINTS.appSecrets, owner, async (req) => ({
    dataset: req.params.dataset,
    ...(await listSecrets(s, ownedSprout(req).id, req.params.dataset)),
  }));
  registerEndpoint(app, ENDPOINTS.putAppSecret, owner, async (req) => setSecret(s, ownedSprout(req).id, req.params.dataset, req.params.name, req.body.value));
  registerEndpoint(app, ENDPOINTS.deleteAppSecret, owner, async (req) => {
    await removeSecret(s, ownedSprout(req).id, req.params.dataset, req.params.name);
  });
  registerEndpoint(app, ENDPOINTS.functionLogs, owner, async (req) => {
    const calls = await listFunctionCalls(s.db, { sproutId: ownedSprout(req).id, dataset: req.params.dataset }, req.query);
    return { calls: calls.map(({ createdAt, ...call }) => ({ ...call, createdAt: createdAt.toISOString() })) };
  });
};

/**
 * An app's functions on its own origin: `/_sprout/v1/functions/:name`, any method, any body (a
 * webhook's signature covers its exact bytes, so the body reaches the function untouched).
 */
export const functionCallRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  // Schedules run where requests are served (a worker role keeps to runs and checks); of several instances, one runs each due time.
  if (s.config.role === 'all' || s.config.role === 'api') {
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = startSchedules(s);
    });
    app.addHook('onClose', async () => stop?.());
  }
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY }, (_req, body, done) => done(null, body));
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/_sprout/v1/functions/:name',
    config: { auth: 'public', appCaller: 'function' },
    schema: { tags: ['app backend'], params: Params },
    handler: async (req, reply) => {
      const out = await callFunction(s, functionCallerOf(req), req);
      return reply.status(out.status).headers(out.headers).send(out.body);
    },
  });
};

/**
 * The way back from a functions runtime of its own (SPROUT_ROLE=functions): a function's ctx.db
 * request, sent with the token both sides share and its call's signed grant (any instance opens it).
 * Without that token configured it answers nobody.
 */
export const functionBridgeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  const shared = s.config.functions.token;
  app.post(FUNCTIONS_BRIDGE_PATH, { config: { auth: 'public' }, schema: { hide: true, body: z.unknown() } }, async (req, reply) => {
    if (!shared || !tokenMatches(bearerToken(req), shared)) throw unauthenticated('This route answers Sprout’s functions runtime only.');
    const answer = await s.functions.bridgeRequest(String(req.headers['x-sprout-call'] ?? ''), req.body);
    return reply.status(answer.status).send(answer.body);
  });
};
