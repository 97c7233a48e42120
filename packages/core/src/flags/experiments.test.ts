import { describe, expect, it } from 'vitest';
import { EXPERIMENTS, experimentBucket, fnv1a32, isExperimentId } from './experiments';

const share = (ids: string[]) => {
  const counts = new Map<string, number>();
  for (const id of ids) {
    const bucket = experimentBucket('demo-ab-test', id);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return counts;
};

describe('experiments', () => {
  it('defines the demo experiment', () => {
    expect(EXPERIMENTS).toEqual({ 'demo-ab-test': ['original', 'variant1'] });
    expect(isExperimentId('demo-ab-test')).toBe(true);
    expect(isExperimentId('toString')).toBe(false);
  });

  it('implements FNV-1a 32-bit', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('puts a user in the same bucket every time', () => {
    for (const id of ['u1', 'user-42', 'a@b.c', '']) {
      const first = experimentBucket('demo-ab-test', id);
      for (let i = 0; i < 5; i++) expect(experimentBucket('demo-ab-test', id)).toBe(first);
      expect(['original', 'variant1']).toContain(first);
    }
  });

  it('pins known assignments so the split never changes between releases', () => {
    const pinned = ['user-1', 'user-2', 'user-3', 'user-4', 'user-5', 'user-6'].map((id) => experimentBucket('demo-ab-test', id));
    expect(pinned).toEqual(['original', 'variant1', 'variant1', 'original', 'variant1', 'original']);
  });

  it('splits 1000 users roughly in half', () => {
    const counts = share(Array.from({ length: 1000 }, (_, i) => `user-${i}`));
    expect(counts.get('original')).toBeGreaterThanOrEqual(400);
    expect(counts.get('original')).toBeLessThanOrEqual(600);
    expect(counts.get('variant1')).toBeGreaterThanOrEqual(400);
    expect(counts.get('variant1')).toBeLessThanOrEqual(600);
  });

  it('does not split by the parity of odd bytes, the weak low bit of plain FNV-1a', () => {
    // Each id repeats itself, so its odd bytes come in pairs: plain `fnv1a32 % 2` would be constant.
    const ids = Array.from({ length: 1000 }, (_, i) => `${i}${i}`);
    expect(new Set(ids.map((id) => fnv1a32(`demo-ab-test:${id}`) % 2)).size).toBe(1);
    const counts = share(ids);
    expect(counts.get('original')).toBeGreaterThanOrEqual(400);
    expect(counts.get('variant1')).toBeGreaterThanOrEqual(400);
  });

  it('throws on an unknown experiment', () => {
    expect(() => experimentBucket('nope', 'u1')).toThrow('Unknown experiment: nope');
    expect(() => experimentBucket('__proto__', 'u1')).toThrow(RangeError);
  });
});
