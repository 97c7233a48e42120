import { describe, expect, it } from 'vitest';
import { OpenCounts } from './open-counts';

describe('OpenCounts', () => {
  it('opens for every key only while none is at its limit, and closes what it opened', () => {
    const counts = new OpenCounts();
    expect(counts.tryOpen(['visitor', 'ip'], [2, 3])).toBe(true);
    expect(counts.tryOpen(['visitor', 'ip'], [2, 3])).toBe(true);
    // The visitor is at its limit: nothing opens, not even for the address.
    expect(counts.tryOpen(['visitor', 'ip'], [2, 3])).toBe(false);
    expect([counts.count('visitor'), counts.count('ip')]).toEqual([2, 2]);
    expect(counts.tryOpen(['other', 'ip'], [2, 3])).toBe(true);
    expect(counts.tryOpen(['third', 'ip'], [2, 3])).toBe(false);
    counts.close(['visitor', 'ip']);
    expect([counts.count('visitor'), counts.count('ip')]).toEqual([1, 2]);
    counts.close(['visitor', 'ip']);
    counts.close(['other', 'ip']);
    expect([counts.count('visitor'), counts.count('other'), counts.count('ip')]).toEqual([0, 0, 0]);
  });

  it('counts apart in each instance', () => {
    const a = new OpenCounts();
    const b = new OpenCounts();
    expect(a.tryOpen(['person'], [1])).toBe(true);
    expect(a.tryOpen(['person'], [1])).toBe(false);
    expect(b.tryOpen(['person'], [1])).toBe(true);
  });
});
