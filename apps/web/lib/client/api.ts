import type { Identity } from './identity';
import { DEADLINE_TEXT, REQUEST_TIMEOUT_MS, requestDeadline, type Deadline } from './request-deadline';

/** What a call says when the network, not the server, failed (an ApiError with status 0). */
export const NETWORK_ERROR_TEXT = 'Could not reach Sprout. Check your connection and try again.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly code: string,
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
/** Staff acting as someone from the admin pages (lib/client/impersonation.ts); the toolbar's token wins. */
let actingAs: string | null = null;
export function setApiOverrides(next: ApiOverrides): void {
  overrides = next;
}

export function setImpersonationToken(token: string | null): void {
  actingAs = token;
}

export type ApiBase = 'api' | 'build' | 'usage';

export interface RequestOptions {
  base?: ApiBase;
  /** Cancels the call (it then fails with the ApiError of code `aborted`). */
  signal?: AbortSignal;
  /** Gives up after this long (default 15 s; 0: no limit); going offline ends a call at once. */
  timeoutMs?: number;
}

export interface ApiClient {
  /**
   * base: 'api' → {api}/v1 (or /v1/preview), 'build' → {api}/build/v1, 'usage' → {usage host}.
   * A call ends within its time limit: one that times out, is cancelled or loses the network fails
   * with status 0 and code `timeout`, `aborted` or `offline`.
   */
  request<T>(method: string, path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  /**
   * `{api}{path}` with the same token handling, for what is not JSON: a file as the body (an
   * upload), a file as the answer (an export). Any answer is returned as it is; only a network
   * failure throws (the ApiError with status 0).
   */
  fetch(method: string, path: string, body?: Blob): Promise<Response>;
}

export function createApiClient(config: { apiUrl: string; usageUrl: string }, identity: Identity): ApiClient {
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

  return {
    async request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
      const url =
        opts.base === 'usage'
          ? `${config.usageUrl}${path}`
          : opts.base === 'build'
            ? `${config.apiUrl}/build/v1${path}`
            : `${config.apiUrl}/v1${overrides.previewVariant ? '/preview' : ''}${path}`;
      const timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
      const deadline = requestDeadline({ signal: opts.signal, timeoutMs });
      let res: Response;
      let json: Record<string, unknown>;
      try {
        res = await authorised(method, url, body, deadline, timeoutMs);
        if (res.status === 204) return undefined as T;
        json = (await res.json().catch(() => {
          // A body cut off by the deadline is the deadline's failure, not an empty answer.
          if (deadline.reason()) throw networkError(deadline, timeoutMs);
          return {};
        })) as Record<string, unknown>;
      } finally {
        deadline.done();
      }
      if (!res.ok) {
        throw new ApiError(res.status, res.statusText, String(json.code ?? 'error'), typeof json.message === 'string' ? json.message : undefined, json);
      }
      return json as T;
    },
    fetch: (method, path, body) => authorised(method, `${config.apiUrl}${path}`, body),
  };
}
