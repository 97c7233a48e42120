import { describe, expect, it } from 'vitest';
import { MAX_SLOWDOWN, scaledTimeout, slowdown } from './timeouts';

describe('time limits that grow with the machine', () => {
  it('stay as given on an unloaded machine and on one busy with its own tests only', () => {
    expect(scaledTimeout(60_000, { load: [0.2, 0.1, 0.1], cores: 2 })).toBe(60_000);
    expect(scaledTimeout(60_000, { load: [2, 1.5, 1], cores: 2 })).toBe(60_000);
  });

  it('grow with the runnable processes per core, over the last minute or five, whichever is higher', () => {
    expect(scaledTimeout(60_000, { load: [10, 4, 2], cores: 2 })).toBe(300_000);
    expect(scaledTimeout(60_000, { load: [3, 6, 8], cores: 2 })).toBe(180_000);
    expect(slowdown({ load: [6, 6, 6], cores: 4 })).toBe(1.5);
  });

  it('stop growing at a bound, so a test that hangs still ends', () => {
    expect(slowdown({ load: [200, 200, 200], cores: 2 })).toBe(MAX_SLOWDOWN);
  });

  it('are at least the factor SPROUT_TIMEOUT_SCALE gives (load the averages do not show yet), more when the load says so', () => {
    expect(slowdown({ load: [0, 0, 0], cores: 2, atLeast: '3' })).toBe(3);
    expect(slowdown({ load: [10, 10, 10], cores: 2, atLeast: '2' })).toBe(5);
    expect(slowdown({ load: [4, 4, 4], cores: 2, atLeast: 'fast' })).toBe(2);
    expect(slowdown({ load: [4, 4, 4], cores: 2, atLeast: '0.5' })).toBe(2);
  });

  it('measure this machine when given nothing', () => {
    expect(slowdown()).toBeGreaterThanOrEqual(1);
    expect(scaledTimeout(1_000)).toBeGreaterThanOrEqual(1_000);
  });
});
