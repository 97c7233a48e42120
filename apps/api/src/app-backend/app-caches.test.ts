import { describe, expect, it } from 'vitest';
import { AppBackendCaches } from './app-caches';

describe('AppBackendCaches', () => {
  it('parses a version’s rules once, and keeps at most 500 versions', async () => {
    const caches = new AppBackendCaches();
    let reads = 0;
    const read = async () => {
      reads += 1;
      return JSON.stringify({ collections: { notes: { read: 'anyone' } } });
    };
    const first = await caches.rulesOf('v1', read);
    expect(first.ok).toBe(true);
    expect(await caches.rulesOf('v1', read)).toBe(first);
    expect(reads).toBe(1);
    for (let i = 2; i <= 501; i++) await caches.rulesOf(`v${i}`, read);
    await caches.rulesOf('v1', read);
    expect(reads).toBe(502);
  });

  it('reads an owner’s plan again once 30 s have passed', async () => {
    const caches = new AppBackendCaches();
    let tier = 'free';
    const read = async () => tier;
    expect(await caches.tierOf('owner', read, 0)).toBe('free');
    tier = 'tier-1';
    expect(await caches.tierOf('owner', read, 29_999)).toBe('free');
    expect(await caches.tierOf('owner', read, 30_000)).toBe('tier-1');
  });

  it('keeps apart in each instance', async () => {
    const a = new AppBackendCaches();
    const b = new AppBackendCaches();
    expect(await a.tierOf('owner', async () => 'free', 0)).toBe('free');
    expect(await b.tierOf('owner', async () => 'tier-2', 0)).toBe('tier-2');
  });
});
