import { describe, expect, it } from 'vitest';
import { addressDailyQuota, appDataLimits, creatorQuota, nearlyFull } from './limits';

describe('app data limits', () => {
  it('give one creator half of the app, and one address a quarter a day', () => {
    const free = appDataLimits('free');
    expect(creatorQuota(free)).toEqual({ documents: 1000, storageBytes: 25 * 1024 * 1024 });
    expect(addressDailyQuota(free)).toEqual({ documents: 500, storageBytes: Math.floor(12.5 * 1024 * 1024) });
    expect(creatorQuota(appDataLimits('tier-1')).documents).toBe(50_000);
  });

  it('say a dataset is nearly full from 80 % of its documents or its storage', () => {
    const free = appDataLimits('free');
    expect(nearlyFull({ documents: 1599, bytes: 0 }, free)).toBe(false);
    expect(nearlyFull({ documents: 1600, bytes: 0 }, free)).toBe(true);
    expect(nearlyFull({ documents: 0, bytes: 40 * 1024 * 1024 }, free)).toBe(true);
  });
});
