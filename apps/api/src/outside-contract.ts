import type { RouteName } from '@sprout/core/routes';

/**
 * The routes this API serves that are not endpoints of the route contract, each with the reason.
 * Every other route is registered from `ENDPOINTS` (`plugins/endpoint.ts`), so its method, path,
 * schemas and error statuses are the ones the web client is typed by; `app-routes.test.ts` fails on
 * a route that is neither. Host dispatch (`hosting/host-dispatch.ts`) is no route at all: a hook that
 * answers every request on a preview or published-app host before routing, so it is not listed.
 */
export const OUTSIDE_CONTRACT: readonly OutsideRoute[] = [
  { method: 'GET', url: '/health', why: 'Liveness for load balancers and orchestrators; no client of ours calls it.' },
  { method: 'GET', url: '/metrics', why: 'Prometheus scrapes it, with its own token (METRICS_TOKEN), outside the accounts.' },
  { method: 'GET', url: '/v1/openapi.json', why: 'The document made from the contract endpoints: it describes them, it is not one of them.' },
  { method: 'OPTIONS', url: '*', why: 'CORS preflight, answered by @fastify/cors for every path.' },
  {
    method: 'POST',
    url: '/internal/v1/functions/bridge',
    why: "A separate functions runtime's ctx.db requests, with the token both share (FUNCTIONS_TOKEN); without it, it answers nobody.",
  },
  {
    method: 'any',
    under: '/git/',
    why: "Git's smart HTTP (clone, pull, push of a project, git/routes.ts): git is the client, with its own formats, and signs in with HTTP Basic and an access token.",
  },
  {
    method: 'any',
    under: '/_sprout/v1/',
    why: "Every app's own backend, served on that app's origin (its preview or published host) to the app itself, never to the web client (docs/app-backend.md).",
  },
];

export type OutsideRoute = { method: string; url: string; why: string } | { method: 'any'; under: string; why: string };

/** Why a route is served outside the contract, or undefined when it is not on the list. */
export function outsideContract(method: string, url: string): string | undefined {
  return OUTSIDE_CONTRACT.find((r) => ('under' in r ? url.startsWith(r.under) : r.method === method && r.url === url))?.why;
}

/**
 * Endpoints of the `api` base served under `/v1` only, not again under `/v1/preview` (`app.ts`):
 * providers are configured with one address each, so a second one would only be a second way in.
 */
export const ONLY_UNDER_V1: readonly RouteName[] = [
  'stripeWebhook',
  'mobileStoreNotification',
  'oidcProviders',
  'oidcStart',
  'oidcCallback',
  'oidcComplete',
  'tlsAsk',
];
