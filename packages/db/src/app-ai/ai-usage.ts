import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import type { AppScope } from '../app-data/scope';
import { appAiSettings, appAiUsage } from './tables';

export interface AiUse {
  tokensIn: number;
  tokensOut: number;
  requests: number;
}

const NONE: AiUse = { tokensIn: 0, tokensOut: 0, requests: 0 };

/** Where an app's AI use is shown: its published app's, or its preview's (the server's checks included). */
export type AiUseDataset = 'test' | 'live';

const datasetOf = (scope: AppScope): AiUseDataset => (scope.dataset === 'live' ? 'live' : 'test');

async function add(db: Executor, scope: AppScope, month: string, use: { tokensIn: number; tokensOut: number; requests: number }): Promise<void> {
  await db
    .insert(appAiUsage)
    .values({ sproutId: scope.sproutId, dataset: datasetOf(scope), month, ...use })
    .onConflictDoUpdate({
      target: [appAiUsage.sproutId, appAiUsage.dataset, appAiUsage.month],
      set: {
        tokensIn: sql`${appAiUsage.tokensIn} + ${use.tokensIn}`,
        tokensOut: sql`${appAiUsage.tokensOut} + ${use.tokensOut}`,
        requests: sql`${appAiUsage.requests} + ${use.requests}`,
      },
    });
}

/** Adds one AI request's tokens to its app's month (one statement: concurrent requests add up). */
export async function recordAppAiUse(db: Executor, scope: AppScope, month: string, use: { tokensIn: number; tokensOut: number }): Promise<void> {
  await add(db, scope, month, { ...use, requests: 1 });
}

export interface AiReservation {
  /** The longest reply the request may have: what is left of the cap, at most what it asked for. */
  tokensOut: number;
}

/**
 * Reserves a request's tokens against its app's monthly cap before the model is asked: its prompt
 * (estimated) and a reply as long as what is left allows, up to `maxTokensOut`. Serialised per app, so
 * requests at the same moment cannot all pass on the same remainder: the month never goes past the
 * cap. Null when less than `minTokensOut` would be left for the reply. `settleAppAiUse` then replaces
 * the reservation by what the provider said it used.
 */
export async function reserveAppAiUse(
  db: Executor,
  scope: AppScope,
  month: string,
  r: { tokensIn: number; maxTokensOut: number; minTokensOut: number; cap: number },
): Promise<AiReservation | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`app-ai:${scope.sproutId}:${month}`}))`);
    const [row] = await tx
      .select({ used: sql<string>`coalesce(sum(${appAiUsage.tokensIn} + ${appAiUsage.tokensOut}), 0)` })
      .from(appAiUsage)
      .where(and(eq(appAiUsage.sproutId, scope.sproutId), eq(appAiUsage.month, month)));
    const left = r.cap - Number(row?.used ?? 0) - r.tokensIn;
    const tokensOut = Math.min(r.maxTokensOut, left);
    if (tokensOut < r.minTokensOut) return null;
    await add(tx, scope, month, { tokensIn: r.tokensIn, tokensOut, requests: 1 });
    return { tokensOut };
  });
}

/** Replaces a reservation by what the request used (the difference, either way). */
export async function settleAppAiUse(
  db: Executor,
  scope: AppScope,
  month: string,
  reserved: { tokensIn: number; tokensOut: number },
  used: { tokensIn: number; tokensOut: number },
): Promise<void> {
  await add(db, scope, month, { tokensIn: used.tokensIn - reserved.tokensIn, tokensOut: used.tokensOut - reserved.tokensOut, requests: 0 });
}

/** What an app's AI used in a month, per dataset (zeros for a dataset that made no request). */
export async function appAiUseOf(db: Executor, sproutId: string, month: string): Promise<Record<AiUseDataset, AiUse>> {
  const rows = await db
    .select()
    .from(appAiUsage)
    .where(and(eq(appAiUsage.sproutId, sproutId), eq(appAiUsage.month, month)));
  const out: Record<AiUseDataset, AiUse> = { test: { ...NONE }, live: { ...NONE } };
  for (const r of rows) out[r.dataset === 'live' ? 'live' : 'test'] = { tokensIn: r.tokensIn, tokensOut: r.tokensOut, requests: r.requests };
  return out;
}

/** The cap the owner set on the app's AI, or null (the plan's default). */
export async function appAiCapOf(db: Executor, sproutId: string): Promise<number | null> {
  const [row] = await db.select({ cap: appAiSettings.monthlyTokenCap }).from(appAiSettings).where(eq(appAiSettings.sproutId, sproutId));
  return row?.cap ?? null;
}

/** Sets (a number) or clears (null: the plan's default) the cap on an app's AI. */
export async function setAppAiCap(db: Executor, sproutId: string, cap: number | null): Promise<void> {
  if (cap === null) {
    await db.delete(appAiSettings).where(eq(appAiSettings.sproutId, sproutId));
    return;
  }
  await db
    .insert(appAiSettings)
    .values({ sproutId, monthlyTokenCap: cap })
    .onConflictDoUpdate({ target: appAiSettings.sproutId, set: { monthlyTokenCap: cap, updatedAt: sql`now()` } });
}
