import { hitRateLimit } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';

/** A visitor who is not signed in sends small batches: the web app's queue sends at most this many. */
const ANONYMOUS_BATCH = { events: 20, bytes: 64 * 1024 };

/**
 * Analytics and error intake is open to visitors, so it is bounded: requests per minute per person
 * (or per client address when nobody is signed in), and small batches for anonymous callers.
 */
export async function limitIntake(s: Services, who: { userId: string | null; ip: string }, batch: { events: number; bytes: number }): Promise<void> {
  if (!who.userId && (batch.events > ANONYMOUS_BATCH.events || batch.bytes > ANONYMOUS_BATCH.bytes)) {
    throw new AppError(
      413,
      'batch_too_large',
      `Send at most ${ANONYMOUS_BATCH.events} events (${ANONYMOUS_BATCH.bytes / 1024} KB) at a time without signing in.`,
    );
  }
  const { perMinuteSignedIn, perMinuteAnonymous } = s.config.intakeLimits;
  const key = who.userId ? `intake:user:${who.userId}` : `intake:ip:${who.ip}`;
  const hit = await hitRateLimit(s.db, key, 60_000);
  if (hit.count > (who.userId ? perMinuteSignedIn : perMinuteAnonymous)) {
    const retryAfter = Math.max(1, Math.ceil((hit.windowStart.getTime() + 60_000 - Date.now()) / 1000));
    throw new AppError(429, 'too_many_requests', 'Too many requests. Please slow down.', { retryAfterSeconds: retryAfter });
  }
}
