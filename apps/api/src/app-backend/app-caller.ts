import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_BACKEND_PREFIX } from '../hosting/host-dispatch';
import { addRoutePreHandler } from '../plugins/route-hooks';
import type { Services } from '../services';
import { type AppContext, resolveAppContext } from './app-request';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is an app's backend (`config: { auth: 'public', appCaller: true }`): its caller is the
     * page of the app the request's Host names, loaded before the handler (`appContextOf`).
     */
    appCaller?: true;
  }
  interface FastifyRequest {
    appContext: AppContext | null;
  }
}

/**
 * An app backend's caller check, declared on the route as ownership is: a preHandler of the routes
 * that declare `appCaller` (after validation, as the handler's own check ran before) resolves the app
 * from the Host, refuses another origin, requires the owner's preview session on previews, counts
 * the visitor's requests and loads the rules, so handlers receive the context and never check again.
 * A route under the app backend's prefix that does not declare it is refused at start-up.
 */
export const appCaller = fp(async (app: FastifyInstance, { services }: { services: Services }) => {
  app.decorateRequest('appContext', null);
  app.addHook('onRoute', (route) => {
    if (!route.config?.appCaller) {
      if (route.url.startsWith(APP_BACKEND_PREFIX)) throw new Error(`${route.url} is an app backend route but does not declare appCaller`);
      return;
    }
    addRoutePreHandler(route, async (request, reply) => {
      request.appContext = await resolveAppContext(services, request, reply);
    });
  });
});

/** The app context of a route declared `appCaller` (the preHandler guarantees it is set). */
export function appContextOf(request: FastifyRequest): AppContext {
  // A handler reading a context its route does not declare is a bug in the route, not a 404.
  if (!request.appContext) throw new Error(`${request.method} ${request.routeOptions.url} reads the app context but does not declare appCaller`);
  return request.appContext;
}
