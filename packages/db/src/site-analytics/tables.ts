import { bigint, boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from '../columns';
import { sprouts } from '../schema';

/**
 * A published app's page views and its own events (`track`), first-party and cookieless: `visitor`
 * is a hash of the visitor's address and browser with the day's salt (site_visit_salts), which is
 * deleted once the day is over, so no row says who visited or links one day's visitor to another's.
 */
export const siteVisits = pgTable(
  'site_visits',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    sproutId: text('sprout_id')
      .notNull()
      .references(() => sprouts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'pageview' | 'event'>().notNull(),
    /** The page's path (a page view), or the page an event was sent from. */
    path: text('path').notNull(),
    /** An event's name (null for a page view). */
    name: text('name'),
    props: jsonb('props').$type<Record<string, string | number | boolean>>(),
    /** The first page view of a page load (an SPA's own navigations are not entries): its referrer counts. */
    entry: boolean('entry').notNull().default(false),
    /** Another site's host name the entry came from; null: direct (or the browser did not say). */
    referrer: text('referrer'),
    device: text('device').$type<'desktop' | 'mobile' | 'tablet'>().notNull(),
    visitor: text('visitor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('site_visits_sprout_idx').on(t.sproutId, t.createdAt)],
);

/** One random salt per UTC day (`YYYY-MM-DD`) for visitors' hashes; a past day's is deleted. */
export const siteVisitSalts = pgTable('site_visit_salts', {
  day: text('day').primaryKey(),
  salt: bytea('salt').notNull(),
});
