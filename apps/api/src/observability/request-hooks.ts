import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { APP_BACKEND_PREFIX, hostTargetOf } from '../hosting/host-dispatch';
import { methodLabel, routeLabel, statusClass } from './labels';
import type { Metrics } from './metrics';
import type { HttpSpanEnd, Tracing } from './tracing';

/** An incoming X-Request-Id worth keeping: what load balancers and tracing proxies send, nothing that could forge a log line. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:+=/-]{0,127}$/;
const RUN_PATH = /^\/build\/v1\/runs\/([A-Za-z0-9_-]{1,64})(?:[/?]|$)/;

/** Fastify's `genReqId`: the caller's X-Request-Id when sane (one request id across proxies and logs), else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const header = raw.headers['x-request-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Ends the request's span (tracing.ts), once. */
    endSpan: ((e: HttpSpanEnd) => void) | null;
  }
}

/** The run a request is about (`/build/v1/runs/:id/…`). */
const runIdOf = (url: string | undefined): string | undefined => RUN_PATH.exec(url ?? '')?.[1];

/**
 * Fastify's `childLoggerFactory`: every line of a request on a run's routes — from "incoming
 * request" on, on whichever instance serves it (an event stream followed through another one) —
 * carries the run id, as the engine's lines of the run do on the instance executing it.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: Parameters<FastifyBaseLogger['child']>[1],
  raw: IncomingMessage,
): FastifyBaseLogger {
  const runId = runIdOf(raw.url);
  return logger.child(runId ? { ...bindings, runId } : bindings, options);
}

/**
 * Every request: its id goes back in `X-Request-Id` (also on event streams, which take the headers
 * set so far) and is in each of its log lines (`reqId`), with the trace id when tracing; when it
 * ends, its duration by route pattern and status class, and its span.
 * Registered first, before the app hosts' dispatch ends their requests in its own onRequest hook;
 * `observability` is read per request (the services that hold it are made after the hooks).
 */
export function installRequestHooks(app: FastifyInstance, config: Config, observability: () => { metrics: Metrics; tracing: Tracing }): void {
  app.decorateRequest('endSpan', null);
  // Callback hooks, not async ones: they run on every request and never wait for anything.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    const span = observability().tracing.startHttp({ method: request.method, headers: request.headers, requestId: request.id });
    request.endSpan = span.end;
    if (span.traceId) {
      request.log = request.log.child({ traceId: span.traceId });
      reply.log = request.log;
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel({ pattern: request.routeOptions.url, is404: request.is404, appHost: appHostOf(request, config) });
    observability().metrics.observeHttp({ method: methodLabel(request.method), route, status_class: statusClass(reply.statusCode) }, reply.elapsedTime);
    request.endSpan?.({ statusCode: reply.statusCode, route, runId: runIdOf(request.url) });
    request.endSpan = null;
    done();
  });
}

/** Which app host answered the request (host-dispatch.ts), if one did: an app's backend routes count as routes. */
function appHostOf(request: FastifyRequest, config: Config): 'preview' | 'site' | 'unknown' | null {
  // The dispatch already classified the request's host (unless the request ended before it ran).
  const target = request.hostTarget !== undefined ? request.hostTarget : hostTargetOf(request, config);
  if (!target) return null;
  if (target.kind !== 'unknown' && request.url.startsWith(APP_BACKEND_PREFIX)) return null;
  return target.kind;
}
