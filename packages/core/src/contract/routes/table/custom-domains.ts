// A published app's own domains: added, checked, made primary, removed.

export const listCustomDomains = { base: 'build', method: 'GET', path: '/sprouts/:id/domains' } as const;
export const addCustomDomain = { base: 'build', method: 'POST', path: '/sprouts/:id/domains' } as const;
/** Checks the domain's DNS records now. */
export const verifyCustomDomain = { base: 'build', method: 'POST', path: '/sprouts/:id/domains/:domain/verify' } as const;
/** Makes the domain the app's primary address (or not). */
export const updateCustomDomain = { base: 'build', method: 'PATCH', path: '/sprouts/:id/domains/:domain' } as const;
export const removeCustomDomain = { base: 'build', method: 'DELETE', path: '/sprouts/:id/domains/:domain' } as const;

/** Caddy's on-demand TLS asks whether it may get a certificate for a name: 200 only for a verified domain of a published app. */
export const tlsAsk = { base: 'api', method: 'GET', path: '/hosting/tls-ask' } as const;

export const CUSTOM_DOMAINS_ROUTES = { listCustomDomains, addCustomDomain, verifyCustomDomain, updateCustomDomain, removeCustomDomain, tlsAsk };
