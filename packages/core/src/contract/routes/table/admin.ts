// Staff tools: acting as someone, roles, plans, flags, people and the analytics report.

export const impersonate = { base: 'api', method: 'POST', path: '/admin/impersonate' } as const;
export const setUserRoles = { base: 'api', method: 'PUT', path: '/admin/users/:id/roles' } as const;
export const adminUsers = { base: 'api', method: 'GET', path: '/admin/users' } as const;
export const adminUser = { base: 'api', method: 'GET', path: '/admin/users/:id' } as const;
export const setUserTier = { base: 'api', method: 'PUT', path: '/admin/users/:id/tier' } as const;
export const adminPeople = { base: 'api', method: 'GET', path: '/admin/people' } as const;
export const adminFlags = { base: 'api', method: 'GET', path: '/admin/flags' } as const;
export const setGlobalFlag = { base: 'api', method: 'PUT', path: '/admin/flags/global/:key' } as const;
export const clearGlobalFlag = { base: 'api', method: 'DELETE', path: '/admin/flags/global/:key' } as const;
export const setPlanFlag = { base: 'api', method: 'PUT', path: '/admin/flags/plans/:tier/:key' } as const;
export const clearPlanFlag = { base: 'api', method: 'DELETE', path: '/admin/flags/plans/:tier/:key' } as const;
export const setUserFlag = { base: 'api', method: 'PUT', path: '/admin/users/:id/flags/:key' } as const;
export const clearUserFlag = { base: 'api', method: 'DELETE', path: '/admin/users/:id/flags/:key' } as const;
export const analytics = { base: 'api', method: 'GET', path: '/admin/analytics' } as const;
export const analyticsCsv = { base: 'api', method: 'GET', path: '/admin/analytics.csv' } as const;

export const ADMIN_ROUTES = {
  impersonate,
  setUserRoles,
  adminUsers,
  adminUser,
  setUserTier,
  adminPeople,
  adminFlags,
  setGlobalFlag,
  clearGlobalFlag,
  setPlanFlag,
  clearPlanFlag,
  setUserFlag,
  clearUserFlag,
  analytics,
  analyticsCsv,
};
