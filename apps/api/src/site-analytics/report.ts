import type { SiteAnalytics } from '@sprout/core/contract';
import { countSiteVisits, utcDay } from '@sprout/db';
import type { Services } from '../services';

const DAY_MS = 86_400_000;

/** The report of a project's published app over the last `days` UTC days, today included, every day listed. */
export async function siteAnalyticsReport(s: Services, sproutId: string, days: number, now = new Date()): Promise<SiteAnalytics> {
  const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
  const since = new Date(today - (days - 1) * DAY_MS);
  const counts = await countSiteVisits(s.db, sproutId, since);
  const counted = new Map(counts.byDay.map((d) => [d.day, d]));
  const byDay = Array.from({ length: days }, (_, i) => {
    const day = utcDay(new Date(since.getTime() + i * DAY_MS));
    return counted.get(day) ?? { day, pageViews: 0, visitors: 0 };
  });
  return {
    days,
    pageViews: counts.pageViews,
    visitors: counts.visitors,
    pages: counts.pages,
    referrers: counts.referrers.map((r) => ({ source: r.referrer ?? 'Direct', visitors: r.visitors })),
    devices: counts.devices,
    byDay,
    events: counts.events,
  };
}
