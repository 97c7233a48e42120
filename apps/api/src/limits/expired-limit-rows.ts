import type { FastifyBaseLogger } from 'fastify';
import { dropExpiredRateLimits, type Db } from '@sprout/db';

/** How often ended rate-limit windows are removed: they count for nothing, only the table grows. */
const EXPIRED_LIMITS_SWEEP_MS = 10 * 60_000;

/**
 * Removes rate-limit rows whose window has ended, now and every `everyMs` (every instance does it;
 * a delete of rows already gone costs nothing). Without it the table keeps one row per sign-in
 * address, visitor and app ever seen.
 */
export class ExpiredLimitRows {
  private timer: ReturnType<typeof setInterval> | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(everyMs = EXPIRED_LIMITS_SWEEP_MS): void {
    this.sweepSoon();
    this.timer = setInterval(() => this.sweepSoon(), everyMs);
    this.timer.unref();
  }

  /** One sweep (at most one at a time); resolves when it is done, failures logged. */
  sweepSoon(): Promise<void> {
    this.sweeping ??= dropExpiredRateLimits(this.db)
      .then((removed) => {
        if (removed) this.log.debug({ removed }, 'ended rate-limit windows removed');
      })
      .catch((err: unknown) => this.log.warn({ err }, 'removing ended rate-limit windows failed'))
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
  }
}
