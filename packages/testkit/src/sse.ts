import { SseParser, type SseFrame } from '@sprout/core';
import type { RunEvent } from '@sprout/core/contract';

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
}

export interface FollowedRun {
  status: number;
  headers: Headers;
  events: ReceivedRunEvent[];
}

/**
 * Follows a run's events over real HTTP (fetch streaming, as the web app does) until the stream
 * ends or `until` accepts an event. Fails unless the API answers 200.
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
  // Leaving the loop with `break` cancels the body; aborting the fetch mid-iteration can leave it pending forever on Node 20.
  reading: for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    for (const frame of parser.push(decoder.decode(chunk, { stream: true }))) {
      const e = { ...runEventOf(frame), receivedAt: Date.now() } as ReceivedRunEvent;
      events.push(e);
      await opts.onEvent?.(e);
      if (opts.until?.(e)) break reading;
    }
  }
  return { status: res.status, headers: res.headers, events };
}
