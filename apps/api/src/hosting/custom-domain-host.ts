import { findCustomDomainSite, primaryDomainOfSlug } from '@sprout/db';
import type { Services } from '../services';
import { siteUrlOf, type HostedTarget } from './hosts';
import { mayBeCustomDomain } from './own-hosts';
import { isPageRoute, requestPath, type HostedResponse } from './response';

/**
 * What a host Sprout does not know names: the published app a verified custom domain serves (as its
 * slug address would), `unknown` when it is no such domain (the "no app here" page, never the API),
 * or null for the API itself (Sprout's own hosts, IPs, private names: no lookup). Looked up on every
 * request, so removing or unverifying a domain, or unpublishing its app, stops serving at once.
 */
export async function customDomainTarget(s: Pick<Services, 'db'>, host: string | undefined, own: readonly string[]): Promise<HostedTarget | null> {
  const domain = mayBeCustomDomain(host, own);
  if (!domain) return null;
  const site = await findCustomDomainSite(s.db, domain);
  return site ? { kind: 'site', slug: site.slug, domain } : { kind: 'unknown' };
}

/**
 * A page request on an app's slug address whose owner made a custom domain primary: a permanent
 * redirect to the same path there. Files and the app's backend keep answering on both addresses
 * (pages loaded before, scripts that name the old origin).
 */
export async function primaryDomainRedirect(s: Pick<Services, 'db' | 'config'>, slug: string, url: string): Promise<HostedResponse | null> {
  const parsed = requestPath(url);
  if (!parsed || !isPageRoute(parsed.path)) return null;
  const domain = await primaryDomainOfSlug(s.db, slug);
  if (!domain) return null;
  // The path as requested (already validated as a path of this origin), never another host.
  const location = `${s.config.appProtocol}://${domain}${url.startsWith('/') && !url.startsWith('//') ? url : '/'}`;
  return { status: 301, headers: { location, 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8' }, body: `Moved to ${location}` };
}

/**
 * The address search engines should keep for a published app (canonical links, og:url, the sitemap):
 * the custom domain its owner made primary, else its slug address.
 */
export async function canonicalOrigin(s: Pick<Services, 'db' | 'config'>, slug: string): Promise<string> {
  const domain = await primaryDomainOfSlug(s.db, slug);
  return domain ? `${s.config.appProtocol}://${domain}` : siteUrlOf(slug, s.config);
}
