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

/** Relative destinations stay in the app router; allowed absolute ones need a full navigation. */
export function goTo(to: string, router: { replace(href: string): void }): void {
  if (/^https?:\/\//i.test(to) && new URL(to).origin !== window.location.origin) window.location.assign(to);
  else router.replace(/^https?:\/\//i.test(to) ? to.slice(new URL(to).origin.length) || '/' : to);
}
