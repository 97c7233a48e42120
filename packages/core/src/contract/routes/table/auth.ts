// Signing in and out (no token needed), and the keys that verify its tokens. Every page holds this
// module (the sign-in state refreshes its token), so the password reset is a module of its own.

export const register = { base: 'api', method: 'POST', path: '/auth/register' } as const;
export const login = { base: 'api', method: 'POST', path: '/auth/login' } as const;
export const refresh = { base: 'api', method: 'POST', path: '/auth/refresh' } as const;
export const logout = { base: 'api', method: 'POST', path: '/auth/logout' } as const;
export const jwks = { base: 'api', method: 'GET', path: '/auth/jwks.json' } as const;

export const AUTH_ROUTES = { register, login, refresh, logout, jwks };
