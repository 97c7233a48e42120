// The share (remix) link.

export const shareSprout = { base: 'api', method: 'PUT', path: '/sprouts/:id/share' } as const;
export const sharedProject = { base: 'api', method: 'GET', path: '/magic/:id' } as const;
export const remixSprout = { base: 'api', method: 'POST', path: '/magic/:id/remix' } as const;
// What a signed-out visitor of the link may see: the project's name and picture, nothing else.
export const sharedCard = { base: 'api', method: 'GET', path: '/magic/:id/card' } as const;
export const sharedPicture = { base: 'api', method: 'GET', path: '/magic/:id/picture' } as const;

export const SHARING_ROUTES = { shareSprout, sharedProject, remixSprout, sharedCard, sharedPicture };
