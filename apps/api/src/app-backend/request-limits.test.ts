import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { AppRequestLimits } from './request-limits';

describe('AppRequestLimits', () => {
  it('lets the limit through in a minute, refuses the next with a retry time, and starts over after the window', () => {
    const limits = new AppRequestLimits();
    const now = 1_000_000;
    for (let i = 0; i < 3; i++) limits.count('k1', 3, now + i);
    let refused: unknown;
    try {
      limits.count('k1', 3, now + 10_000);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, code: 'too_many_requests', extra: { retryAfterSeconds: 50 } });
    expect(() => limits.count('k1', 3, now + 60_000)).not.toThrow();
    // Keys count apart.
    expect(() => limits.count('k2', 3, now + 10_000)).not.toThrow();
  });
});
