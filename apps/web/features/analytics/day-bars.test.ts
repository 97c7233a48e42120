import { describe, expect, it } from 'vitest';
import { dayBarLabel, dayBars, dayLabel } from './day-bars';

const day = (d: string, pageViews: number, visitors: number) => ({ day: d, pageViews, visitors });

describe('dayLabel', () => {
  it('names a UTC day by month and date, whatever the machine’s time zone', () => {
    expect(dayLabel('2026-12-01')).toBe('Dec 1');
    expect(dayLabel('2026-01-31')).toBe('Jan 31');
    expect(dayLabel('2027-02-28')).toBe('Feb 28');
  });
});

describe('dayBarLabel', () => {
  it('says the day, its visitors and its page views', () => {
    expect(dayBarLabel(day('2026-12-01', 5, 3))).toBe('Dec 1: 3 visitors, 5 page views');
    expect(dayBarLabel(day('2026-12-02', 1, 1))).toBe('Dec 2: 1 visitor, 1 page view');
    expect(dayBarLabel(day('2026-12-03', 0, 0))).toBe('Dec 3: 0 visitors, 0 page views');
  });
});

describe('dayBars', () => {
  it('sizes every day against the busiest one, oldest first', () => {
    const { bars, top } = dayBars([day('2026-12-01', 10, 4), day('2026-12-02', 5, 5), day('2026-12-03', 0, 0)]);
    expect(top).toBe(10);
    expect(bars.map((b) => [b.day, b.viewsHeight, b.visitorsHeight])).toEqual([
      ['2026-12-01', 100, 40],
      ['2026-12-02', 50, 50],
      ['2026-12-03', 0, 0],
    ]);
    expect(bars[0]!.label).toBe('Dec 1: 4 visitors, 10 page views');
  });

  it('keeps a day with one visit visible beside a busy day', () => {
    const { bars } = dayBars([day('2026-12-01', 1000, 900), day('2026-12-02', 1, 1)]);
    expect(bars[1]!.viewsHeight).toBe(3);
    expect(bars[1]!.visitorsHeight).toBe(3);
  });

  it('draws no bar at all for a range without visits, or without days', () => {
    const { bars, top } = dayBars([day('2026-12-01', 0, 0), day('2026-12-02', 0, 0)]);
    expect(top).toBe(0);
    expect(bars.every((b) => b.viewsHeight === 0 && b.visitorsHeight === 0)).toBe(true);
    expect(dayBars([])).toEqual({ bars: [], top: 0 });
  });
});
