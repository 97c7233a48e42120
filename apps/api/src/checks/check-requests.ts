import type { BrowserContext, Route } from 'playwright-core';
import { escapeHtml } from '../hosting/pages';
import type { StaticAnswer } from './check-static';

/** One HTTP request handed to the API in-process (Fastify's `inject`). */
interface DispatchRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: Buffer;
}

/** The API's answer as `inject` gives it (defined beside the answers the check gives itself). */
type DispatchResponse = StaticAnswer;

export type Dispatch = (request: DispatchRequest) => Promise<DispatchResponse>;

// An app's live-data stream (app-events.ts) never ends, so it cannot be answered as one response:
// a check gets an empty stream that asks the client to retry in a minute, long after the check.
// The client loads its data with a plain request first, so the page renders the same.
const APP_EVENTS = /^\/_sprout\/v1\/.+\/events$/;
const EMPTY_EVENT_STREAM = 'retry: 60000\n: render check\n\n';
// Headers of the connection, not of the response.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade']);

export interface CheckRequestOptions {
  /** The project's preview origin, exactly as the person's iframe loads it (`http://{id}.preview.localhost:3001`). */
  origin: string;
  /** The check session's cookie (`name=value`), added to every request of the origin and never seen by the page. */
  cookie: string;
  dispatch: Dispatch;
  /** A GET the check answers itself (check-static.ts), or null for the API to answer. */
  local?: (path: string) => DispatchResponse | null;
  /** Told the API's answer to every GET it answered, to keep what the check may answer itself next time. */
  keep?: (path: string, res: DispatchResponse) => void;
  /** Told every answer the API gave, whatever the method (a function that failed is the candidate's fault). */
  answered?: (path: string, res: DispatchResponse) => void;
  /** At most this many requests are answered; the rest are refused and `overBudget` is told (once). */
  maxRequests?: number;
  overBudget?: () => void;
}

/** Requests one checked page may make: a real app loads a few dozen modules; a page opening frames in a loop makes thousands. */
export const MAX_CHECK_REQUESTS = 400;

/**
 * Answers every request of a checked page through the API in-process, on the page's real origin.
 *
 * Why not a real socket: the API may listen on another port or address than its public
 * PREVIEW_DOMAIN says (tests listen on port 0; production sits behind a proxy that terminates TLS
 * for an https preview domain, which a local Chromium could not reach as https). Answering through
 * `inject` needs neither the port nor TLS: the page still has its exact origin (so the app backend's
 * Origin check, cookies and CSP behave as in the iframe), and it makes the network policy simple —
 * the page reaches its own origin and nothing else. A page running generated code on the server must
 * not reach the server's network (databases, metadata endpoints, other hosts): every other request is
 * refused, WebSockets included; external images and fonts just do not show in the thumbnail.
 */
export async function answerThroughApi(context: BrowserContext, o: CheckRequestOptions): Promise<void> {
  const host = new URL(o.origin).host;
  const max = o.maxRequests ?? MAX_CHECK_REQUESTS;
  let answered = 0;
  await context.route(
    () => true,
    (route) => {
      // Every request the page makes is one the API answers for it, on a server others share.
      if (++answered > max) {
        if (answered === max + 1) o.overBudget?.();
        return route.abort('blockedbyclient').catch(() => undefined);
      }
      return answer(route, o, host);
    },
  );
  await context.routeWebSocket(
    () => true,
    (ws) => ws.close(),
  );
}

async function answer(route: Route, o: CheckRequestOptions, host: string): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  try {
    if (url.origin !== o.origin) return await route.abort('blockedbyclient');
    if (APP_EVENTS.test(url.pathname))
      return await route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' },
        body: EMPTY_EVENT_STREAM,
      });
    const local = request.method() === 'GET' ? o.local?.(url.pathname) : null;
    if (local) return await route.fulfill({ status: local.statusCode, headers: flatHeaders(local), body: local.rawPayload });
    const sent = await request.allHeaders();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(sent)) if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
    headers.host = host;
    // Ours first: the cookie reader takes the first of a name, so the page cannot shadow it with its own.
    headers.cookie = [o.cookie, sent.cookie].filter(Boolean).join('; ');
    const body = request.postDataBuffer();
    let res: DispatchResponse;
    try {
      res = await o.dispatch({ method: request.method(), url: url.pathname + url.search, headers, ...(body ? { payload: body } : {}) });
    } catch {
      return await route.fulfill({ status: 502, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'The API could not answer.' });
    }
    if (request.method() === 'GET') o.keep?.(url.pathname, res);
    o.answered?.(url.pathname, res);
    const to = redirectTarget(request.isNavigationRequest(), res, o.origin);
    if (to) return await route.fulfill({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: followPage(to) });
    await route.fulfill({ status: res.statusCode, headers: flatHeaders(res), body: res.rawPayload });
  } catch {
    // The check ended (its context closed) while this request was on its way: nothing to answer.
  }
}

/**
 * Where a page's navigation is sent on (a form answered with 303, as the test checkout's is), on its own
 * origin. Chromium follows a redirect fulfilled here without handing the next request to the route, so
 * it would go to the network, where the preview origin is not served: the page is sent on by a page.
 */
function redirectTarget(navigation: boolean, res: DispatchResponse, origin: string): string | null {
  const location = res.headers.location;
  if (!navigation || res.statusCode < 300 || res.statusCode > 399 || typeof location !== 'string') return null;
  const to = new URL(location, origin);
  return to.origin === origin ? to.href : null;
}

const followPage = (to: string) => `<!doctype html><meta http-equiv="refresh" content="0;url=${escapeHtml(to)}">`;

function flatHeaders(res: DispatchResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name.toLowerCase())) continue;
    // Playwright takes several Set-Cookie headers as lines of one value.
    out[name] = Array.isArray(value) ? value.join(name.toLowerCase() === 'set-cookie' ? '\n' : ', ') : String(value);
  }
  return out;
}
