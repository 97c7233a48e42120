'use client';
import { resolveSignInRedirect } from '@sprout/core';

/**
 * Where to go after signing in: an allowed redirectUrl, /init-project when a prompt came
 * along, else /build. A refused destination is logged with core's warning text.
 */
export function signInDestination(search: URLSearchParams, allowedHosts: string[]): string {
  const { to, warning } = resolveSignInRedirect({
    redirectUrl: search.get('redirectUrl'),
    prompt: search.get('prompt'),
    allowedHosts,
  });
  if (warning) console.warn(warning);
  return to;
}

type Place = Pick<Location, 'origin' | 'assign'>;

/**
 * Relative destinations (and absolute ones on this origin) stay in the app router; other allowed
 * origins need a full navigation. A client navigation is not superseded by the auth provider's
 * router.refresh(): the app router queues a refresh behind a pending navigation, and a navigation
 * discards a pending refresh.
 */
export function goTo(to: string, router: { replace(href: string): void }, place: Place = window.location): void {
  const absolute = /^https?:\/\//i.test(to);
  if (absolute && new URL(to).origin !== place.origin) return place.assign(to);
  router.replace(absolute ? to.slice(new URL(to).origin.length) || '/' : to);
}
