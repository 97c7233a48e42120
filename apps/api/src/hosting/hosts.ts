import { previewOrigin } from '@sprout/core';
/** What a request's Host names: one project's preview, one published app, or the API itself (null). */
export type HostedTarget =
  | { kind: 'preview'; sproutId: string }
  /** `domain`: reached on the app's verified custom domain rather than its slug address. */
  | { kind: 'site'; slug: string; domain?: string }
  /** A host under an app domain that names no app (the bare domain, nested or malformed labels). */
  | { kind: 'unknown' };

const hostname = (host: string) => host.replace(/:\d+$/, '').replace(/\.$/, '');

// Sprout ids and slugs are DNS labels of lower-case letters, digits and (slugs) hyphens.
const SPROUT_ID = /^[a-z0-9]{1,64}$/;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Classifies a request by its Host header. Every host under PREVIEW_DOMAIN or SITES_DOMAIN is an
 * app host, whatever its port: such hosts must never reach an API route, even when a proxy
 * rewrites the port. Ports are ignored because the browser decides them, not us.
 */
export function classifyHost(host: string | undefined, domains: { previewDomain: string; sitesDomain: string }): HostedTarget | null {
  if (!host) return null;
  const name = hostname(host.toLowerCase());
  for (const [kind, domain] of [
    ['preview', hostname(domains.previewDomain)],
    ['site', hostname(domains.sitesDomain)],
  ] as const) {
    if (name === domain) return { kind: 'unknown' };
    if (!name.endsWith(`.${domain}`)) continue;
    const label = name.slice(0, -domain.length - 1);
    if (kind === 'preview') return SPROUT_ID.test(label) ? { kind, sproutId: label } : { kind: 'unknown' };
    return SLUG.test(label) ? { kind, slug: label } : { kind: 'unknown' };
  }
  return null;
}

/** The origin a project's preview is served from. */
export function previewOriginOf(sproutId: string, config: { previewDomain: string; appProtocol: 'http' | 'https' }): string {
  return previewOrigin(sproutId, config.previewDomain, config.appProtocol);
}

/** The public URL of a published app. */
export function siteUrlOf(slug: string, config: { sitesDomain: string; appProtocol: 'http' | 'https' }): string {
  return `${config.appProtocol}://${slug}.${config.sitesDomain}`;
}
