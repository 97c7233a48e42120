/**
 * A page route as one key: without its query or trailing slash (`/about/` is `/about`), `/index.html`
 * being `/`. Null for what is not a page path (a file, a path with a dot in its last segment).
 */
export function pageRouteKey(path: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  let key = path.split(/[?#]/, 1)[0]!;
  if (key === '/index.html') return '/';
  key = key.replace(/\/+$/, '') || '/';
  const last = key.slice(key.lastIndexOf('/') + 1);
  if (last.includes('.') || key.split('/').some((s) => s === '..')) return null;
  return key;
}

/** Where a prerendered page is kept among a deployment's files: `/` → `_prerendered/index.html`, `/a/b` → `_prerendered/a/b.html`. */
export function prerenderedFileOf(route: string): string {
  return route === '/' ? '_prerendered/index.html' : `_prerendered${route}.html`;
}

/** The deployment file listing a deployment's prerendered routes (its presence says the deployment knows its routes). */
export const PRERENDERED_ROUTES_FILE = '_prerendered/routes.json';

/**
 * Whether a page route is one of the app's, given the routes its prerender found: one of them, or a
 * sibling of one below the top level (`/tasks/12` when `/tasks/3` was found: a route the app makes from
 * its data, which no link on the pages rendered reached).
 */
export function isKnownRoute(route: string, routes: ReadonlySet<string>): boolean {
  if (routes.has(route)) return true;
  const parent = route.slice(0, route.lastIndexOf('/'));
  if (parent === '') return false;
  for (const known of routes) if (known.slice(0, known.lastIndexOf('/')) === parent) return true;
  return false;
}
