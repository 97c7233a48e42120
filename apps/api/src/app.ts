import Fastify, { type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DbHandle } from '@sprout/db';
import type { Config } from './config';
import { createServices, type Services } from './services';
import { authenticate } from './plugins/authenticate';
import { ownership, type Owns } from './plugins/ownership';
import { featureGate } from './plugins/feature-gate';
import { OWNED_RECORDS } from './owned-records';
import { featureOn } from './flags/run-flags';
import { logSerializers } from './log-serializers';
import { refuseNul } from './plugins/refuse-nul';
import { installErrorHandler } from './plugins/error-handler';
import { authRoutes } from './auth/routes';
import { oidcRoutes } from './oidc/routes';
import { accountRoutes, usageRoutes } from './account/routes';
import { accountLifecycleRoutes } from './account/lifecycle-routes';
import { sproutRoutes } from './sprouts/routes';
import { adminRoutes } from './admin/routes';
import { flagRoutes } from './admin/flag-routes';
import { insightRoutes } from './admin/insight-routes';
import { staffBillingRoutes } from './billing/staff-routes';
import { billingRoutes } from './billing/routes';
import { billingWebhookRoutes } from './billing/webhook-routes';
import { analyticsRoutes } from './analytics/routes';
import { sharingRoutes } from './sprouts/sharing-routes';
import { healthRoutes } from './health/routes';
import { publishingRoutes } from './publishing/routes';
import { previewRoutes } from './previews/routes';
import { chatRoutes } from './chat/routes';
import { attemptRoutes } from './chat/attempt-routes';
import { fileRoutes } from './files/routes';
import { uploadRoutes } from './uploads/routes';
import { dataPanelRoutes } from './data-panel/routes';
import { hostDispatch } from './hosting/host-dispatch';
import { servePreview } from './previews/preview-host';
import { appBackendRoutes } from './app-backend/routes';
import { functionBridgeRoutes, functionCallRoutes, functionPanelRoutes } from './functions/routes';
import { appAiCallRoutes, appAiPanelRoutes } from './app-ai/routes';
import { appEmailLinkRoutes, appEmailPanelRoutes } from './app-email/routes';
import { appPaymentPanelRoutes, appPaymentRoutes } from './app-payments/routes';
import { siteAnalyticsPanelRoutes, siteVisitRoutes } from './site-analytics/routes';
import { customDomainRoutes, tlsAskRoutes } from './custom-domains/routes';
import { siteSettingsRoutes } from './site-settings/routes';
import { accessTokenRoutes } from './git/token-routes';
import { gitRoutes } from './git/routes';
import { remoteRoutes } from './git/remote-routes';
import { visualEditRoutes } from './visual-edits/routes';
import { importRoutes } from './project-import/routes';
import { answerFunctionBridge } from './functions/function-bridge';
import { resolveFunctionCaller } from './functions/function-caller';
import { appCaller } from './app-backend/app-caller';
import { metricsRoutes } from './observability/metrics-routes';
import { installRequestHooks, requestIdOf, requestLogger } from './observability/request-hooks';

export interface BuildAppOptions {
  config: Config;
  db: DbHandle;
  logger?: FastifyServerOptions['logger'];
}

type Routes = FastifyPluginAsyncZod<{ services: Services }>;

/** Each feature's routes, by where they are mounted. */
const V1: Routes[] = [
  authRoutes,
  accountRoutes,
  accountLifecycleRoutes,
  sproutRoutes,
  sharingRoutes,
  analyticsRoutes,
  adminRoutes,
  billingRoutes,
  staffBillingRoutes,
  flagRoutes,
  insightRoutes,
  accessTokenRoutes,
];
/** The build product's API: a project's chat and runs, files and versions, uploads, previews, publishing and export. */
const BUILD_V1: Routes[] = [
  chatRoutes,
  attemptRoutes,
  fileRoutes,
  uploadRoutes,
  previewRoutes,
  publishingRoutes,
  dataPanelRoutes,
  functionPanelRoutes,
  appAiPanelRoutes,
  appEmailPanelRoutes,
  appPaymentPanelRoutes,
  siteAnalyticsPanelRoutes,
  siteSettingsRoutes,
  customDomainRoutes,
  remoteRoutes,
  importRoutes,
  visualEditRoutes,
];

/** Registers `routes` under one prefix. Only `services` is passed on: the options also carry `prefix`, which children would apply again. */
function mount(routes: Routes[]): Routes {
  return async (app, { services }) => {
    for (const r of routes) await app.register(r, { services });
  };
}

/**
 * Fastify's own hop count trusts nothing (it cannot tell a proxy from a client that writes the
 * header itself), so the count is a function: the nearest `n` hops are our proxies, which holds
 * when the API is reachable only through them (docs/deploy.md); otherwise name their addresses.
 */
function proxyTrust(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp({ config, db, logger }: BuildAppOptions) {
  const app = Fastify({
    // A caller's logger options (a test's stream) keep what the log may never hold.
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: logSerializers,
            ...(typeof logger === 'object' ? logger : {}),
          },
    trustProxy: proxyTrust(config.trustProxy),
    // A body trickled in byte by byte must not hold a socket: requests arrive within their time, and
    // silent sockets close (event streams write a heartbeat every 15 s, well inside it).
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    // Node reads these when the server is made (setting them later does nothing): headers come first, within the same time.
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.requestTimeoutMs / 4)),
    },
    bodyLimit: 1024 * 1024,
    // Deeply nested JSON is refused by size long before it can hurt; keys like __proto__ are dropped.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // A sane X-Request-Id from a proxy is kept (one id across the proxy's and our logs), else a UUID; sent back on every answer.
    genReqId: requestIdOf,
    // Lines of a request on a run's routes carry the run id (on whichever instance serves it).
    childLoggerFactory: requestLogger,
  }).withTypeProvider<ZodTypeProvider>();
  // Every route with its declared auth level, so the security suite covers new routes by itself.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, auth: route.config?.auth ?? 'user', owns: route.config?.owns ?? null });
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installRequestHooks(app, config, () => app.services);
  refuseNul(app);
  // JSON only: a text/plain body must not reach the validators as a string.
  app.removeContentTypeParser(['text/plain']);

  // Render checks load a candidate's page through the app itself (checks/check-requests.ts).
  const services = await createServices(config, db, app.log, (request) => app.inject({ ...request, method: request.method as 'GET' }));
  app.decorate('services', services);
  // A function's ctx.db answers through the app backend's own rules of data (functions/function-db.ts).
  services.functions.answerBridge((grant, request) => answerFunctionBridge(services, grant, request));
  // First: requests for preview and published-app hosts never reach CORS, authentication or a route.
  await app.register(hostDispatch, { services, servePreview });

  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Last-Event-ID', 'X-Request-Id'],
    // The export's file name, read by the web app's download; the request id, to quote to support.
    exposedHeaders: ['Content-Disposition', 'X-Request-Id'],
    credentials: false,
    maxAge: 600,
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Sprout API', version: '1.0.0', description: 'Accounts, projects (sprouts) and usage.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
    hideUntagged: false,
  });
  await app.register(authenticate, { services });
  await app.register(ownership, { services, loaders: OWNED_RECORDS });
  await app.register(featureGate, { services, isOn: featureOn });
  await app.register(appCaller, { services, resolveFunctionCaller });

  await app.register(healthRoutes, { services });
  await app.register(metricsRoutes, { services });
  await app.register(appBackendRoutes, { services });
  await app.register(functionCallRoutes, { services });
  await app.register(appAiCallRoutes, { services });
  await app.register(appEmailLinkRoutes, { services });
  await app.register(appPaymentRoutes, { services });
  await app.register(siteVisitRoutes, { services });
  await app.register(functionBridgeRoutes, { services });
  // Git's smart HTTP, for git itself (HTTP Basic with an access token): outside-contract.ts.
  await app.register(gitRoutes, { services });
  app.addHook('onClose', async () => services.appChanges.close());
  // A check worker takes no more checks, then closes its Chromium: checks cut short go back to the queue.
  // Type checks taken finish (a few seconds at most).
  app.addHook('preClose', async () => void services.checkQueue?.stopTaking());
  app.addHook('preClose', async () => void services.typeCheckQueue?.stopTaking());
  app.addHook('onClose', async () => services.chromium.close());
  app.addHook('onClose', async () => {
    await services.checkQueue?.close();
    await services.typeCheckQueue?.close();
  });
  app.addHook('onClose', async () => {
    await services.mailQueue?.close();
    await services.forwardQueue?.close();
  });
  // A worker stopping for a deploy finishes the publishes it took.
  app.addHook('onClose', async () => services.publishQueue?.close());
  app.addHook('onClose', async () => services.tracing.shutdown());
  app.addHook('onClose', async () => services.files.close());
  app.addHook('onClose', async () => services.limits.stop());
  app.addHook('onClose', async () => services.limitRows.close());
  app.addHook('onClose', async () => services.functions.close());
  app.addHook('onClose', async () => services.remotes.close());
  await app.register(usageRoutes, { services });
  // Mounted again at /v1/preview: the '/preview' variant of every /v1 route, which clients may call.
  await app.register(mount(V1), { prefix: '/v1', services });
  await app.register(mount(V1), { prefix: '/v1/preview', services });
  // Once, under /v1 only: providers are configured with one URL each (ONLY_UNDER_V1 in outside-contract.ts).
  await app.register(billingWebhookRoutes, { prefix: '/v1', services });
  // Sign-in providers send the browser back to one registered address, and the binding cookie's path is /v1/auth/oidc.
  await app.register(oidcRoutes, { prefix: '/v1', services });
  await app.register(tlsAskRoutes, { prefix: '/v1', services });
  await app.register(mount(BUILD_V1), { prefix: '/build/v1', services });
  // Outside the contract, like /health and /metrics: outside-contract.ts lists them with the reasons.
  app.get('/v1/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());

  return app;
}

export interface RouteEntry {
  method: string;
  url: string;
  auth: 'public' | 'optional' | 'user' | 'staff';
  /** What the caller must own (loaded before the handler), or null. */
  owns: Owns | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    routeTable: readonly RouteEntry[];
  }
}
