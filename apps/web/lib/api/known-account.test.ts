import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '@/lib/browser/memory-storage';
import { hasAccountHere, rememberAccount } from './known-account';

describe('known account', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is remembered once someone signed in here', () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    expect(hasAccountHere()).toBe(false);
    rememberAccount();
    expect(hasAccountHere()).toBe(true);
  });

  it('is unknown when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    vi.stubGlobal('localStorage', blocked);
    rememberAccount();
    expect(hasAccountHere()).toBe(false);
  });
});
