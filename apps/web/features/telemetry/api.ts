import { recordEvents, recordVisit } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';
import { routeUrl } from '@/lib/api/route-url';
import type { QueuedEvent } from './event-queue';

/*
 * Telemetry's calls, one plain function each, typed by its route: analytics events and visits to the API,
 * window errors to the web server's same-origin tunnel (`/monitoring`, which ad blockers leave alone).
 * Events and errors are sent with `keepalive`, so they survive the page going away.
 */

export function telemetryCalls(call: ApiCall) {
  return {
    /** One visit per session once the person is known. */
    recordVisit: () => call(recordVisit, { body: { appName: 'web' } }),
  };
}

/** A batch of analytics events, signed in or not; kept alive past the page, so not through the client's deadline. */
export function sendEvents(apiUrl: string, token: string | null, events: QueuedEvent[]): Promise<Response> {
  return fetch(routeUrl({ apiUrl }, recordEvents), {
    method: recordEvents.method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ events }),
    keepalive: true,
  });
}

export interface ErrorReport {
  message: string;
  stack?: string;
  url: string;
  userAgent: string;
}

/** POST /monitoring (the web server forwards it to the API and, when configured, to Sentry). */
export function reportError(report: ErrorReport): Promise<Response> {
  return fetch('/monitoring', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  });
}
