// The public entry of usage: what the plan allows and what is used of it. The routes and other
// features import it from here.
export { usageCalls } from './api';
export { usageQueryKey, useUsage } from './queries';
export { UsageMeter } from './usage-meter';
export { AppAiUsageList } from './app-ai-usage-list';
export { isNearLimit, limitNotice, messagesLeftNote, percentUsed, usageRows } from './usage';
