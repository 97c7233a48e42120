// Where the app in the preview is (path, query and hash): a new preview session (the reload
// button, a new tab, this page loaded again in the same tab) opens the app there instead of at `/`.

// What the preview-session route accepts as `path` (contract PreviewSessionBody).
const SESSION_PATH = /^\/(?!\/)[^\\\s]*$/;
const key = (sproutId: string) => `sprout.previewRoute.${sproutId}`;

/** A route (`/tasks/12?tab=2#notes`) split into what the server redirects to and the hash the browser keeps. */
export function splitRoute(route: string): { path: string; hash: string } {
  const at = route.indexOf('#');
  const path = at === -1 ? route : route.slice(0, at);
  const hash = at === -1 ? '' : route.slice(at);
  return SESSION_PATH.test(path) && path.length <= 2000 ? { path, hash: hash.length <= 2000 ? hash : '' } : { path: '/', hash: '' };
}

/**
 * The route without the `version` parameter the panel adds to show an earlier version (History):
 * the app's own route is what later sessions reopen.
 */
export function withoutVersionParam(route: string): string {
  if (!/[?&]version=/.test(route)) return route;
  const url = new URL(route, 'http://preview.invalid');
  url.searchParams.delete('version');
  return url.pathname + url.search + url.hash;
}

/** The route to load to show `versionId` where the app is now (its hash kept). */
export function routeAtVersion(route: string, versionId: string): string {
  const url = new URL(withoutVersionParam(route), 'http://preview.invalid');
  url.searchParams.set('version', versionId);
  return url.pathname + url.search + url.hash;
}

/** The last route this tab saw in the project's preview (for the first session of a page loaded again). */
export function storedRoute(sproutId: string): string {
  try {
    return sessionStorage.getItem(key(sproutId)) ?? '/';
  } catch {
    return '/';
  }
}

/** Remembers the route the project's preview is at, for this tab's next first session of it. */
export function saveRoute(sproutId: string, route: string): void {
  try {
    sessionStorage.setItem(key(sproutId), route);
  } catch {
    // Storage refused: the route is still kept for this page.
  }
}
