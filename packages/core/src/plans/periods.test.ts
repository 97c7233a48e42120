import { describe, expect, it } from 'vitest';
import { dayStart, monthStart, nextDayStart, nextMonthStart } from './periods';

const at = (iso: string) => new Date(iso);

describe('periods', () => {
  it('starts the day at UTC midnight whatever the offset of the input', () => {
    expect(dayStart(at('2025-03-14T15:09:26.535Z')).toISOString()).toBe('2025-03-14T00:00:00.000Z');
    expect(dayStart(at('2025-03-14T23:30:00-05:00')).toISOString()).toBe('2025-03-15T00:00:00.000Z');
    expect(dayStart(at('2025-03-15T00:00:00.000Z')).toISOString()).toBe('2025-03-15T00:00:00.000Z');
    expect(dayStart(at('2025-03-14T23:59:59.999Z')).toISOString()).toBe('2025-03-14T00:00:00.000Z');
  });

  it('starts the month on the 1st at UTC midnight', () => {
    expect(monthStart(at('2025-03-31T23:59:59.999Z')).toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(monthStart(at('2025-03-01T00:00:00.000Z')).toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });

  it('rolls over days, months and years', () => {
    expect(nextDayStart(at('2024-02-28T12:00:00Z')).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(nextDayStart(at('2025-02-28T12:00:00Z')).toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(nextDayStart(at('2025-12-31T23:59:59Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(nextMonthStart(at('2025-12-15T00:00:00Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(nextMonthStart(at('2025-01-31T10:00:00Z')).toISOString()).toBe('2025-02-01T00:00:00.000Z');
  });

  it('does not change the date it is given', () => {
    const now = at('2025-06-10T08:00:00Z');
    monthStart(now);
    nextDayStart(now);
    expect(now.toISOString()).toBe('2025-06-10T08:00:00.000Z');
  });

  it('refuses invalid dates instead of returning Invalid Date', () => {
    expect(() => dayStart(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => monthStart(new Date('nope'))).toThrow(RangeError);
    expect(() => nextMonthStart('2025-01-01' as unknown as Date)).toThrow(RangeError);
  });
});
