'use client';

const KEY = 'sprout.routeHistory';
export const ROUTE_HISTORY_LIMIT = 10;

function read(): string[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Appends a route, dropping an immediate repeat and keeping the newest ten. */
export function pushRoute(history: string[], route: string): string[] {
  if (history[history.length - 1] === route) return history;
  return [...history, route].slice(-ROUTE_HISTORY_LIMIT);
}

/** The previous in-app route other than `current` (ignoring query changes of the same page). */
export function previousRoute(history: string[], current: string): string | null {
  const path = (r: string) => r.split('?')[0];
  for (let i = history.length - 1; i >= 0; i--) {
    if (path(history[i]!) !== path(current)) return history[i]!;
  }
  return null;
}

function recordCurrent(): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pushRoute(read(), location.pathname + location.search)));
  } catch {
    // Storage refused (private mode, quota): Back falls back to the project list.
  }
}

let installed = false;

/**
 * Records the page's address as soon as the app's code runs, and every address the app router
 * moves to, from the history API itself. An effect after each render (as before) ran only once the
 * page had hydrated: on a busy machine a person (or a test) could follow a link before it ran, and
 * Back then skipped that page (it went to the one before, even a page outside the app's flow).
 */
export function installRouteHistory(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  recordCurrent();
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = history[name];
    history[name] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      recordCurrent();
    };
  }
  addEventListener('popstate', recordCurrent);
}

export function readRouteHistory(): string[] {
  return read();
}
