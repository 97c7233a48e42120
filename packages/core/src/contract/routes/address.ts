// What a route of the table is made of, and where each base is mounted. No zod and no route here:
// the web client imports this module's values without the table.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Where an endpoint lives: `api` under `/v1` (and again under `/v1/preview`, the variant a flag
 * selects), `build` under `/build/v1`, `usage` on the usage host, `root` at the API's root.
 */
export type RouteBase = 'api' | 'build' | 'usage' | 'root';

export interface RouteAddress {
  base: RouteBase;
  method: HttpMethod;
  /** Below the base; `:name` is a path parameter. */
  path: string;
}

/** The base's prefix on the API host (`usage` is a host of its own). */
export const BASE_PREFIX: Readonly<Record<RouteBase, string>> = { api: '/v1', build: '/build/v1', usage: '', root: '' };
