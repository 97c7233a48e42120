import { describe, expect, it, vi } from 'vitest';
import { shutdownWithin } from './shutdown';

describe('shutdownWithin', () => {
  it('runs every step in order and reports success', async () => {
    const done: string[] = [];
    const step = (name: string) => ({ name, run: async () => void done.push(name) });
    expect(await shutdownWithin(1000, [step('app'), step('database')])).toEqual({ ok: true });
    expect(done).toEqual(['app', 'database']);
  });

  it('gives up on a step that never settles, naming it, once the limit has passed', async () => {
    vi.useFakeTimers();
    try {
      let result: Awaited<ReturnType<typeof shutdownWithin>> | undefined;
      void shutdownWithin(100, [
        { name: 'app', run: async () => undefined },
        { name: 'database', run: () => new Promise(() => undefined) },
      ]).then((r) => (result = r));
      await vi.advanceTimersByTimeAsync(99);
      expect(result).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(result).toEqual({ ok: false, stuck: 'database' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops at a step that fails and reports its error', async () => {
    const boom = new Error('pool already ended');
    let after = false;
    const result = await shutdownWithin(1000, [
      { name: 'app', run: async () => Promise.reject(boom) },
      { name: 'database', run: async () => void (after = true) },
    ]);
    expect(result).toEqual({ ok: false, stuck: 'app', error: boom });
    expect(after).toBe(false);
  });
});
