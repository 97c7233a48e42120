import { SseParser, type SseFrame } from '@sprout/core';
import type { RunEvent } from '@sprout/core/contract';
import { scaledTimeout } from './timeouts';

/** A run event as a test received it: the contract's event, and when it arrived here (Date.now()). */
export type ReceivedRunEvent = RunEvent & { receivedAt: number };

/** The run event a frame carries; its SSE id must be the event's seq (what a reconnect resumes from) and its name the type. */
export function runEventOf(frame: SseFrame): RunEvent {
  const event = JSON.parse(frame.data) as RunEvent;
  if (frame.id !== String(event.seq)) throw new Error(`SSE frame id ${frame.id} is not the event's seq ${event.seq}`);
  if (frame.event !== event.type) throw new Error(`SSE frame event ${frame.event} is not the event's type ${event.type}`);
  return event;
}

/** Every run event of a whole SSE body (a finished stream read at once). */
export function parseRunEvents(body: string): RunEvent[] {
  const parser = new SseParser();
  return [...parser.push(body), ...parser.push('\n\n')].map(runEventOf);
}

export interface FollowOptions {
  /** Resume after this seq (sent as Last-Event-ID). */
  lastEventId?: number;
  headers?: Record<string, string>;
  /** Sees each event as it arrives; awaited before the next is read. */
  onEvent?: (e: ReceivedRunEvent) => unknown;
  /** Stop reading (and close the stream) after the first event this accepts. */
  until?: (e: ReceivedRunEvent) => boolean;
  signal?: AbortSignal;
  /**
   * Fails (and closes the stream) when the stream has not ended, or `until` accepted no event,
   * within this many ms on an unloaded machine (grown with its load, `scaledTimeout`). Without it
   * the follow lasts as long as the stream.
   */
  within?: number;
}

export interface FollowedRun {
  status: number;
  headers: Headers;
  events: ReceivedRunEvent[];
}

/**
 * Follows a run's events over real HTTP (fetch streaming, as the web app does) until the stream
 * ends or `until` accepts an event. Fails unless the API answers 200, and past `within` when given.
 */
export async function followRun(apiUrl: string, token: string, runId: string, opts: FollowOptions = {}): Promise<FollowedRun> {
  const res = await fetch(`${apiUrl}/build/v1/runs/${runId}/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(opts.lastEventId === undefined ? {} : { 'last-event-id': String(opts.lastEventId) }),
      ...opts.headers,
    },
    signal: opts.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`the events of run ${runId} answered ${res.status}: ${await res.text()}`);
  const events: ReceivedRunEvent[] = [];
  const parser = new SseParser();
  const decoder = new TextDecoder();
  // The body is read and closed through its reader (cancel ends a pending read at once); aborting
  // the fetch mid-read can leave the read pending forever on Node 20.
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const limit = opts.within === undefined ? undefined : scaledTimeout(opts.within);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    if (limit !== undefined) timer = setTimeout(() => resolve('expired'), limit);
  });
  try {
    reading: for (;;) {
      const next = await Promise.race([reader.read(), expired]);
      if (next === 'expired') {
        const last = events.at(-1);
        throw new Error(
          `the events of run ${runId} did not end within ${limit} ms (${events.length} received, the last: ${last ? `${last.seq} ${last.type}` : 'none'})`,
        );
      }
      if (next.done) break;
      for (const frame of parser.push(decoder.decode(next.value, { stream: true }))) {
        const e = { ...runEventOf(frame), receivedAt: Date.now() } as ReceivedRunEvent;
        events.push(e);
        await opts.onEvent?.(e);
        if (opts.until?.(e)) break reading;
      }
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => undefined);
  }
  return { status: res.status, headers: res.headers, events };
}
