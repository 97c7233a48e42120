import Fastify, { type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DbHandle } from '@sprout/db';
import type { Config } from './config';
import { createServices, type Services } from './services';
import { authenticate } from './plugins/authenticate';
import { installErrorHandler } from './plugins/error-handler';
import { authRoutes } from './routes/auth';
import { accountRoutes, usageRoutes } from './routes/account';
import { sproutRoutes } from './routes/sprouts';
import { adminRoutes } from './routes/admin';
import { adminBillingRoutes } from './routes/admin-billing';
import { billingRoutes } from './routes/billing';
import { billingWebhookRoutes } from './routes/billing-webhooks';
import { eventRoutes } from './routes/events';
import { magicRoutes } from './routes/magic';
import { healthRoutes } from './routes/health';
import { buildRoutes } from './routes/build';
import { engineRoutes } from './routes/engine';
import { hostDispatch } from './hosting/host-dispatch';

export interface BuildAppOptions {
  config: Config;
  db: DbHandle;
  logger?: FastifyServerOptions['logger'];
}

/** The v1 API; mounted at /v1 and again at /v1/preview (SPEC §7's '/preview' variant). */
async function v1(app: import('fastify').FastifyInstance, { services }: { services: Services }) {
  // Only `services` is passed on: the options also carry `prefix`, which children would apply again.
  for (const routes of [authRoutes, accountRoutes, sproutRoutes, magicRoutes, eventRoutes, adminRoutes, billingRoutes, adminBillingRoutes]) {
    await app.register(routes, { services });
  }
}

export async function buildApp({ config, db, logger }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Deeply nested JSON is refused by size long before it can hurt; keys like __proto__ are dropped.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  }).withTypeProvider<ZodTypeProvider>();
  // Every route with its declared auth level, so the security suite covers new routes by itself.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, auth: route.config?.auth ?? 'user' });
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // JSON only: a text/plain body must not reach the validators as a string.
  app.removeContentTypeParser(['text/plain']);

  const services = await createServices(config, db, app.log);
  app.decorate('services', services);
  // First: requests for preview and published-app hosts never reach CORS, authentication or a route.
  await app.register(hostDispatch, { services });

  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Last-Event-ID'],
    // The export's file name, read by the web app's download.
    exposedHeaders: ['Content-Disposition'],
    credentials: false,
    maxAge: 600,
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
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

  await app.register(healthRoutes, { services });
  await app.register(usageRoutes, { services });
  await app.register(v1, { prefix: '/v1', services });
  await app.register(v1, { prefix: '/v1/preview', services });
  // Once, under /v1 only: providers are configured with one URL each.
  await app.register(billingWebhookRoutes, { prefix: '/v1', services });
  await app.register(buildRoutes, { prefix: '/build/v1', services });
  await app.register(engineRoutes, { prefix: '/build/v1', services });
  app.get('/v1/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());

  return app;
}

export interface RouteEntry {
  method: string;
  url: string;
  auth: 'public' | 'optional' | 'user' | 'staff';
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    routeTable: readonly RouteEntry[];
  }
}
