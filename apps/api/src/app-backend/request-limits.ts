import { AppError } from '../errors';

// Requests per minute per visitor of an app, counted in this process (a fixed one-minute window).
// Cheap enough for every request; with several instances each counts its own share.

const WINDOW_MS = 60_000;
const MAX_KEYS = 100_000;

/** The app backends' request counts of one app (in its services). */
export class AppRequestLimits {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** Counts a request of `key`; past `perMinute` in its window, refuses it with the time to wait. */
  count(key: string, perMinute: number, now = Date.now()): void {
    let w = this.windows.get(key);
    if (!w || now - w.start >= WINDOW_MS) {
      if (this.windows.size >= MAX_KEYS) this.sweep(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (w.count > perMinute) {
      const retryAfterSeconds = Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
      throw new AppError(429, 'too_many_requests', `This app is getting too many requests from you. Please wait ${retryAfterSeconds} seconds.`, {
        retryAfterSeconds,
      });
    }
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(key);
    // Still full of live windows: start over rather than grow without bound.
    if (this.windows.size >= MAX_KEYS) this.windows.clear();
  }
}
