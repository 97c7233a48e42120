import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Services } from '../services';
import { classifyHost, type HostedTarget } from './hosts';
import { servePreview } from './preview-host';
import { htmlPage, sendHosted, type HostedResponse } from './response';
import { appSecurityHeaders } from './security-headers';
import { serveSite } from './site-host';

/**
 * Routes requests by Host before anything else: a preview or published-app host answers only with
 * that app, never with an API route (registered first, this hook runs before CORS and
 * authentication and ends the request). Every other host goes on to the API as before.
 */
export const APP_BACKEND_PREFIX = '/_sprout/v1/';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the request's host names (hostTargetOf), once the dispatch has looked: null for the API itself. */
    hostTarget: HostedTarget | null | undefined;
  }
}

/**
 * The Host header decides first: a forwarded host (TRUST_PROXY) can never turn an app's request
 * into an API request, only route a proxied request to its app.
 */
export function hostTargetOf(request: FastifyRequest, domains: { previewDomain: string; sitesDomain: string }): HostedTarget | null {
  return classifyHost(request.headers.host, domains) ?? classifyHost(request.host, domains);
}

export const hostDispatch = fp(async (app: FastifyInstance, { services: s }: { services: Services }) => {
  app.decorateRequest('hostTarget', undefined);
  app.addHook('onRequest', async (request, reply) => {
    const target = hostTargetOf(request, s.config);
    request.hostTarget = target;
    if (!target) return;
    // An app's backend: its routes (app-backend/routes.ts) resolve the app from the Host again.
    if (target.kind !== 'unknown' && request.url.startsWith(APP_BACKEND_PREFIX)) return;
    const head = request.method === 'HEAD';
    const kind = target.kind === 'site' ? 'site' : 'preview';
    let response: HostedResponse & { scriptHashes?: string[] };
    try {
      if (request.method !== 'GET' && !head) {
        response = {
          ...htmlPage(405, 'Method not allowed', 'Apps on this address can only be read.'),
          headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
          body: 'Method not allowed',
        };
      } else if (target.kind === 'preview') {
        response = await servePreview(s, target.sproutId, { url: request.url, cookie: request.headers.cookie });
      } else if (target.kind === 'site') {
        response = await serveSite(s, target.slug, request.url);
      } else {
        response = htmlPage(404, 'Not found', 'There is no app at this address.');
      }
    } catch (err) {
      request.log.error({ err, host: request.host, url: request.url }, 'app host request failed');
      response = htmlPage(500, 'Something went wrong', 'This app could not be served. Please try again in a moment.');
    }
    const security = appSecurityHeaders({ webOrigin: s.config.webOrigin, scriptHashes: response.scriptHashes, kind });
    return sendHosted(reply, response, security, head);
  });
});
