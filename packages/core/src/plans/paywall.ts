import { isExhausted, messageLimitReached, type MessageLimitType, type UsageStats } from './plan-limits';

export type PaywallSource = 'project_limit_reached' | 'message_limit_reached';

export type Paywall =
  | { source: 'project_limit_reached'; destination: 'upgradeProjects' }
  | { source: 'message_limit_reached'; limitType: MessageLimitType; destination: 'upgradeMessages' };

/**
 * The paywall to show instead of creating a project, or null when creation may go ahead.
 * Projects are checked first; messages too, because creating a project from a prompt sends one.
 */
export function paywallForCreate(stats: UsageStats): Paywall | null {
  if (isExhausted(stats.projects)) return { source: 'project_limit_reached', destination: 'upgradeProjects' };
  const limitType = messageLimitReached(stats);
  if (limitType) return { source: 'message_limit_reached', limitType, destination: 'upgradeMessages' };
  return null;
}

/** The paywall for sending a chat message in an existing project. */
export function paywallForMessage(stats: UsageStats): Paywall | null {
  const limitType = messageLimitReached(stats);
  return limitType ? { source: 'message_limit_reached', limitType, destination: 'upgradeMessages' } : null;
}
