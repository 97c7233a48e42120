import 'server-only';
import type { OidcProvider } from '@sprout/core/contract';
import { oidcProviders } from '@sprout/core/routes';
import { routeUrl } from '../api/route-url';
import { serverConfig } from './config';

/**
 * The sign-in providers for the sign-in and sign-up pages (ids and labels; OIDC_PROVIDERS on the
 * API). None when the API does not answer: the password form still works.
 */
export async function serverOidcProviders(): Promise<OidcProvider[]> {
  try {
    const res = await fetch(routeUrl({ apiUrl: serverConfig().apiInternalUrl }, oidcProviders), { cache: 'no-store', signal: AbortSignal.timeout(3_000) });
    return res.ok ? ((await res.json()) as { providers: OidcProvider[] }).providers : [];
  } catch (err) {
    console.error('sign-in providers for the page:', (err as Error).message);
    return [];
  }
}
