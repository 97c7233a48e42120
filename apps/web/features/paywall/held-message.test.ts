import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '@/lib/browser/memory-storage';
import { heldMessage, holdMessage, releaseHeldMessage } from './held-message';

describe('held message', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', new MemoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the message a limit stopped, per project, until it is sent or let go', () => {
    holdMessage('p1', 'Add a dark mode', 1_000);
    holdMessage('new', 'A recipe box', 1_000);
    expect(heldMessage('p1', 2_000)).toEqual({ text: 'Add a dark mode', at: 1_000 });
    expect(heldMessage('p2', 2_000)).toBeNull();
    expect(heldMessage('new', 2_000)?.text).toBe('A recipe box');
    releaseHeldMessage('p1');
    expect(heldMessage('p1', 2_000)).toBeNull();
    expect(heldMessage('new', 2_000)?.text).toBe('A recipe box');
  });

  it('holds nothing blank, and drops what is stale or unreadable', () => {
    holdMessage('p1', '   ', 1_000);
    expect(heldMessage('p1', 1_000)).toBeNull();
    holdMessage('p1', 'Old', 1_000);
    expect(heldMessage('p1', 1_000 + 7 * 3600_000)).toBeNull();
    expect(sessionStorage.getItem('sprout.heldMessage.p1')).toBeNull();
    sessionStorage.setItem('sprout.heldMessage.p1', '{"text":5}');
    expect(heldMessage('p1')).toBeNull();
    sessionStorage.setItem('sprout.heldMessage.p1', 'nope');
    expect(heldMessage('p1')).toBeNull();
  });
});
