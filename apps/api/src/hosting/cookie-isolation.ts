import { getPublicSuffix } from 'tldts';

// Every app is a subdomain of one shared domain (`{slug}.SITES_DOMAIN`, `{id}.PREVIEW_DOMAIN`). Unless
// that domain is a public suffix, a page of one app may set cookies for the whole domain and so for
// every other app; browsers refuse that only for names on the Public Suffix List (its private
// section: `github.io`, `vercel.app`, …). App cookies are `__Host-` on https, which no other host can
// plant, but a hosted install still needs the listing: it is what stops every other cookie and
// makes each app its own site.

/** How a hosted install vouches for its app domains: checked against the list, or started unchecked (staging). */
export type AppDomainIsolation = 'public-suffix' | 'unchecked';

/** Whether `domain` (no port) is itself a public suffix, by the list this release bundles. */
export function isPublicSuffix(domain: string): boolean {
  const host = domain.split(':')[0]!.toLowerCase();
  return getPublicSuffix(`probe.${host}`, { allowPrivateDomains: true }) === host;
}

/**
 * What stops the start of an https install whose app domains let apps set cookies for each other;
 * empty when nothing does. Plain http (development on `*.localhost`) is not checked.
 */
export function appDomainProblems(o: { protocol: 'http' | 'https'; previewDomain: string; sitesDomain: string; isolation: AppDomainIsolation }): string[] {
  if (o.protocol !== 'https' || o.isolation === 'unchecked') return [];
  return (
    [
      ['SITES_DOMAIN', o.sitesDomain],
      ['PREVIEW_DOMAIN', o.previewDomain],
    ] as const
  )
    .filter(([, d]) => !isPublicSuffix(d))
    .map(
      ([name, d]) =>
        `${name} (${d}) is not on the Public Suffix List, so one app could set cookies for every other app under it. ` +
        'Submit it to the list (docs/deploy.md, "App domains"), or set APP_DOMAIN_ISOLATION=unchecked for a staging install.',
    );
}
