/**
 * Limits and caps that hold however many API instances serve Sprout: requests in a window (an app
 * backend's per-visitor limit) and things held open (event streams per person, visitor, address).
 * In this process when it is the only one (the embedded database allows one), in PostgreSQL when
 * instances share a database, in Redis when REDIS_URL is set (memory-limits.ts, postgres-limits.ts,
 * redis-limits.ts).
 */
export interface SharedLimits {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** Counts one request of `key` in its fixed window of `windowMs`: the count so far and the ms until the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** Opens one for every key when none is at its limit (`limits[i]` for `keys[i]`) and says so; opens nothing otherwise. */
  tryOpen(keys: readonly string[], limits: readonly number[]): Promise<boolean>;
  /** Closes one for every key (what a `tryOpen` that succeeded opened). */
  close(keys: readonly string[]): Promise<void>;
  /** Stops renewing this instance's open slots (they stop counting once stale) and lets go of connections. */
  stop(): Promise<void>;
}

/** How long an instance's open slots count without being renewed: a dead instance's streams stop counting after this. */
export const SLOT_STALE_SECONDS = 45;
/** How often a live instance renews its slots: well within SLOT_STALE_SECONDS. */
export const SLOT_RENEW_MS = 15_000;
