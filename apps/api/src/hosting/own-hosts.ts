import { bareHost, isPrivateHostName } from '@sprout/core';
import type { Config } from '../config';

type HostConfig = Pick<Config, 'sitesDomain' | 'previewDomain' | 'apiUrl' | 'webUrl' | 'usageUrl' | 'corsOrigins' | 'mainSiteHost' | 'productHost'>;

const hostOfUrl = (url: string) => bareHost(new URL(url).host);

/** Sprout's own host names: no app may claim them, nor a name under them, and requests to them are never looked up as custom domains. */
export function ownHosts(c: HostConfig): string[] {
  const hosts = [c.sitesDomain, c.previewDomain, c.apiUrl, c.webUrl, c.usageUrl, ...c.corsOrigins, c.mainSiteHost, c.productHost]
    .filter((h): h is string => typeof h === 'string' && h !== '')
    .map((h) => (h.includes('://') ? hostOfUrl(h) : bareHost(h)));
  return [...new Set(hosts)];
}

/**
 * Whether a request's host may be a custom domain worth one database lookup: not Sprout's own host
 * (nor one under SITES/PREVIEW_DOMAIN, which host dispatch classified before), not an IP address,
 * not a single label, not a private name (localhost, *.local, *.internal: how the API is reached
 * inside a cluster). Ordinary API requests never pay the lookup.
 */
export function mayBeCustomDomain(host: string | undefined, own: readonly string[]): string | null {
  if (!host || host.length > 260) return null;
  const name = bareHost(host);
  if (!name.includes('.') || name.startsWith('[') || /^[\d.]+$/.test(name) || name.includes(':')) return null;
  if (!/^[a-z0-9.-]+$/.test(name) || isPrivateHostName(name)) return null;
  if (own.includes(name)) return null;
  return name;
}
