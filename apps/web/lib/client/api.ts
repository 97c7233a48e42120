import type { Identity } from './identity';

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

export interface ApiClient {
  /** base: 'api' → {api}/v1 (or /v1/preview), 'build' → {api}/build/v1, 'usage' → {usage host}. */
  request<T>(method: string, path: string, body?: unknown, opts?: { base?: ApiBase }): Promise<T>;
  /**
   * `{api}{path}` with the same token handling, for what is not JSON: a file as the body (an
   * upload), a file as the answer (an export). Any answer is returned as it is; only a network
   * failure throws (the ApiError with status 0).
   */
  fetch(method: string, path: string, body?: Blob): Promise<Response>;
}

export function createApiClient(config: { apiUrl: string; usageUrl: string }, identity: Identity): ApiClient {
  async function send(method: string, url: string, body: unknown, token: string | null): Promise<Response> {
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
    return fetch(url, { method, headers, body: payload });
  }

  async function authorised(method: string, url: string, body: unknown): Promise<Response> {
    const impersonating = overrides.token ?? actingAs ?? null;
    try {
      const res = await send(method, url, body, impersonating ?? (await identity.getIdToken()));
      if (res.status !== 401 || impersonating) return res;
      // The token may have expired between the check and the call: refresh once and retry.
      const fresh = await identity.getIdToken(true);
      return fresh ? await send(method, url, body, fresh) : res;
    } catch {
      throw new ApiError(0, 'Network error', 'network', NETWORK_ERROR_TEXT, {});
    }
  }

  return {
    async request<T>(method: string, path: string, body?: unknown, opts: { base?: ApiBase } = {}): Promise<T> {
      const url =
        opts.base === 'usage'
          ? `${config.usageUrl}${path}`
          : opts.base === 'build'
            ? `${config.apiUrl}/build/v1${path}`
            : `${config.apiUrl}/v1${overrides.previewVariant ? '/preview' : ''}${path}`;
      const res = await authorised(method, url, body);
      if (res.status === 204) return undefined as T;
      const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      if (!res.ok) {
        throw new ApiError(res.status, res.statusText, String(json.code ?? 'error'), typeof json.message === 'string' ? json.message : undefined, json);
      }
      return json as T;
    },
    fetch: (method, path, body) => authorised(method, `${config.apiUrl}${path}`, body),
  };
}
