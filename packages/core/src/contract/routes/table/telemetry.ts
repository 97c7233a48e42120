// Visits, analytics events and the browser's errors: every page sends them.

export const recordVisit = { base: 'api', method: 'POST', path: '/user/visits' } as const;
export const recordEvents = { base: 'api', method: 'POST', path: '/events' } as const;
export const reportClientErrors = { base: 'api', method: 'POST', path: '/monitoring/errors' } as const;

export const TELEMETRY_ROUTES = { recordVisit, recordEvents, reportClientErrors };
