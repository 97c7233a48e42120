import { type AppScope, newId } from '@sprout/db';
import type { Config } from '../config';
import { appSetCookie, clearPlantedCookies, readAppCookie, VISITOR_COOKIE } from './app-cookies';
import { type AppTokens, VISITOR_TTL_SECONDS } from './app-tokens';

type Deps = { appTokens: AppTokens; config: Pick<Config, 'appProtocol'> };

/**
 * Who a request's visitor is: the one its cookie names, or a new visitor with the Set-Cookie lines
 * that make them one (and clear a same-named cookie another app planted for a parent domain).
 */
export async function visitorFromCookie(
  s: Deps,
  kind: 'preview' | 'site',
  scope: AppScope,
  host: string,
  cookieHeader: string | undefined,
): Promise<{ visitorId: string; setCookie: string[] }> {
  const protocol = s.config.appProtocol;
  const cookie = readAppCookie(cookieHeader, protocol, VISITOR_COOKIE);
  const known = await s.appTokens.verify(cookie.value, 'visitor', scope);
  if (known) return { visitorId: known.subject, setCookie: [] };
  const visitorId = newId();
  const token = await s.appTokens.sign('visitor', visitorId, scope);
  const planted = cookie.planted ? clearPlantedCookies(host, protocol, VISITOR_COOKIE) : [];
  return { visitorId, setCookie: [...planted, appSetCookie(kind, protocol, VISITOR_COOKIE, token, VISITOR_TTL_SECONDS)] };
}

/**
 * The visitor cookie a published app's page is sent with when the browser is not one of its visitors
 * yet, so every backend request its scripts make is that one visitor's. A page whose first requests
 * start together (its list, its live stream) would otherwise be given a visitor each, the last cookie
 * winning, and what it wrote as another would not be its own: apps whose client library predates its
 * one-request-first rule (client/src/lib/sprout.ts) depend on this.
 */
export async function siteVisitorCookie(s: Deps, sproutId: string, host: string, cookieHeader: string | undefined): Promise<string[]> {
  return (await visitorFromCookie(s, 'site', { sproutId, dataset: 'live' }, host, cookieHeader)).setCookie;
}
