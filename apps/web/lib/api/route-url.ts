import { BASE_PREFIX, pathOf, type NameOf, type QueryValue, type Route } from '@sprout/core/routes';
import type { CallInput } from '@sprout/core/contract';

/*
 * Where a call of a route goes: the only place in the web app that joins a host to a path. Every
 * path and method comes from the route table (`@sprout/core/routes`), each route imported on its own
 * so a page's bundle holds only the routes it calls.
 */

/** The hosts the API answers on, as the browser (or the web server) reaches them. */
export interface ApiHosts {
  apiUrl: string;
  /** The usage host; the API's own when not set (the web server calls the API directly). */
  usageUrl?: string;
  /** The developer toolbar's `/v1/preview` variant of every `api` route. */
  previewVariant?: boolean;
}

/** A call's address: its path parameters and query, typed by the route's endpoint. */
export type CallAddress<R extends Route> = Omit<CallInput<NameOf<R>>, 'body'>;

/** `{api}/v1…` (or `/v1/preview…`), `{api}/build/v1…`, `{usage}…` or `{api}…` for `route` with `input`'s parameters and query. */
export function routeUrl<R extends Route>(hosts: ApiHosts, route: R, input?: CallAddress<R>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, QueryValue> };
  const host = route.base === 'usage' ? (hosts.usageUrl ?? hosts.apiUrl) : hosts.apiUrl;
  const prefix = route.base === 'api' && hosts.previewVariant ? `${BASE_PREFIX.api}/preview` : BASE_PREFIX[route.base];
  return `${host}${prefix}${pathOf(route, params as never, query)}`;
}
