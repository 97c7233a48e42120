import type { NameOf, PathParams, Route } from './route-table';

export type QueryValue = string | number | boolean | null | undefined;

/**
 * A route's path below its base with its parameters filled in (each encoded as one path segment) and
 * a query string of the defined values. Takes the route itself, not its name, so the web client's
 * bundle holds only the routes it calls. Throws on a missing parameter: a caller's mistake, never a
 * person's input.
 */
export function pathOf<R extends Route>(route: R, params?: PathParams<NameOf<R>>, query?: Readonly<Record<string, QueryValue>>): string {
  const values = (params ?? {}) as Record<string, string | undefined>;
  const path = route.path.replace(/:([A-Za-z]+)/g, (_m, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`${route.path}: no value for :${key}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
