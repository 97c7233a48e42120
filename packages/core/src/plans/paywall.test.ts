import { describe, expect, it } from 'vitest';
import { paywallForCreate, paywallForMessage } from './paywall';
import { usageStats } from './plan-limits';

const free = (projects: number, dailyMessages: number, monthlyMessages: number) => usageStats('free', { projects, dailyMessages, monthlyMessages });

describe('paywallForCreate', () => {
  it('lets creation through while there is room', () => {
    expect(paywallForCreate(free(4, 4, 29))).toBeNull();
  });

  it('shows the project paywall when the project limit is reached', () => {
    expect(paywallForCreate(free(5, 0, 0))).toEqual({ source: 'project_limit_reached', destination: 'upgradeProjects' });
  });

  it('checks projects before messages', () => {
    expect(paywallForCreate(free(5, 5, 30))).toEqual({ source: 'project_limit_reached', destination: 'upgradeProjects' });
  });

  it('shows the message paywall with the limit type', () => {
    expect(paywallForCreate(free(0, 5, 5))).toEqual({
      source: 'message_limit_reached',
      limitType: 'daily',
      destination: 'upgradeMessages',
    });
    expect(paywallForCreate(free(0, 1, 30))).toEqual({
      source: 'message_limit_reached',
      limitType: 'monthly',
      destination: 'upgradeMessages',
    });
  });

  it('never shows a project paywall to premium users', () => {
    expect(paywallForCreate(usageStats('tier-2', { projects: 10_000, dailyMessages: 0, monthlyMessages: 0 }))).toBeNull();
  });
});

describe('paywallForMessage', () => {
  it('ignores the project limit', () => {
    expect(paywallForMessage(free(5, 0, 0))).toBeNull();
    expect(paywallForMessage(free(5, 5, 5))).toEqual({
      source: 'message_limit_reached',
      limitType: 'daily',
      destination: 'upgradeMessages',
    });
  });
});
