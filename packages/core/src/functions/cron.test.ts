import { describe, expect, it } from 'vitest';
import { describeCron, lastFireAtOrBefore, nextFireAfter, parseCron, shortestGapMinutes } from './cron';

const cron = (e: string) => {
  const r = parseCron(e);
  if (!r.ok) throw new Error(r.problem);
  return r.cron;
};
const at = (iso: string) => new Date(iso);

describe('cron schedules', () => {
  it('reads lists, ranges, steps and names, and says what is wrong with a bad one', () => {
    expect([...cron('0,30 9-10 * * mon-fri').minutes]).toEqual([0, 30]);
    expect([...cron('*/20 * * * *').minutes]).toEqual([0, 20, 40]);
    expect([...cron('0 0 * jan,jul 7').weekdays]).toEqual([0]);
    expect(parseCron('0 8 * *')).toMatchObject({ ok: false, problem: expect.stringContaining('five fields') });
    expect(parseCron('61 * * * *')).toMatchObject({ ok: false, problem: expect.stringContaining('minute (0-59)') });
    expect(parseCron('*/0 * * * *')).toMatchObject({ ok: false });
    expect(parseCron('5-1 * * * *')).toMatchObject({ ok: false });
    expect(parseCron('@daily')).toMatchObject({ ok: false });
  });

  it('finds the last and next times it fires, in UTC', () => {
    const daily = cron('0 8 * * *');
    expect(lastFireAtOrBefore(daily, at('2026-12-01T09:30:10Z'), 86_400_000)).toEqual(at('2026-12-01T08:00:00Z'));
    expect(lastFireAtOrBefore(daily, at('2026-12-01T07:59:59Z'), 3600_000)).toBeNull();
    expect(nextFireAfter(daily, at('2026-12-01T08:00:00Z'))).toEqual(at('2026-12-02T08:00:00Z'));
    expect(nextFireAfter(cron('*/5 * * * *'), at('2026-12-01T08:03:30Z'))).toEqual(at('2026-12-01T08:05:00Z'));
    expect(nextFireAfter(cron('0 0 31 2 *'), at('2026-12-01T00:00:00Z'))).toBeNull();
  });

  it('fires on either day when both the day of the month and of the week are given, as cron does', () => {
    const c = cron('0 12 1 * mon');
    expect(nextFireAfter(c, at('2026-12-01T12:00:00Z'))).toEqual(at('2026-12-07T12:00:00Z'));
  });

  it('measures the shortest gap between runs, which a plan limits', () => {
    expect(shortestGapMinutes(cron('* * * * *'))).toBe(1);
    expect(shortestGapMinutes(cron('*/5 * * * *'))).toBe(5);
    expect(shortestGapMinutes(cron('0,3 * * * *'))).toBe(3);
    expect(shortestGapMinutes(cron('0 8 * * *'))).toBe(1440);
  });

  it('says common schedules in words', () => {
    expect(describeCron('*/15 * * * *')).toBe('every 15 minutes');
    expect(describeCron('0 8 * * *')).toBe('every day at 08:00 UTC');
    expect(describeCron('5 * * * *')).toBe('every hour at minute 5');
    expect(describeCron('0 9 * * mon')).toBe('on the schedule 0 9 * * mon (UTC)');
  });
});
