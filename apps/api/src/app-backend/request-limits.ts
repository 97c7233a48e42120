import { AppError } from '../errors';
import type { SharedLimits } from '../limits/shared-limits';

// Requests per minute per visitor of an app (a fixed one-minute window), counted once however many
// instances serve the app (limits/).

const WINDOW_MS = 60_000;

/** Counts a request of `key`; past `perMinute` in its window, refuses it with the time to wait. */
export async function countAppRequest(limits: SharedLimits, key: string, perMinute: number): Promise<void> {
  const { count, resetMs } = await limits.hit(`app-requests:${key}`, WINDOW_MS);
  if (count <= perMinute) return;
  const retryAfterSeconds = Math.max(1, Math.ceil(resetMs / 1000));
  throw new AppError(429, 'too_many_requests', `This app is getting too many requests from you. Please wait ${retryAfterSeconds} seconds.`, {
    retryAfterSeconds,
  });
}
