import { afterEach, describe, expect, it } from 'vitest';
import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { getQueryClient, makeQueryClient } from './query-client';

describe('the query client', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('lets an action taken offline fail at once instead of pausing until the network returns', async () => {
    onlineManager.setOnline(false);
    const observer = new MutationObserver(makeQueryClient(), {
      mutationFn: async () => {
        throw new Error('You are offline. Check your connection and try again.');
      },
    });
    await expect(observer.mutate()).rejects.toThrow('You are offline');
    expect(observer.getCurrentResult().isPaused).toBe(false);
  });

  it('is one client per page session in the browser and a new one per render on the server', () => {
    expect(getQueryClient()).not.toBe(getQueryClient());
    const g = globalThis as { window?: unknown };
    g.window = {};
    try {
      expect(getQueryClient()).toBe(getQueryClient());
    } finally {
      delete g.window;
    }
  });
});
