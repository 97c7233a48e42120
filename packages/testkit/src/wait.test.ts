import { describe, expect, it } from 'vitest';
import { waitUntil } from './wait';

describe('waitUntil', () => {
  it('returns the first truthy value, trying again after falsy values and errors', async () => {
    let calls = 0;
    const value = await waitUntil(
      () => {
        calls += 1;
        if (calls === 1) throw new Error('not yet');
        return calls === 3 ? { calls } : null;
      },
      { what: 'the third call', interval: 1 },
    );
    expect(value).toEqual({ calls: 3 });
  });

  it('names what it waited for, and the last thing it saw, when it gives up', async () => {
    await expect(waitUntil(() => false, { what: 'the moon', timeout: 20, interval: 5 })).rejects.toThrow(/waiting for the moon \(last value: false\)/);
    await expect(
      waitUntil(
        () => {
          throw new Error('no route');
        },
        { what: 'a route', timeout: 20, interval: 5 },
      ),
    ).rejects.toThrow(/waiting for a route \(last error: no route\)/);
  });
});
