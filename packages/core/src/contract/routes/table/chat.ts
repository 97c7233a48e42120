// A project's chat: messages, runs, their events, and the preview's runtime errors.

export const sendMessage = { base: 'build', method: 'POST', path: '/sprouts/:id/messages' } as const;
export const chatMessages = { base: 'build', method: 'GET', path: '/sprouts/:id/messages' } as const;
export const activeRun = { base: 'build', method: 'GET', path: '/sprouts/:id/runs/active' } as const;
export const run = { base: 'build', method: 'GET', path: '/runs/:id' } as const;
export const runEvents = { base: 'build', method: 'GET', path: '/runs/:id/events' } as const;
export const stopRun = { base: 'build', method: 'POST', path: '/runs/:id/stop' } as const;
export const reportRuntimeErrors = { base: 'build', method: 'POST', path: '/runs/:id/runtime-errors' } as const;

/** Builds a proposed plan with the person's answers: a message run, charged as one message. */
export const approvePlan = { base: 'build', method: 'POST', path: '/sprouts/:id/plan/approve' } as const;
export const CHAT_ROUTES = { sendMessage, chatMessages, activeRun, run, runEvents, stopRun, reportRuntimeErrors, approvePlan };
