// Signing in: the redirect allow-list, roles, and how the next refresh token is derived.
export * from './redirects';
export * from './refresh-tokens';
export * from './roles';
export * from './oidc-failures';
