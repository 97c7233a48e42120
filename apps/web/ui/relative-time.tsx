'use client';
import { useEffect, useState } from 'react';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '3 minutes ago', 'yesterday', 'just now' (in English, like the rest of the interface). */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'minute') return format.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** 'Mar 4, 2026, 2:15 PM' in the reader's locale. */
export function fullDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** Re-renders every `intervalMs` so relative times stay true on a page left open. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}

/** A relative time with the full date in its title (server and browser clocks differ slightly, hence suppressHydrationWarning). */
export function RelativeTime({ iso, prefix, className }: { iso: string; prefix?: string; className?: string }) {
  const now = useNow(60_000);
  const full = fullDate(iso);
  return (
    <time dateTime={iso} title={full} className={className} suppressHydrationWarning>
      {prefix ? `${prefix} ` : ''}
      {relativeTime(iso, now)}
    </time>
  );
}
