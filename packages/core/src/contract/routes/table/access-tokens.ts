// The signed-in person's personal access tokens, for git.

export const accessTokens = { base: 'api', method: 'GET', path: '/me/tokens' } as const;
export const createAccessToken = { base: 'api', method: 'POST', path: '/me/tokens' } as const;
export const revokeAccessToken = { base: 'api', method: 'DELETE', path: '/me/tokens/:id' } as const;

export const ACCESS_TOKEN_ROUTES = { accessTokens, createAccessToken, revokeAccessToken };
