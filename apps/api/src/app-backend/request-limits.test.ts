import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { MemoryLimits } from '../limits/memory-limits';
import { countAppRequest } from './request-limits';

describe('countAppRequest', () => {
  it('lets the limit through in a minute and refuses the next with the time left in its window; keys count apart', async () => {
    const limits = new MemoryLimits();
    for (let i = 0; i < 3; i++) await countAppRequest(limits, 'k1', 3);
    const refused = await countAppRequest(limits, 'k1', 3).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, code: 'too_many_requests' });
    const wait = (refused as AppError).extra.retryAfterSeconds as number;
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    await expect(countAppRequest(limits, 'k2', 3)).resolves.toBeUndefined();
  });
});
