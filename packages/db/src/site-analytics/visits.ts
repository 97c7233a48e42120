import { randomBytes } from 'node:crypto';
import { and, count, countDistinct, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { siteVisitSalts, siteVisits } from './tables';

export type NewSiteVisit = Omit<typeof siteVisits.$inferInsert, 'id' | 'createdAt'> & { createdAt?: Date };

/** The UTC day of a moment, as salts and reports name days. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The salt of the UTC day `day`: made the first time any instance asks (every instance then reads
 * the same one). Making a day's salt deletes the salts of days before it, so yesterday's hashes can
 * no longer be made again, and visits older than `keepDays`.
 */
export async function daySalt(db: Executor, day: string, keepDays: number): Promise<Uint8Array> {
  const made = await db
    .insert(siteVisitSalts)
    .values({ day, salt: randomBytes(32) })
    .onConflictDoNothing()
    .returning({ day: siteVisitSalts.day });
  if (made.length > 0) {
    await db.delete(siteVisitSalts).where(lt(siteVisitSalts.day, day));
    const oldest = new Date(Date.parse(`${day}T00:00:00Z`) - keepDays * 86_400_000);
    await db.delete(siteVisits).where(lt(siteVisits.createdAt, oldest));
  }
  const [row] = await db.select({ salt: siteVisitSalts.salt }).from(siteVisitSalts).where(eq(siteVisitSalts.day, day));
  if (!row) throw new Error(`the salt of ${day} was deleted as it was read`);
  return row.salt;
}

export async function recordSiteVisit(db: Executor, visit: NewSiteVisit): Promise<void> {
  await db.insert(siteVisits).values(visit);
}

export interface SiteVisitCounts {
  pageViews: number;
  visitors: number;
  pages: { path: string; views: number; visitors: number }[];
  referrers: { referrer: string | null; visitors: number }[];
  devices: { device: 'desktop' | 'mobile' | 'tablet'; visitors: number }[];
  byDay: { day: string; pageViews: number; visitors: number }[];
  events: { name: string; count: number; visitors: number }[];
}

const TOP = 10;

/** What a published app's visits since `since` add up to (lists: the top 10; days: those with visits). */
export async function countSiteVisits(db: Executor, sproutId: string, since: Date): Promise<SiteVisitCounts> {
  const inRange = and(eq(siteVisits.sproutId, sproutId), gte(siteVisits.createdAt, since));
  const views = and(inRange, eq(siteVisits.kind, 'pageview'));
  const visitors = countDistinct(siteVisits.visitor).mapWith(Number);
  const day = sql<string>`to_char(${siteVisits.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [totals, pages, referrers, devices, byDay, events] = await Promise.all([
    db
      .select({ pageViews: sql<number>`(count(*) filter (where ${siteVisits.kind} = 'pageview'))::int`, visitors })
      .from(siteVisits)
      .where(inRange),
    db
      .select({ path: siteVisits.path, views: count().mapWith(Number), visitors })
      .from(siteVisits)
      .where(views)
      .groupBy(siteVisits.path)
      .orderBy(desc(count()), siteVisits.path)
      .limit(TOP),
    db
      .select({ referrer: siteVisits.referrer, visitors })
      .from(siteVisits)
      .where(and(views, eq(siteVisits.entry, true)))
      .groupBy(siteVisits.referrer)
      .orderBy(desc(countDistinct(siteVisits.visitor)), siteVisits.referrer)
      .limit(TOP),
    db
      .select({ device: siteVisits.device, visitors })
      .from(siteVisits)
      .where(inRange)
      .groupBy(siteVisits.device)
      .orderBy(desc(countDistinct(siteVisits.visitor)), siteVisits.device),
    db
      .select({ day, pageViews: sql<number>`(count(*) filter (where ${siteVisits.kind} = 'pageview'))::int`, visitors })
      .from(siteVisits)
      .where(inRange)
      .groupBy(day)
      .orderBy(day),
    db
      .select({ name: sql<string>`${siteVisits.name}`, count: count().mapWith(Number), visitors })
      .from(siteVisits)
      .where(and(inRange, eq(siteVisits.kind, 'event')))
      .groupBy(siteVisits.name)
      .orderBy(desc(count()), siteVisits.name)
      .limit(TOP),
  ]);
  return { pageViews: totals[0]?.pageViews ?? 0, visitors: totals[0]?.visitors ?? 0, pages, referrers, devices, byDay, events };
}
