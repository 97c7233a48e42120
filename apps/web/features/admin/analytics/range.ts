import { REPORT_MAX_DAYS, reportDays } from '@sprout/core';

export interface DateRange {
  from: string;
  to: string;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;

/** The last `days` UTC days, today included. */
export function lastDays(days: number, now = Date.now()): DateRange {
  const today = Date.parse(`${iso(now)}T00:00:00Z`);
  return { from: iso(today - (days - 1) * DAY), to: iso(today) };
}

export const PRESETS = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
] as const;

/** The range in the address (?from=&to=), or the last 7 days when it is missing or unusable. */
export function rangeFromParams(params: { get(name: string): string | null }, now = Date.now()): DateRange {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && rangeProblem({ from, to }) === null) return { from, to };
  return lastDays(7, now);
}

/** Why a range cannot be reported, in words; null when it can. */
export function rangeProblem(range: DateRange): string | null {
  const date = /^\d{4}-\d{2}-\d{2}$/;
  if (!date.test(range.from) || !date.test(range.to) || Number.isNaN(Date.parse(range.from)) || Number.isNaN(Date.parse(range.to))) return 'Choose both dates.';
  const days = reportDays(range.from, range.to).length;
  if (days === 0) return 'The start must not be after the end.';
  if (days > REPORT_MAX_DAYS) return `Choose at most ${REPORT_MAX_DAYS} days.`;
  return null;
}

/** "20 Nov" — short, for chart axes. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** 1234567 → "1.2M", 12345 → "12.3k". */
export function compact(n: number): string {
  if (Math.abs(n) >= 1_000_000) return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  if (Math.abs(n) >= 10_000) return `${(n / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return n.toLocaleString('en-US');
}

/** part of whole as a whole percentage, "–" when there is no whole. */
export function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–';
}

/** A nice upper bound for an axis: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * p).find((v) => v >= max) ?? 10 * p;
}
