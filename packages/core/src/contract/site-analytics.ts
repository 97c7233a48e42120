import { z } from 'zod';

/** The days an analytics report may cover (the visits kept). */
export const MAX_ANALYTICS_DAYS = 90;

export const SiteAnalyticsQuery = z.object({
  days: z.coerce.number().int().min(1).max(MAX_ANALYTICS_DAYS).default(7),
});

export const SiteDevice = z.enum(['desktop', 'mobile', 'tablet']);
export type SiteDevice = z.infer<typeof SiteDevice>;

/**
 * A published app's visits over the last `days` days (UTC, today included): first-party and
 * cookieless, a visitor being a hash of address and browser with a salt that changes every day, so
 * one person on two days counts twice and nobody can be followed from one day to the next.
 * Lists are the top 10, most first; `byDay` has every day of the range, oldest first.
 */
export const SiteAnalytics = z.object({
  days: z.number().int(),
  pageViews: z.number().int(),
  visitors: z.number().int(),
  pages: z.array(z.object({ path: z.string(), views: z.number().int(), visitors: z.number().int() })),
  /** Where visitors came from: another site's host name, or "Direct" when the browser said nothing. */
  referrers: z.array(z.object({ source: z.string(), visitors: z.number().int() })),
  devices: z.array(z.object({ device: SiteDevice, visitors: z.number().int() })),
  byDay: z.array(z.object({ day: z.string(), pageViews: z.number().int(), visitors: z.number().int() })),
  /** The app's own events (`track(name, props)` in its client). */
  events: z.array(z.object({ name: z.string(), count: z.number().int(), visitors: z.number().int() })),
});
export type SiteAnalytics = z.infer<typeof SiteAnalytics>;
