/*
 * Retrying after a failed request: waits that double from `initialMs` up to `maxMs`, spread by a
 * random ±`jitter` so that many pages coming back online together do not knock at once.
 */

export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
  /** ±fraction of each wait (0.2 = ±20 %). */
  jitter?: number;
  /** Failures in a row after which the caller stops retrying on its own (a button or `online` may still start again). */
  maxAttempts?: number;
}

/** The preview's own requests: 1 s, 2 s, 4 s … up to 30 s, eight times. */
export const PREVIEW_BACKOFF: BackoffPolicy = { initialMs: 1000, maxMs: 30_000, jitter: 0.2, maxAttempts: 8 };

/** How long to wait before attempt number `failures + 1`, after `failures` (≥ 1) failures in a row. */
export function backoffDelay(failures: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const n = Number.isFinite(failures) ? Math.max(1, Math.floor(failures)) : 1;
  const base = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.min(n - 1, 30));
  const jitter = policy.jitter ?? 0;
  return Math.round(base * (1 - jitter + 2 * jitter * random()));
}

/** Whether to try again by itself after `failures` failures in a row. */
export function shouldRetry(failures: number, policy: BackoffPolicy): boolean {
  return policy.maxAttempts === undefined || failures < policy.maxAttempts;
}
