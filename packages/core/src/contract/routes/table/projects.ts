// The person's projects.

export const listSprouts = { base: 'api', method: 'GET', path: '/sprouts' } as const;
export const createSprout = { base: 'api', method: 'POST', path: '/sprouts' } as const;
export const getSprout = { base: 'api', method: 'GET', path: '/sprouts/:id' } as const;
export const patchSprout = { base: 'api', method: 'PATCH', path: '/sprouts/:id' } as const;
export const deleteSprout = { base: 'api', method: 'DELETE', path: '/sprouts/:id' } as const;

export const PROJECTS_ROUTES = { listSprouts, createSprout, getSprout, patchSprout, deleteSprout };
