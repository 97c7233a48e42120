import { eq } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { subscriptions } from '../schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function getSubscription(db: Executor, userId: string): Promise<SubscriptionRow | null> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return rows[0] ?? null;
}

export async function upsertSubscription(
  db: Executor,
  userId: string,
  values: Partial<Omit<SubscriptionRow, 'userId' | 'updatedAt'>> & { type: string; tierType: string },
): Promise<SubscriptionRow> {
  const now = new Date();
  const rows = await db
    .insert(subscriptions)
    .values({ ...values, userId, updatedAt: now })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: now } })
    .returning();
  return rows[0]!;
}
