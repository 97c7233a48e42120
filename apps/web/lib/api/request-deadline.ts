/*
 * Every call to Sprout ends: with its answer, or with a clear error within its time limit, at once
 * when the browser goes offline, or when the person cancels (the caller's AbortSignal). A request
 * left hanging by a dropped connection would otherwise spin for minutes.
 */

/** How long a JSON call may take by default before it is given up. */
export const REQUEST_TIMEOUT_MS = 15_000;

export type DeadlineReason = 'timeout' | 'offline' | 'aborted';

export const DEADLINE_TEXT: Record<DeadlineReason, (timeoutMs: number) => string> = {
  timeout: (ms) => `Sprout did not answer within ${Math.round(ms / 1000)} seconds. Check your connection and try again.`,
  offline: () => 'You are offline. Check your connection and try again.',
  aborted: () => 'Cancelled.',
};

export interface Deadline {
  /** Aborts the request when the deadline passes, the browser goes offline or the caller cancels. */
  signal: AbortSignal;
  /** Why the request was stopped, or null while it may go on. */
  reason(): DeadlineReason | null;
  /** The request is over (answer read): stop watching. */
  done(): void;
}

export interface DeadlineOptions {
  signal?: AbortSignal;
  /** 0: no time limit (the caller's signal and going offline still end it). */
  timeoutMs?: number;
  /** Where `offline` events come from (the window in browsers). */
  events?: EventTarget | null;
}

export function requestDeadline({ signal, timeoutMs = REQUEST_TIMEOUT_MS, events = globalThis.window ?? null }: DeadlineOptions = {}): Deadline {
  const ctrl = new AbortController();
  let why: DeadlineReason | null = null;
  const stop = (reason: DeadlineReason) => {
    if (why) return;
    why = reason;
    ctrl.abort();
  };
  const onAbort = () => stop('aborted');
  const onOffline = () => stop('offline');
  const timer = timeoutMs > 0 ? setTimeout(() => stop('timeout'), timeoutMs) : undefined;
  if (signal?.aborted) stop('aborted');
  signal?.addEventListener('abort', onAbort, { once: true });
  events?.addEventListener('offline', onOffline);
  return {
    signal: ctrl.signal,
    reason: () => why,
    done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      events?.removeEventListener('offline', onOffline);
    },
  };
}
