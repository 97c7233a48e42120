// What a run kept: its attempt and its screenshots.

export const attempt = { base: 'build', method: 'GET', path: '/runs/:id/attempt' } as const;
export const restoreAttempt = { base: 'build', method: 'POST', path: '/runs/:id/attempt/restore' } as const;
export const screenshot = { base: 'build', method: 'GET', path: '/sprouts/:id/screenshots/:shotId' } as const;

export const ATTEMPTS_ROUTES = { attempt, restoreAttempt, screenshot };
