import type { preHandlerAsyncHookHandler, RouteOptions } from 'fastify';

/**
 * Gives one route a preHandler of its own (after those it declares), from an `onRoute` hook: a
 * plugin whose work depends on what a route declares (ownership, a feature) runs on those routes
 * only, instead of a hook on every request that looks the declaration up and returns.
 */
export function addRoutePreHandler(route: RouteOptions, hook: preHandlerAsyncHookHandler): void {
  const own = route.preHandler;
  route.preHandler = own ? [...[own].flat(), hook] : [hook];
}
