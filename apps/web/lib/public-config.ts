import { allowedRedirectHosts } from '@sprout/core';

/** The settings the browser may know. Listed one by one: the server's config also holds secrets, which must never be copied in. */
const PUBLIC_KEYS = [
  'webUrl',
  'apiUrl',
  'usageUrl',
  'supportEmail',
  'appStoreUrl',
  'playStoreUrl',
  'docsUrl',
  'blogUrl',
  'loginEndpoint',
  'logoutEndpoint',
] as const;

type PublicKey = (typeof PUBLIC_KEYS)[number];

/** What the browser may know of the configuration; rendered into the page at request time (no rebuild needed). */
export type PublicConfig = Record<PublicKey, string> & { redirectHosts: string[] };

export function toPublicConfig(c: Record<PublicKey, string> & { mainSiteHost?: string; productHost?: string }): PublicConfig {
  const picked = Object.fromEntries(PUBLIC_KEYS.map((k) => [k, c[k]])) as Record<PublicKey, string>;
  return { ...picked, redirectHosts: allowedRedirectHosts({ mainSiteHost: c.mainSiteHost, productHost: c.productHost }) };
}
