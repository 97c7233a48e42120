import { describe, expect, it } from 'vitest';
import { backoffDelay, PREVIEW_BACKOFF, shouldRetry } from './backoff';

describe('back-off', () => {
  it('doubles from the first wait up to the longest', () => {
    const policy = { initialMs: 500, maxMs: 8000 };
    expect([1, 2, 3, 4, 5, 6, 40].map((n) => backoffDelay(n, policy))).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('spreads each wait by the jitter, within its bounds', () => {
    const policy = { initialMs: 1000, maxMs: 30_000, jitter: 0.2 };
    expect(backoffDelay(1, policy, () => 0)).toBe(800);
    expect(backoffDelay(1, policy, () => 1)).toBe(1200);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(4000);
  });

  it('treats nonsense counts as the first failure', () => {
    expect(backoffDelay(0, { initialMs: 100, maxMs: 1000 })).toBe(100);
    expect(backoffDelay(-3, { initialMs: 100, maxMs: 1000 })).toBe(100);
    expect(backoffDelay(Number.NaN, { initialMs: 100, maxMs: 1000 })).toBe(100);
  });

  it('stops retrying by itself after the policy’s attempts', () => {
    expect(shouldRetry(7, PREVIEW_BACKOFF)).toBe(true);
    expect(shouldRetry(8, PREVIEW_BACKOFF)).toBe(false);
    expect(shouldRetry(1000, { initialMs: 1, maxMs: 1 })).toBe(true);
  });
});
