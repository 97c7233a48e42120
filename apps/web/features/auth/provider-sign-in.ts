import { clampPrompt, isOidcFailure, oidcFailureText } from '@sprout/core';
import { oidcStart } from '@sprout/core/routes';
import { routeUrl } from '@/lib/api/route-url';

/** A sign-in provider as the pages know it (OIDC_PROVIDERS on the API): never its secrets. */
export interface SignInProvider {
  id: string;
  label: string;
}

/**
 * Where "Continue with Label" goes: the API's start, carrying where the person was going (checked
 * again by the page that completes the sign-in) and the page to come back to after a failure.
 */
export function providerStartUrl(apiUrl: string, provider: string, search: URLSearchParams, from: 'login' | 'register'): string {
  const redirectUrl = search.get('redirectUrl') || undefined;
  const prompt = search.get('prompt') ? clampPrompt(search.get('prompt')!) : undefined;
  return routeUrl({ apiUrl }, oidcStart, { params: { provider }, query: { redirectUrl, prompt, from } });
}

/** The sentence for a sign-in that came back with `?oidcError=`, or null. Unknown reasons and providers get a general wording. */
export function providerFailure(search: URLSearchParams, providers: SignInProvider[]): string | null {
  const reason = search.get('oidcError');
  if (!reason) return null;
  const label = providers.find((p) => p.id === search.get('provider'))?.label ?? 'your provider';
  return oidcFailureText(isOidcFailure(reason) ? reason : 'failed', label);
}
