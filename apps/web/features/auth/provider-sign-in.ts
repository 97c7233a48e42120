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
export function providerStartUrl(apiUrl: string, provider: string, search: URLSearchParams, from: 'login' | 'register', tab?: string): string {
  const redirectUrl = search.get('redirectUrl') || undefined;
  const prompt = search.get('prompt') ? clampPrompt(search.get('prompt')!) : undefined;
  return routeUrl({ apiUrl }, oidcStart, { params: { provider }, query: { redirectUrl, prompt, from, tab } });
}

/** The sentence for a sign-in that came back with `?oidcError=`, or null. Unknown reasons and providers get a general wording. */
export function providerFailure(search: URLSearchParams, providers: SignInProvider[]): string | null {
  const reason = search.get('oidcError');
  if (!reason) return null;
  const label = providers.find((p) => p.id === search.get('provider'))?.label ?? 'your provider';
  return oidcFailureText(isOidcFailure(reason) ? reason : 'failed', label);
}

const TAB_KEY = 'sprout.sign-in-tab';

/**
 * Binds a sign-in to this tab: a random secret kept in sessionStorage (which another site cannot
 * write, and which outlives the trip through the provider in the same tab), and its SHA-256 for
 * the start address. Only the page holding the secret can trade the code the API sends back, so a
 * code taken to someone else's browser signs nobody in (a login CSRF).
 */
export async function bindSignInToTab(storage: Pick<Storage, 'setItem'> = sessionStorage): Promise<string> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const secret = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  storage.setItem(TAB_KEY, secret);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The tab's secret for the page that completes the sign-in, taken once; null when this tab started none. */
export function takeTabSecret(storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage): string | null {
  try {
    const secret = storage.getItem(TAB_KEY);
    storage.removeItem(TAB_KEY);
    return secret;
  } catch {
    return null; // storage blocked: the sign-in cannot be completed here, and says so
  }
}
