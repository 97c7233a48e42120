import type { SiteAnalytics } from '@sprout/core/contract';
import { counted } from './figures';

// The by-day chart's bars: one per day, page views as the bar and visitors (never more than the
// page views they made) as the darker part inside it, both against the busiest day.

type Day = SiteAnalytics['byDay'][number];

/** A day with any visit is at least this tall (percent), so one visit stays visible beside a busy day. */
const MIN_VISIBLE = 3;

export interface DayBar {
  day: string;
  /** What the bar says to a screen reader and on hover. */
  label: string;
  /** Percent of the chart's height. */
  viewsHeight: number;
  visitorsHeight: number;
}

/** "2026-12-01" → "Dec 1" (the day is UTC, as the report counts it). */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "Dec 1: 3 visitors, 5 page views". */
export function dayBarLabel(d: Day): string {
  return `${dayLabel(d.day)}: ${counted(d.visitors, 'visitor', 'visitors')}, ${counted(d.pageViews, 'page view', 'page views')}`;
}

/** The bars in the report's order (oldest first) and the value the chart's top stands for. */
export function dayBars(byDay: readonly Day[]): { bars: DayBar[]; top: number } {
  const top = Math.max(0, ...byDay.map((d) => Math.max(d.pageViews, d.visitors)));
  const height = (n: number) => (n <= 0 || top === 0 ? 0 : Math.max(MIN_VISIBLE, (n / top) * 100));
  return {
    bars: byDay.map((d) => ({ day: d.day, label: dayBarLabel(d), viewsHeight: height(d.pageViews), visitorsHeight: height(d.visitors) })),
    top,
  };
}
