import { describe, expect, it } from 'vitest';
import { shutdownWithin } from './shutdown';

describe('shutdownWithin', () => {
  it('runs every step in order and reports success', async () => {
    const done: string[] = [];
    const step = (name: string) => ({ name, run: async () => void done.push(name) });
    expect(await shutdownWithin(1000, [step('app'), step('database')])).toEqual({ ok: true });
    expect(done).toEqual(['app', 'database']);
  });

  it('gives up on a step that never settles, naming it, after the limit', async () => {
    const started = Date.now();
    const result = await shutdownWithin(100, [
      { name: 'app', run: async () => undefined },
      { name: 'database', run: () => new Promise(() => undefined) },
    ]);
    expect(result).toEqual({ ok: false, stuck: 'database' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
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
