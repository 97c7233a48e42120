// The share (remix) link.

export const shareSprout = { base: 'api', method: 'PUT', path: '/sprouts/:id/share' } as const;
export const sharedProject = { base: 'api', method: 'GET', path: '/magic/:id' } as const;
export const remixSprout = { base: 'api', method: 'POST', path: '/magic/:id/remix' } as const;

export const SHARING_ROUTES = { shareSprout, sharedProject, remixSprout };
