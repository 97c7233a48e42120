import type { FastifyReply } from 'fastify';
import type { RunEvent as ContractRunEvent } from '@sprout/core/contract';
import { followRunEvents, type RunEvent } from '@sprout/engine';
import { AppError } from '../errors';
import type { Services } from '../services';

/** Comment lines keep idle connections (and proxies) from timing out while a model thinks. */
const HEARTBEAT_MS = 15_000;

/** One SSE frame of the contract's RunEvent; JSON never contains a raw newline, so `data:` is always a single line. */
function sseFrame(e: RunEvent): string {
  const event: ContractRunEvent = { runId: e.runId, seq: e.seq, type: e.type, at: e.at, data: e.data } as ContractRunEvent;
  return `id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** The last seq the client has: the Last-Event-ID header of a reconnect, or `?after=`. */
export function afterSeqOf(header: string | string[] | undefined, query: number | undefined): number {
  const raw = Array.isArray(header) ? header[0] : header;
  const fromHeader = raw !== undefined && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
  return Math.max(fromHeader ?? 0, query ?? 0);
}

/**
 * Streams a run's events as Server-Sent Events: the replay after `afterSeq`, then the live tail,
 * ending after the terminal event. Each frame is written as soon as it exists (no compression, no
 * proxy buffering, Nagle off). The caller has checked that the run is the user's.
 */
export async function streamRunEvents(s: Services, reply: FastifyReply, runId: string, afterSeq: number, userId: string): Promise<void> {
  // Each open stream holds a socket and a subscription: a person gets a bounded number at once.
  const slot = [`run-stream:${userId}`];
  if (!(await s.limits.tryOpen(slot, [s.config.streamsPerPerson]))) {
    throw new AppError(429, 'too_many_streams', `At most ${s.config.streamsPerPerson} run event streams can be open at once. Close some tabs and try again.`);
  }
  s.metrics.eventStreams.inc();
  // Headers set by hooks so far (CORS for the web origin) go out with the hijacked response.
  const inherited = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as Record<string, string | string[] | number>;
  reply.hijack();
  const raw = reply.raw;
  const closed = new AbortController();
  raw.on('close', () => closed.abort());
  const write = async (text: string) => {
    if (closed.signal.aborted) return;
    if (raw.write(text)) return;
    // Both listeners go once either fires: a long stream under back-pressure must not collect them.
    await new Promise<void>((resolve) => {
      const done = () => {
        raw.off('drain', done).off('close', done);
        resolve();
      };
      raw.once('drain', done).once('close', done);
    });
  };
  const heartbeat = setInterval(() => void write(': ping\n\n'), HEARTBEAT_MS);
  try {
    raw.writeHead(200, {
      ...inherited,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    });
    // Each frame leaves at once instead of waiting to be coalesced (injected requests have no TCP socket).
    const socket = raw.socket as { setNoDelay?: (on: boolean) => void } | null;
    if (typeof socket?.setNoDelay === 'function') socket.setNoDelay(true);
    await write('retry: 2000\n\n');
    for await (const event of followRunEvents(s.db, s.engine.hub, runId, afterSeq, closed.signal)) await write(sseFrame(event));
  } catch (err) {
    // The request's logger: its request id, and the run id every line of a run route carries (observability/request-hooks.ts).
    reply.log.error({ err, runId }, 'run event stream failed');
  } finally {
    s.metrics.eventStreams.dec();
    clearInterval(heartbeat);
    // Freed before the end is sent: a client that opens its next stream on seeing the end finds its slot free.
    await s.limits.close(slot).catch((err: unknown) => s.log.warn({ err }, 'closing a run stream slot failed'));
    raw.end();
  }
}
