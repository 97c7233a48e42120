import { describe, expect, it } from 'vitest';
import { RepoLocks } from './repo-lock';

describe('repository locks', () => {
  it('runs work on one repository one at a time, and others alongside', async () => {
    const locks = new RepoLocks();
    const order: string[] = [];
    let releaseFirst!: () => void;
    const first = locks.hold('a', async () => {
      order.push('a1 start');
      await new Promise<void>((r) => (releaseFirst = r));
      order.push('a1 end');
    });
    const second = locks.hold('a', async () => void order.push('a2'));
    await locks.hold('b', async () => void order.push('b'));
    expect(order).toEqual(['a1 start', 'b']);
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
    await expect(locks.hold('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await locks.hold('a', async () => 'still free')).toBe('still free');
  });
});
