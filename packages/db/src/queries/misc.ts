import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { analyticsEvents, auditLog, flagOverrides, visits } from '../schema';

export async function recordVisit(db: Executor, input: { userId: string; appName: string; userAgent?: string | null }): Promise<void> {
  await db.insert(visits).values({ userId: input.userId, appName: input.appName, userAgent: input.userAgent ?? null });
}

export async function getFlagOverrides(db: Executor, userId: string): Promise<Record<string, unknown>> {
  const rows = await db.select({ key: flagOverrides.key, value: flagOverrides.value }).from(flagOverrides).where(eq(flagOverrides.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function setFlagOverride(db: Executor, userId: string, key: string, value: unknown): Promise<void> {
  const now = new Date();
  await db
    .insert(flagOverrides)
    .values({ userId, key, value, updatedAt: now })
    .onConflictDoUpdate({ target: [flagOverrides.userId, flagOverrides.key], set: { value, updatedAt: now } });
}

export interface AnalyticsEventInput {
  messageId: string;
  userId: string | null;
  anonymousId: string | null;
  name: string;
  properties: Record<string, unknown>;
  occurredAt: Date;
}

/** Stores a batch; events already stored (same messageId, a retried batch) are skipped. Returns how many were new. */
export async function insertAnalyticsEvents(db: Executor, events: AnalyticsEventInput[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = await db.insert(analyticsEvents).values(events).onConflictDoNothing().returning({ id: analyticsEvents.id });
  return rows.length;
}

/** Deletes events received before `before` (retention); returns how many went. */
export async function deleteAnalyticsEventsBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(analyticsEvents).where(lt(analyticsEvents.receivedAt, before)).returning({ id: analyticsEvents.id });
  return rows.length;
}

export async function writeAudit(
  db: Executor,
  entry: { actorId: string | null; action: string; targetUserId?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    details: entry.details ?? {},
  });
}

export function listAudit(db: Executor, limit = 100) {
  return db.select().from(auditLog).orderBy(auditLog.id).limit(limit);
}
