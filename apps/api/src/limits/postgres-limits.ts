import { closeOpenSlots, dropStaleOpenSlots, hitRateLimit, releaseInstanceSlots, renewOpenSlots, tryOpenSlots, type Db } from '@sprout/db';
import { SLOT_RENEW_MS, SLOT_STALE_SECONDS, type SharedLimits } from './shared-limits';

/**
 * Limits counted in the database every instance shares: a window is a row of rate_limits, a cap the
 * sum of the live instances' rows of open_slots. Costs a statement per request counted; REDIS_URL
 * moves them to Redis.
 */
export class PostgresLimits implements SharedLimits {
  readonly kind = 'postgres';
  private readonly renewal: ReturnType<typeof setInterval>;

  constructor(
    private readonly db: Db,
    private readonly instance: string,
    onError: (err: unknown) => void,
  ) {
    this.renewal = setInterval(() => {
      renewOpenSlots(db, instance)
        .then(() => dropStaleOpenSlots(db, SLOT_STALE_SECONDS))
        .catch(onError);
    }, SLOT_RENEW_MS);
    this.renewal.unref();
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }> {
    const now = new Date();
    const { count, windowStart } = await hitRateLimit(this.db, `window:${key}`, windowMs, 1, now);
    return { count, resetMs: windowStart.getTime() + windowMs - now.getTime() };
  }

  tryOpen(keys: readonly string[], limits: readonly number[]): Promise<boolean> {
    return tryOpenSlots(this.db, { instance: this.instance, keys, limits, staleSeconds: SLOT_STALE_SECONDS });
  }

  close(keys: readonly string[]): Promise<void> {
    return closeOpenSlots(this.db, this.instance, keys);
  }

  async stop(): Promise<void> {
    clearInterval(this.renewal);
    await releaseInstanceSlots(this.db, this.instance);
  }
}
