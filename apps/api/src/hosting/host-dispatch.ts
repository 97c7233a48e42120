import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Services } from '../services';
import { customDomainTarget, primaryDomainRedirect } from './custom-domain-host';
import { classifyHost, type HostedTarget } from './hosts';
import { ownHosts } from './own-hosts';
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

/**
 * A request on a preview host as the preview host sees it: a read, or a POST whose body it reads
 * itself (up to a limit it chooses) when it takes one at that path.
 */
export interface PreviewHostRequest {
  url: string;
  cookie?: string;
  method?: 'GET' | 'HEAD' | 'POST';
  origin?: string;
  contentType?: string;
  /** The body, or null past `limit` bytes (refused by its declared length before anything is read). */
  body?: (limit: number) => Promise<Buffer | null>;
}

/** Answers a request on a project's preview host (previews/preview-host.ts), given by the app so hosting knows nothing of previews. */
export type ServePreview = (s: Services, sproutId: string, req: PreviewHostRequest) => Promise<HostedResponse & { scriptHashes?: string[] }>;

/** The answer to a write an app host does not take. */
export function methodNotAllowed(): HostedResponse {
  return { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: 'Method not allowed' };
}

/** Reads a request body of at most `limit` bytes; null past it (the rest is left unread, and dropped). */
function readBody(raw: IncomingMessage, limit: number): Promise<Buffer | null> {
  if (Number(raw.headers['content-length']) > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onError);
      raw.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      resolve(null);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    // A client that goes away mid-body sent nothing usable.
    const onClose = () => {
      stop();
      resolve(null);
    };
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onError);
    raw.on('close', onClose);
  });
}

export const hostDispatch = fp(async (app: FastifyInstance, { services: s, servePreview }: { services: Services; servePreview: ServePreview }) => {
  app.decorateRequest('hostTarget', undefined);
  const own = ownHosts(s.config);
  app.addHook('onRequest', async (request, reply) => {
    // A host of no app domain may be a custom domain (custom-domain-host.ts): by the Host header alone, as Caddy passes it on.
    const target = hostTargetOf(request, s.config) ?? (await customDomainTarget(s, request.headers.host, own));
    request.hostTarget = target;
    if (!target) return;
    // An app's backend: its routes declare their caller (app-backend/app-caller.ts), which resolves the app from the Host again.
    if (target.kind !== 'unknown' && request.url.startsWith(APP_BACKEND_PREFIX)) return;
    const head = request.method === 'HEAD';
    const kind = target.kind === 'site' ? 'site' : 'preview';
    let response: HostedResponse & { scriptHashes?: string[] };
    try {
      // A preview host takes one kind of write, which it names itself (its bridge's runtime-error reports).
      const previewPost = target.kind === 'preview' && request.method === 'POST';
      if (request.method !== 'GET' && !head && !previewPost) {
        response = methodNotAllowed();
      } else if (target.kind === 'preview') {
        response = await servePreview(s, target.sproutId, {
          url: request.url,
          cookie: request.headers.cookie,
          method: previewPost ? 'POST' : head ? 'HEAD' : 'GET',
          origin: request.headers.origin,
          contentType: request.headers['content-type'],
          body: (limit) => readBody(request.raw, limit),
        });
      } else if (target.kind === 'site') {
        response =
          (!target.domain && (await primaryDomainRedirect(s, target.slug, request.url))) ||
          (await serveSite(s, target.slug, request.url, request.headers.cookie, target.domain));
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
