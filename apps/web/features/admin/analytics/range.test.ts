import { describe, expect, it } from 'vitest';
import { compact, lastDays, niceMax, percent, rangeFromParams, rangeProblem, shortDay } from './range';

const now = Date.parse('2026-11-27T15:00:00Z');
const params = (q: string) => new URLSearchParams(q);

describe('report ranges', () => {
  it('defaults to the last 7 UTC days, today included', () => {
    expect(lastDays(7, now)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(rangeFromParams(params(''), now)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
  });

  it('takes a usable range from the address and ignores an unusable one', () => {
    expect(rangeFromParams(params('from=2026-10-01&to=2026-10-31'), now)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    for (const q of ['from=2026-10-31&to=2026-10-01', 'from=x&to=2026-10-01', 'from=2026-10-01', 'from=2020-01-01&to=2026-01-01'])
      expect(rangeFromParams(params(q), now), q).toEqual(lastDays(7, now));
  });

  it('says what is wrong with a range', () => {
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-02' })).toBeNull();
    expect(rangeProblem({ from: '', to: '2026-11-02' })).toBe('Choose both dates.');
    expect(rangeProblem({ from: '2026-11-03', to: '2026-11-02' })).toBe('The start must not be after the end.');
    expect(rangeProblem({ from: '2020-01-01', to: '2026-11-02' })).toBe('Choose at most 366 days.');
  });

  it('formats days, numbers and shares', () => {
    expect(shortDay('2026-11-20')).toBe('20 Nov');
    expect([compact(999), compact(12_345), compact(2_000_000), compact(1_250_000)]).toEqual(['999', '12.3k', '2M', '1.3M']);
    expect([percent(1, 3), percent(0, 0)]).toEqual(['33%', '–']);
  });
});

describe('niceMax', () => {
  it('rounds an axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 180, 4_200].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 200, 5_000]);
  });
});
