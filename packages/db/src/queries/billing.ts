import { and, desc, eq, gt, or } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { auditLog, billingEvents, checkoutSessions, subscriptions } from '../schema';
import type { SubscriptionRow } from './subscriptions';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

export async function insertCheckoutSession(
  db: Executor,
  input: { id: string; userId: string; tierType: string; returnTo: string; expiresAt: Date },
): Promise<CheckoutSessionRow> {
  const rows = await db.insert(checkoutSessions).values(input).returning();
  return rows[0]!;
}

export async function getCheckoutSession(db: Executor, id: string): Promise<CheckoutSessionRow | null> {
  const rows = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Marks an open, unexpired session of `userId` completed. One statement, so of two concurrent
 * "Pay" clicks exactly one gets the row back: a checkout is paid for once.
 */
export async function claimCheckoutSession(db: Executor, id: string, userId: string, now = new Date()): Promise<CheckoutSessionRow | null> {
  const rows = await db
    .update(checkoutSessions)
    .set({ status: 'completed', completedAt: now })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'open'), gt(checkoutSessions.expiresAt, now)))
    .returning();
  return rows[0] ?? null;
}

/**
 * Records a provider notification as processed. False when it was already recorded: the caller
 * answers the retry without applying it again. Run it in the transaction that applies the event,
 * so a failed apply leaves no record and the provider's retry is processed.
 */
export async function recordBillingEvent(
  db: Executor,
  input: { source: 'stripe' | 'mobile'; eventId: string; type: string; userId: string | null; outcome: string },
): Promise<boolean> {
  const rows = await db.insert(billingEvents).values(input).onConflictDoNothing().returning({ eventId: billingEvents.eventId });
  return rows.length === 1;
}

export async function isBillingEventRecorded(db: Executor, source: 'stripe' | 'mobile', eventId: string): Promise<boolean> {
  const rows = await db
    .select({ eventId: billingEvents.eventId })
    .from(billingEvents)
    .where(and(eq(billingEvents.source, source), eq(billingEvents.eventId, eventId)))
    .limit(1);
  return rows.length === 1;
}

/** The subscription a provider's webhook is about, by its subscription id or else its customer id. */
export async function findSubscriptionByProviderIds(
  db: Executor,
  ids: { subscriptionId?: string | null; customerId?: string | null },
): Promise<SubscriptionRow | null> {
  const conditions = [
    ids.subscriptionId ? eq(subscriptions.providerSubscriptionId, ids.subscriptionId) : undefined,
    ids.customerId ? eq(subscriptions.providerCustomerId, ids.customerId) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return null;
  const rows = await db
    .select()
    .from(subscriptions)
    .where(or(...conditions))
    .limit(2);
  // Prefer the subscription-id match: a customer may have had an older subscription.
  return rows.find((r) => ids.subscriptionId && r.providerSubscriptionId === ids.subscriptionId) ?? rows[0] ?? null;
}

export function listAuditForUser(db: Executor, targetUserId: string, limit = 20) {
  return db.select().from(auditLog).where(eq(auditLog.targetUserId, targetUserId)).orderBy(desc(auditLog.id)).limit(limit);
}
