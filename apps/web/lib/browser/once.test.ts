import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './memory-storage';
import { claimOnce, clearOnce, markOnce, readOnce } from './once';

describe('once', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('sessionStorage', storage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('lets a step start once, until it is cleared', () => {
    expect(claimOnce('sprout.a')).toBe(true);
    expect(claimOnce('sprout.a')).toBe(false);
    expect(claimOnce('sprout.b')).toBe(true);
    clearOnce('sprout.a');
    expect(claimOnce('sprout.a')).toBe(true);
  });

  it('remembers what a step made, for the same subject and within a window', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    markOnce('sprout.init', { subject: 'a todo app' });
    expect(readOnce('sprout.init', { subject: 'a todo app' })?.result).toBeUndefined();
    markOnce('sprout.init', { subject: 'a todo app', result: 'p1' });
    expect(readOnce('sprout.init', { subject: 'a todo app', withinMs: 60_000 })?.result).toBe('p1');
    expect(readOnce('sprout.init', { subject: 'a game' })).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(readOnce('sprout.init', { subject: 'a todo app', withinMs: 60_000 })).toBeNull();
    expect(readOnce('sprout.init')?.result).toBe('p1');
  });

  it('treats a value it cannot read as started', () => {
    storage.setItem('sprout.old', 'pending');
    expect(readOnce('sprout.old')).toEqual({ at: 0 });
    expect(claimOnce('sprout.old')).toBe(false);
  });

  it('still guards the page when storage is blocked', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    });
    expect(claimOnce('sprout.blocked')).toBe(true);
    expect(claimOnce('sprout.blocked')).toBe(false);
    markOnce('sprout.remix', { result: 'copy' });
    expect(readOnce('sprout.remix')?.result).toBe('copy');
  });
});
