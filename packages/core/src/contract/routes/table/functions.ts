// An app's server functions and their secrets, as the project owner manages them.

export const appSecrets = { base: 'build', method: 'GET', path: '/sprouts/:id/secrets/:dataset' } as const;
export const putAppSecret = { base: 'build', method: 'PUT', path: '/sprouts/:id/secrets/:dataset/:name' } as const;
export const deleteAppSecret = { base: 'build', method: 'DELETE', path: '/sprouts/:id/secrets/:dataset/:name' } as const;
export const appFunctions = { base: 'build', method: 'GET', path: '/sprouts/:id/functions/:dataset' } as const;
export const functionLogs = { base: 'build', method: 'GET', path: '/sprouts/:id/functions/:dataset/logs' } as const;
export const runFunctionNow = { base: 'build', method: 'POST', path: '/sprouts/:id/functions/:dataset/:name/run' } as const;

// The app's AI: what it used this month and the cap its owner sets.
export const appAi = { base: 'build', method: 'GET', path: '/sprouts/:id/ai' } as const;
export const putAppAi = { base: 'build', method: 'PUT', path: '/sprouts/:id/ai' } as const;
/** Every app of the signed-in person that used AI this month: their apps' use is metered to them. */
export const ownerAppAiUse = { base: 'build', method: 'GET', path: '/app-ai/usage' } as const;

// The app's mail: its settings and the day's counts, and the Outbox per dataset.
export const appEmail = { base: 'build', method: 'GET', path: '/sprouts/:id/email' } as const;
export const putAppEmail = { base: 'build', method: 'PUT', path: '/sprouts/:id/email' } as const;
export const appOutbox = { base: 'build', method: 'GET', path: '/sprouts/:id/email/:dataset/outbox' } as const;

// The app's payments: its orders per dataset with their totals and what live payments need, and a refund.
export const appPayments = { base: 'build', method: 'GET', path: '/sprouts/:id/payments/:dataset' } as const;
export const refundAppPayment = { base: 'build', method: 'POST', path: '/sprouts/:id/payments/:dataset/:paymentId/refund' } as const;

export const FUNCTIONS_ROUTES = {
  appSecrets,
  putAppSecret,
  deleteAppSecret,
  appFunctions,
  functionLogs,
  runFunctionNow,
  appAi,
  putAppAi,
  ownerAppAiUse,
  appEmail,
  putAppEmail,
  appOutbox,
  appPayments,
  refundAppPayment,
};
