'use client';
import { resolveSignInRedirect } from '@sprout/core';

/**
 * Where to go after signing in (SPEC §2): an allowed redirectUrl, /init-project when a prompt came
 * along, else /build. A refused destination is logged with the SPEC warning text.
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

/** How long a client navigation away from the sign-in page may take before a full one replaces it. */
export const SIGN_IN_NAVIGATION_FALLBACK_MS = 4000;

type Place = Pick<Location, 'origin' | 'pathname' | 'assign' | 'replace'>;

/**
 * Relative destinations stay in the app router; allowed absolute ones need a full navigation. A
 * client navigation can be superseded (seen in CI: the person stayed on /login, signed in); if this
 * page is still shown after SIGN_IN_NAVIGATION_FALLBACK_MS, a full navigation finishes the job.
 */
export function goTo(
  to: string,
  router: { replace(href: string): void },
  place: Place = window.location,
  later: (fn: () => void, ms: number) => unknown = (fn, ms) => window.setTimeout(fn, ms),
): void {
  const absolute = /^https?:\/\//i.test(to);
  if (absolute && new URL(to).origin !== place.origin) return place.assign(to);
  const href = absolute ? to.slice(new URL(to).origin.length) || '/' : to;
  const from = place.pathname;
  router.replace(href);
  if (new URL(href, place.origin).pathname === from) return;
  later(() => {
    if (place.pathname === from) place.replace(href);
  }, SIGN_IN_NAVIGATION_FALLBACK_MS);
}
