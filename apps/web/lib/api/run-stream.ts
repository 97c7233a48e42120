import { SseParser, TERMINAL_EVENTS } from '@sprout/core';
import type { RunEvent } from '@sprout/core/contract';

/*
 * A Server-Sent Events reader for a run's events (GET /build/v1/runs/:id/events), built on fetch
 * because EventSource cannot send the bearer token. It parses `id:` / `event:` / `data:` frames as
 * they arrive, drops anything it has already seen (by `seq`), reconnects with `Last-Event-ID` and a
 * growing backoff when the connection drops, and stops at the run's terminal event.
 */

export type RunStreamConnection = 'connecting' | 'open' | 'reconnecting' | 'offline';

export type RunStreamResult =
  /** The terminal event arrived (`terminal: true`), or the server closed the stream without one. */
  | { kind: 'ended'; terminal: boolean; lastSeq: number }
  | { kind: 'aborted'; lastSeq: number }
  /** Refused (e.g. 404), or the connection could not be restored after every retry. */
  | { kind: 'failed'; status: number; message: string; lastSeq: number };

export interface FollowRunOptions {
  /** The events URL, e.g. `${apiUrl}/build/v1/runs/${id}/events`. */
  url: string;
  /** The bearer token; `true` asks for a fresh one (after a 401). */
  getToken: (forceRefresh?: boolean) => Promise<string | null>;
  /** The last seq already seen: only later events are delivered. */
  after?: number;
  signal: AbortSignal;
  onEvent: (event: RunEvent) => void;
  onConnection?: (state: RunStreamConnection) => void;
  /** Reconnection backoff: `initialMs` doubling up to `maxMs`, at most `maxAttempts` failures in a row. */
  backoff?: { initialMs?: number; maxMs?: number; maxAttempts?: number };
  fetch?: typeof fetch;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Resolves when the browser says it is online again (at once outside browsers or when online). */
function waitUntilOnline(signal: AbortSignal): Promise<void> {
  if (typeof navigator === 'undefined' || typeof window === 'undefined' || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    window.addEventListener('online', done);
    signal.addEventListener('abort', done, { once: true });
  });
}

async function errorMessage(res: Response): Promise<string> {
  try {
    const json = (await res.json()) as { message?: unknown };
    if (typeof json.message === 'string') return json.message;
  } catch {
    // Not JSON.
  }
  return `${res.status} ${res.statusText}`.trim();
}

/**
 * Follows a run's events until its terminal event. Resolves (never rejects) with how it ended.
 * Events are delivered exactly once and in order, across reconnects.
 */
export async function followRunStream(o: FollowRunOptions): Promise<RunStreamResult> {
  const doFetch = o.fetch ?? fetch;
  const initialMs = o.backoff?.initialMs ?? 500;
  const maxMs = o.backoff?.maxMs ?? 8_000;
  const maxAttempts = o.backoff?.maxAttempts ?? 8;
  let lastSeq = o.after ?? 0;
  let failures = 0;
  let freshToken = false;
  let serverRetryMs: number | undefined;
  let lastError: { status: number; message: string } = { status: 0, message: 'Could not reach Sprout.' };

  while (!o.signal.aborted) {
    o.onConnection?.(failures === 0 && lastSeq === (o.after ?? 0) ? 'connecting' : 'reconnecting');
    let received = 0;
    try {
      const token = await o.getToken(freshToken);
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (token) headers.authorization = `Bearer ${token}`;
      if (lastSeq > 0) headers['last-event-id'] = String(lastSeq);
      const res = await doFetch(o.url, { headers, signal: o.signal, cache: 'no-store' });
      if (res.status === 401 && !freshToken) {
        // The token expired in between: ask for a fresh one once, at once.
        freshToken = true;
        await res.body?.cancel().catch(() => undefined);
        continue;
      }
      if (!res.ok || !res.body) throw new HttpError(res.status, await errorMessage(res), res.status >= 500 || res.status === 429 || res.status === 408);
      freshToken = false;
      o.onConnection?.('open');

      const parser = new SseParser();
      const decoder = new TextDecoder();
      const reader = res.body.getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const frames = parser.push(decoder.decode(value, { stream: true }));
          serverRetryMs = parser.retryMs ?? serverRetryMs;
          for (const frame of frames) {
            let event: RunEvent;
            try {
              event = JSON.parse(frame.data) as RunEvent;
            } catch {
              continue; // Not ours to understand; the next frame may be.
            }
            if (typeof event?.seq !== 'number' || typeof event.type !== 'string') continue;
            if (event.seq <= lastSeq) continue;
            lastSeq = event.seq;
            received += 1;
            failures = 0;
            o.onEvent(event);
            if (TERMINAL_EVENTS.has(event.type)) {
              await reader.cancel().catch(() => undefined);
              return { kind: 'ended', terminal: true, lastSeq };
            }
          }
        }
      } finally {
        reader.releaseLock?.();
      }
      // The server ends a stream only after the terminal event. An empty, clean stream means there is
      // nothing after `lastSeq` (the run ended before): the caller asks for the run's state.
      if (received === 0) return { kind: 'ended', terminal: false, lastSeq };
      // Otherwise the connection was cut mid-run (a proxy, a restart): resume at once.
      continue;
    } catch (err) {
      if (o.signal.aborted) break;
      if (err instanceof HttpError) {
        lastError = { status: err.status, message: err.message };
        if (!err.retryable) return { kind: 'failed', status: err.status, message: err.message, lastSeq };
      } else {
        lastError = { status: 0, message: 'The connection to Sprout was lost.' };
      }
    }
    if (received > 0) failures = 0;
    failures += 1;
    if (failures > maxAttempts) return { kind: 'failed', ...lastError, lastSeq };
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      o.onConnection?.('offline');
      await waitUntilOnline(o.signal);
      continue;
    }
    o.onConnection?.('reconnecting');
    const base = Math.min(maxMs, Math.max(serverRetryMs ?? 0, initialMs) * 2 ** (failures - 1));
    await sleep(base * (0.8 + Math.random() * 0.4), o.signal);
  }
  return { kind: 'aborted', lastSeq };
}
