'use client';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { isPreviewRoute } from '@sprout/core';

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

/**
 * Where the app in the preview is (path, query and hash), as its bridge reports it from the
 * preview's origin and our own iframe: a new preview session (the reload button, a new tab, this
 * page loaded again in the same tab) opens the app there instead of at `/`.
 */
export function usePreviewRoute(sproutId: string, origin: string | null, frame: RefObject<HTMLIFrameElement | null>): () => string {
  const route = useRef<string | null>(null);

  useEffect(() => {
    route.current = null;
  }, [sproutId]);

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (!isPreviewRoute(event, origin)) return;
      const own = frame.current?.contentWindow;
      if (own && event.source !== own) return;
      const path = withoutVersionParam(event.data.path);
      route.current = path;
      try {
        sessionStorage.setItem(key(sproutId), path);
      } catch {
        // Storage refused: the route is still kept for this page.
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [sproutId, origin, frame]);

  return useCallback(() => route.current ?? storedRoute(sproutId), [sproutId]);
}
