// What the plan allows and what is used of it, on the usage host.

export const usage = { base: 'usage', method: 'GET', path: '/usage' } as const;

export const USAGE_ROUTES = { usage };
