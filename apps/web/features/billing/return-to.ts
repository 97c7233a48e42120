import { encodeQueryValue, safeReturnPath, upgradePath, type UpgradeDestination } from '@sprout/core';

/**
 * The upgrade page for a paywall, carrying the page it opened on (without the modal parameter) so
 * checkout can bring the person back to what they were doing.
 */
export function paywallUpgradeHref(destination: UpgradeDestination, pathname: string, search: URLSearchParams): string {
  const here = paywallReturnPath(pathname, search);
  const path = upgradePath(destination);
  return `${path}${path.includes('?') ? '&' : '?'}returnTo=${encodeQueryValue(here)}`;
}

/** A `returnTo` query value as a safe same-origin path, or undefined (core safeReturnPath decides). */
export function returnToParam(value: string | string[] | undefined): string | undefined {
  return safeReturnPath(typeof value === 'string' ? value : undefined, '') || undefined;
}

/** The query string that passes `returnTo` on, or '' when there is none. */
export function returnToQuery(returnTo: string | undefined, joiner: '?' | '&' = '&'): string {
  return returnTo ? `${joiner}returnTo=${encodeQueryValue(returnTo)}` : '';
}

/** The page a paywall opened on, without the modal parameter: where checkout brings the person back. */
export function paywallReturnPath(pathname: string, search: URLSearchParams): string {
  const rest = new URLSearchParams(search);
  rest.delete('modal');
  return rest.size ? `${pathname}?${rest.toString()}` : pathname;
}
