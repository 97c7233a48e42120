import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { sprouts } from '../schema';
import { appAiSettings, appAiUsage } from './tables';

export interface OwnerAppAiUse {
  sproutId: string;
  name: string;
  /** Tokens (in and out) of the preview and the checks, and of the published app, this month. */
  tokens: { test: number; live: number };
  requests: number;
  /** The cap the owner set, or null (the plan's default). */
  cap: number | null;
}

/**
 * Every app of an owner that used AI in `month`, most tokens first: one grouped query, so the
 * owner's usage page costs the same however many apps they have. Deleted projects are left out.
 */
export async function appAiUseOfOwner(db: Executor, ownerId: string, month: string): Promise<OwnerAppAiUse[]> {
  const tokens = sql<number>`${appAiUsage.tokensIn} + ${appAiUsage.tokensOut}`;
  const rows = await db
    .select({
      sproutId: sprouts.id,
      name: sprouts.displayName,
      test: sql<number>`coalesce(sum(case when ${appAiUsage.dataset} = 'live' then 0 else ${tokens} end), 0)::int`,
      live: sql<number>`coalesce(sum(case when ${appAiUsage.dataset} = 'live' then ${tokens} else 0 end), 0)::int`,
      requests: sql<number>`coalesce(sum(${appAiUsage.requests}), 0)::int`,
      cap: appAiSettings.monthlyTokenCap,
    })
    .from(appAiUsage)
    .innerJoin(sprouts, eq(sprouts.id, appAiUsage.sproutId))
    .leftJoin(appAiSettings, eq(appAiSettings.sproutId, sprouts.id))
    .where(and(eq(sprouts.ownerId, ownerId), isNull(sprouts.deletedAt), eq(appAiUsage.month, month)))
    .groupBy(sprouts.id, sprouts.displayName, appAiSettings.monthlyTokenCap)
    .orderBy(desc(sql`sum(${tokens})`), sprouts.id);
  return rows.map((r) => ({
    sproutId: r.sproutId,
    name: r.name,
    tokens: { test: Number(r.test), live: Number(r.live) },
    requests: Number(r.requests),
    cap: r.cap ?? null,
  }));
}
