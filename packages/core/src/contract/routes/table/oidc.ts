// One-click sign-in with the OpenID Connect providers the operator configured (OIDC_PROVIDERS). The
// start and the callback are browser navigations, answered with redirects; the page that completes
// the sign-in trades a one-use code for the session.

export const oidcProviders = { base: 'api', method: 'GET', path: '/auth/oidc/providers' } as const;
export const oidcStart = { base: 'api', method: 'GET', path: '/auth/oidc/:provider/start' } as const;
export const oidcCallback = { base: 'api', method: 'GET', path: '/auth/oidc/:provider/callback' } as const;
export const oidcComplete = { base: 'api', method: 'POST', path: '/auth/oidc/complete' } as const;

export const OIDC_ROUTES = { oidcProviders, oidcStart, oidcCallback, oidcComplete };
