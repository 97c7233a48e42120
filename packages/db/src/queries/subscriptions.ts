import { eq } from 'drizzle-orm';
import { settleSubscription, startsFreshAllowance } from '@sprout/core';
import type { Executor } from '../create-db';
import { subscriptions } from '../schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function getSubscription(db: Executor, userId: string): Promise<SubscriptionRow | null> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/** The tier in force: a change scheduled for the end of the period applies once it has ended (core settleSubscription). */
function tierInForce(row: SubscriptionRow | null, now: Date): string {
  if (!row) return 'free';
  const settled = settleSubscription(row, now);
  return (settled ?? row).tierType;
}

/**
 * Writes a person's subscription. Every plan change goes through here, so here is where an upgrade
 * from Free starts the new plan's allowance afresh (core startsFreshAllowance): messages sent before
 * `messagesCountedFrom` no longer count (operations/quota).
 */
export async function upsertSubscription(
  db: Executor,
  userId: string,
  values: Partial<Omit<SubscriptionRow, 'userId' | 'updatedAt' | 'messagesCountedFrom'>> & { type: string; tierType: string },
  now = new Date(),
): Promise<SubscriptionRow> {
  const fresh = startsFreshAllowance(tierInForce(await getSubscription(db, userId), now), values.tierType);
  const set = fresh ? { ...values, messagesCountedFrom: now } : values;
  const rows = await db
    .insert(subscriptions)
    .values({ ...set, userId, updatedAt: now })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...set, updatedAt: now } })
    .returning();
  return rows[0]!;
}
