import { AppError } from '../errors';

// Requests per minute per visitor of an app, counted in this process (a fixed one-minute window).
// Cheap enough for every request; with several instances each counts its own share.

const WINDOW_MS = 60_000;
const MAX_KEYS = 100_000;
const windows = new Map<string, { start: number; count: number }>();

export function countAppRequest(key: string, perMinute: number, now = Date.now()): void {
  let w = windows.get(key);
  if (!w || now - w.start >= WINDOW_MS) {
    if (windows.size >= MAX_KEYS) sweep(now);
    w = { start: now, count: 0 };
    windows.set(key, w);
  }
  w.count += 1;
  if (w.count > perMinute) {
    const retryAfterSeconds = Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
    throw new AppError(429, 'too_many_requests', `This app is getting too many requests from you. Please wait ${retryAfterSeconds} seconds.`, {
      retryAfterSeconds,
    });
  }
}

function sweep(now: number): void {
  for (const [key, w] of windows) if (now - w.start >= WINDOW_MS) windows.delete(key);
  // Still full of live windows: start over rather than grow without bound.
  if (windows.size >= MAX_KEYS) windows.clear();
}
