import type { Identity } from './identity';

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
export function setApiOverrides(next: ApiOverrides): void {
  overrides = next;
}

export interface ApiClient {
  /** base: 'api' → {api}/v1 (or /v1/preview), 'build' → {api}/build/v1, 'usage' → {usage host}. */
  request<T>(method: string, path: string, body?: unknown, opts?: { base?: 'api' | 'build' | 'usage' }): Promise<T>;
}

export function createApiClient(config: { apiUrl: string; usageUrl: string }, identity: Identity): ApiClient {
  async function send(method: string, url: string, body: unknown, token: string | null): Promise<Response> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  return {
    async request<T>(method: string, path: string, body?: unknown, opts: { base?: 'api' | 'build' | 'usage' } = {}): Promise<T> {
      const url =
        opts.base === 'usage'
          ? `${config.usageUrl}${path}`
          : opts.base === 'build'
            ? `${config.apiUrl}/build/v1${path}`
            : `${config.apiUrl}/v1${overrides.previewVariant ? '/preview' : ''}${path}`;
      const impersonating = overrides.token ?? null;
      let res: Response;
      try {
        res = await send(method, url, body, impersonating ?? (await identity.getIdToken()));
        if (res.status === 401 && !impersonating) {
          // The token may have expired between the check and the call: refresh once and retry.
          const fresh = await identity.getIdToken(true);
          if (fresh) res = await send(method, url, body, fresh);
        }
      } catch {
        throw new ApiError(0, 'Network error', 'network', 'Could not reach Sprout. Check your connection and try again.', {});
      }
      if (res.status === 204) return undefined as T;
      const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      if (!res.ok) {
        throw new ApiError(res.status, res.statusText, String(json.code ?? 'error'), typeof json.message === 'string' ? json.message : undefined, json);
      }
      return json as T;
    },
  };
}
