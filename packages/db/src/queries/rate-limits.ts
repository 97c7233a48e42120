import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { rateLimits } from '../schema';

/**
 * Fixed-window counter kept in the database so limits hold across api instances.
 * Returns the count in the current window after adding `by` (0 reads without counting).
 */
export async function hitRateLimit(db: Executor, key: string, windowMs: number, by = 1, now = new Date()): Promise<{ count: number; windowStart: Date }> {
  const expired = new Date(now.getTime() - windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: by })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${expired} then ${by} else ${rateLimits.count} + ${by} end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${expired} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  return rows[0]!;
}

export async function resetRateLimit(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
