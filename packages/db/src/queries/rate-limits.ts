import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { rateLimits } from '../schema';

/**
 * Fixed-window counter kept in the database so limits hold across api instances.
 * Returns the count in the current window after adding `by` (0 reads without counting).
 */
export async function hitRateLimit(db: Executor, key: string, windowMs: number, by = 1, now = new Date()): Promise<{ count: number; windowStart: Date }> {
  const expired = new Date(now.getTime() - windowMs);
  const end = new Date(now.getTime() + windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: by, expiresAt: end })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${expired} then ${by} else ${rateLimits.count} + ${by} end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${expired} then ${now} else ${rateLimits.windowStart} end`,
        expiresAt: sql`case when ${rateLimits.windowStart} <= ${expired} then ${end} else coalesce(${rateLimits.expiresAt}, ${end}) end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  return rows[0]!;
}

export async function resetRateLimit(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Rows written before windows had an end are kept this long after their window started, then removed. */
const UNDATED_KEPT_MS = 30 * 86_400_000;

/** Removes the windows that have ended (they count for nothing: the next hit starts anew); returns how many. */
export async function dropExpiredRateLimits(db: Executor, now = new Date()): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(or(lt(rateLimits.expiresAt, now), and(isNull(rateLimits.expiresAt), lt(rateLimits.windowStart, new Date(now.getTime() - UNDATED_KEPT_MS)))))
    .returning({ key: rateLimits.key });
  return rows.length;
}
