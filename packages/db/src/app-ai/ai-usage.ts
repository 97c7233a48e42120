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

/** Adds one AI request's tokens to its app's month (one statement: concurrent requests add up). */
export async function recordAppAiUse(db: Executor, scope: AppScope, month: string, use: { tokensIn: number; tokensOut: number }): Promise<void> {
  const dataset: AiUseDataset = scope.dataset === 'live' ? 'live' : 'test';
  await db
    .insert(appAiUsage)
    .values({ sproutId: scope.sproutId, dataset, month, tokensIn: use.tokensIn, tokensOut: use.tokensOut, requests: 1 })
    .onConflictDoUpdate({
      target: [appAiUsage.sproutId, appAiUsage.dataset, appAiUsage.month],
      set: {
        tokensIn: sql`${appAiUsage.tokensIn} + ${use.tokensIn}`,
        tokensOut: sql`${appAiUsage.tokensOut} + ${use.tokensOut}`,
        requests: sql`${appAiUsage.requests} + 1`,
      },
    });
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
