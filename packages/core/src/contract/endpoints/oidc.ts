import { OidcCallbackQuery, OidcCompleteBody, OidcCompletion, OidcProviderParams, OidcProviders, OidcStartQuery } from '../oidc';
import { endpoint } from '../endpoint';

/**
 * One-click sign-in with a configured OpenID Connect provider (all public). The start and the
 * callback are navigations of the browser: they answer with redirects, and every failure after the
 * provider is named goes back to the sign-in page as a reason it words (core OIDC_FAILURES), never a
 * JSON error the person would see raw.
 */
export const OIDC_ENDPOINTS = {
  oidcProviders: endpoint('oidcProviders', { tag: 'auth', reply: { status: 200, schema: OidcProviders }, errors: [] }),
  oidcStart: endpoint('oidcStart', {
    tag: 'auth',
    description: 'Sends the browser to the provider (Authorization Code flow with PKCE).',
    params: OidcProviderParams,
    query: OidcStartQuery,
    reply: { status: 302, kind: 'redirect' },
    errors: ['unknown_provider'],
  }),
  oidcCallback: endpoint('oidcCallback', {
    tag: 'auth',
    description: "The provider's answer: on to the web app's /auth/complete with a one-use code, or back to the sign-in page with a reason.",
    params: OidcProviderParams,
    query: OidcCallbackQuery,
    reply: { status: 302, kind: 'redirect' },
    errors: ['unknown_provider'],
  }),
  oidcComplete: endpoint('oidcComplete', {
    tag: 'auth',
    body: OidcCompleteBody,
    reply: { status: 200, schema: OidcCompletion },
    errors: ['invalid_sign_in_code'],
  }),
} as const;
