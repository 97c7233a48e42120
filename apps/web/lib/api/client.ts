import type { CallInput, CallReply, ClientErrorCode, ErrorCode, RouteName } from '@sprout/core/contract';
import type { NameOf, Route } from '@sprout/core/routes';
import type { Identity } from './identity';
import { DEADLINE_TEXT, REQUEST_TIMEOUT_MS, requestDeadline, type Deadline } from './request-deadline';
import { routeUrl, type CallAddress } from './route-url';

/** What a call says when the network, not the server, failed (an ApiError with status 0). */
export const NETWORK_ERROR_TEXT = 'Could not reach Sprout. Check your connection and try again.';

/** Why a call failed: a code of the contract the API answered with, or one the client made (the network, an unreadable answer). */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly code: ApiErrorCode,
    /** The server's `message` field, if it sent one. */
    readonly serverMessage: string | undefined,
    readonly body: Record<string, unknown>,
  ) {
    super(serverMessage ?? `${status} ${statusText}`);
    this.name = 'ApiError';
  }
}

/** Set only by the developer toolbar (staff): an impersonation token and the '/preview' API variant. */
export interface ApiOverrides {
  token?: string | null;
  previewVariant?: boolean;
}
let overrides: ApiOverrides = {};
/** Staff acting as someone from the admin pages (lib/api/impersonation.ts); the toolbar's token wins. */
let actingAs: string | null = null;
export function setApiOverrides(next: ApiOverrides): void {
  overrides = next;
}

export function setImpersonationToken(token: string | null): void {
  actingAs = token;
}

interface CallOptions {
  /** Cancels the call (it then fails with the ApiError of code `aborted`). */
  signal?: AbortSignal;
  /** Gives up after this long (default 15 s; 0: no limit); going offline ends a call at once. */
  timeoutMs?: number;
}

/** What a call of endpoint K takes after its route: its input (which may be left out when nothing in it is required) and options. */
type CallArgs<K extends RouteName> = {} extends CallInput<K> ? [input?: CallInput<K>, opts?: CallOptions] : [input: CallInput<K>, opts?: CallOptions];

/**
 * A JSON call of one endpoint of the route table, typed by its contract: the route (imported on its
 * own from `@sprout/core/routes`) decides the method, the base and the path; the input's params,
 * query and body and the reply are its endpoint's (`NameOf` the route). An empty answer (204) is
 * `undefined`.
 */
export type ApiCall = <R extends Route>(route: R, ...args: CallArgs<NameOf<R>>) => Promise<CallReply<NameOf<R>>>;

/** Whatever hands out the bearer token: the page's Identity, or a fixed one in a test. */
export type TokenSource = Pick<Identity, 'getIdToken'>;

export interface ApiClient {
  /**
   * base: 'api' → {api}/v1 (or /v1/preview), 'build' → {api}/build/v1, 'usage' → {usage host}.
   * A call ends within its time limit: one that times out, is cancelled or loses the network fails
   * with status 0 and code `timeout`, `aborted` or `offline`; an answer naming no code fails with
   * `unreadable`.
   */
  call: ApiCall;
  /**
   * A call of `route` with the same token handling, for what is not JSON: a file as the body (an
   * upload), a file as the answer (an export, an image). Any answer is returned as it is; only a
   * network failure throws (the ApiError with status 0).
   */
  fetch<R extends Route>(route: R, input: CallAddress<R>, body?: Blob): Promise<Response>;
}

type LooseInput = { params?: unknown; query?: unknown; body?: unknown };

export function createApiClient(config: { apiUrl: string; usageUrl: string }, identity: TokenSource): ApiClient {
  const addressOf = (route: Route, input: LooseInput) => routeUrl({ ...config, previewVariant: overrides.previewVariant }, route, input as never);

  async function send(method: string, url: string, body: unknown, token: string | null, signal?: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof Blob) {
      headers['content-type'] = body.type || 'application/octet-stream';
      payload = body;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    return fetch(url, { method, headers, body: payload, signal });
  }

  function networkError(deadline: Deadline | null, timeoutMs: number): ApiError {
    const reason = deadline?.reason() ?? (typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : null);
    if (!reason) return new ApiError(0, 'Network error', 'network', NETWORK_ERROR_TEXT, {});
    return new ApiError(0, reason === 'timeout' ? 'Timeout' : reason === 'offline' ? 'Offline' : 'Cancelled', reason, DEADLINE_TEXT[reason](timeoutMs), {});
  }

  async function authorised(method: string, url: string, body: unknown, deadline: Deadline | null = null, timeoutMs = 0): Promise<Response> {
    const impersonating = overrides.token ?? actingAs ?? null;
    const signal = deadline?.signal;
    try {
      const res = await send(method, url, body, impersonating ?? (await identity.getIdToken()), signal);
      if (res.status !== 401 || impersonating) return res;
      // The token may have expired between the check and the call: refresh once and retry.
      const fresh = await identity.getIdToken(true);
      return fresh ? await send(method, url, body, fresh, signal) : res;
    } catch {
      throw networkError(deadline, timeoutMs);
    }
  }

  async function call(route: Route, input: LooseInput = {}, opts: CallOptions = {}): Promise<unknown> {
    const timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
    const deadline = requestDeadline({ signal: opts.signal, timeoutMs });
    let res: Response;
    let json: Record<string, unknown>;
    try {
      res = await authorised(route.method, addressOf(route, input), input.body, deadline, timeoutMs);
      if (res.status === 204) return undefined;
      json = (await res.json().catch(() => {
        // A body cut off by the deadline is the deadline's failure, not an empty answer.
        if (deadline.reason()) throw networkError(deadline, timeoutMs);
        return {};
      })) as Record<string, unknown>;
    } finally {
      deadline.done();
    }
    if (!res.ok) {
      // The API answers only with the contract's codes (its error type refuses any other); an answer
      // without one is not the API's (a proxy's error page) or was cut short.
      const code = (json.code as ErrorCode | undefined) ?? 'unreadable';
      throw new ApiError(res.status, res.statusText, code, typeof json.message === 'string' ? json.message : undefined, json);
    }
    return json;
  }

  return {
    call: call as ApiCall,
    fetch: (route, input, body) => authorised(route.method, addressOf(route, input), body),
  };
}
