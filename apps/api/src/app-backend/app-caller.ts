import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_BACKEND_PREFIX } from '../hosting/host-dispatch';
import { addRoutePreHandler } from '../plugins/route-hooks';
import type { Services } from '../services';
import { type AppContext, type HostedApp, resolveAppContext, resolveVisitedApp } from './app-request';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is an app's backend (`config: { auth: 'public', appCaller: true }`): its caller is the
     * page of the app the request's Host names, loaded before the handler (`appContextOf`).
     */
    appCaller?: true | 'function' | 'visit';
  }
  interface FastifyRequest {
    appContext: AppContext | null;
    /** Set on routes declared `appCaller: 'visit'`: the app of the Host alone (a page's visit needs no data scope, rules or visitor). */
    visitedApp: HostedApp | null;
    /** Set on routes declared `appCaller: 'function'` by the resolver the app hands in (functions/function-caller.ts reads it). */
    functionCaller: unknown;
  }
}

/** Who calls a function of an app (its access depends on the function: functions/function-caller.ts). */
type CallerResolver = (s: Services, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * An app backend's caller check, declared on the route as ownership is: a preHandler of the routes
 * that declare `appCaller` (after validation, as the handler's own check ran before) resolves the app
 * from the Host, refuses another origin, requires the owner's preview session on previews, counts
 * the visitor's requests and loads the rules, so handlers receive the context and never check again.
 * A route under the app backend's prefix that does not declare it is refused at start-up.
 */
export const appCaller = fp(
  async (app: FastifyInstance, { services, resolveFunctionCaller }: { services: Services; resolveFunctionCaller: CallerResolver }) => {
    app.decorateRequest('appContext', null);
    app.decorateRequest('functionCaller', null);
    app.decorateRequest('visitedApp', null);
    app.addHook('onRoute', (route) => {
      if (!route.config?.appCaller) {
        if (route.url.startsWith(APP_BACKEND_PREFIX)) throw new Error(`${route.url} is an app backend route but does not declare appCaller`);
        return;
      }
      const caller = route.config.appCaller;
      addRoutePreHandler(route, async (request, reply) => {
        // A function call: who may call depends on the function (its `access`), so it is resolved with it.
        if (caller === 'function') request.functionCaller = await resolveFunctionCaller(services, request, reply);
        else if (caller === 'visit') request.visitedApp = await resolveVisitedApp(services, request);
        else request.appContext = await resolveAppContext(services, request, reply);
      });
    });
  },
);

/** The app of a route declared `appCaller: 'visit'` (the preHandler guarantees it is set). */
export function visitedAppOf(request: FastifyRequest): HostedApp {
  if (!request.visitedApp) throw new Error(`${request.method} ${request.routeOptions.url} reads the visited app but does not declare appCaller: 'visit'`);
  return request.visitedApp;
}

/** The app context of a route declared `appCaller` (the preHandler guarantees it is set). */
export function appContextOf(request: FastifyRequest): AppContext {
  // A handler reading a context its route does not declare is a bug in the route, not a 404.
  if (!request.appContext) throw new Error(`${request.method} ${request.routeOptions.url} reads the app context but does not declare appCaller`);
  return request.appContext;
}
