import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '@sprout/core/contract';
import { followRunStream } from './run-stream';

const frame = (seq: number, type: string, data: unknown = {}) =>
  `id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify({ seq, type, at: '2026-01-01T00:00:00Z', data })}\n\n`;

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;
let server: Server | undefined;

async function serve(handler: Handler): Promise<string> {
  let n = 0;
  server = createServer((req, res) => handler(req, res, n++));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => (server ? server.close(r) : r(null)));
  server = undefined;
});

const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });
const fast = { initialMs: 5, maxMs: 20, maxAttempts: 3 };

describe('followRunStream', () => {
  it('delivers events in order once, resumes after a dropped connection with Last-Event-ID, and stops at the terminal event', async () => {
    const lastIds: (string | undefined)[] = [];
    const auth: (string | undefined)[] = [];
    const url = await serve((req, res, n) => {
      lastIds.push(req.headers['last-event-id'] as string | undefined);
      auth.push(req.headers.authorization);
      sse(res);
      if (n === 0) {
        // Half a frame then the connection dies.
        res.write(frame(1, 'run.started') + frame(2, 'text.delta', { text: 'a' }) + frame(3, 'text.delta', { text: 'b' }).slice(0, 20));
        setTimeout(() => res.destroy(), 20);
        return;
      }
      // The server replays from Last-Event-ID; a repeat of 2 must not be delivered twice.
      res.write(frame(2, 'text.delta', { text: 'a' }) + frame(3, 'text.delta', { text: 'b' }));
      res.write(frame(4, 'run.finished') + frame(5, 'never.seen'));
      res.end();
    });
    const seen: RunEvent[] = [];
    const result = await followRunStream({
      url,
      getToken: async () => 'tok',
      signal: new AbortController().signal,
      onEvent: (e) => seen.push(e),
      backoff: fast,
    });
    expect(result).toEqual({ kind: 'ended', terminal: true, lastSeq: 4 });
    expect(seen.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(lastIds).toEqual([undefined, '2']);
    expect(auth).toEqual(['Bearer tok', 'Bearer tok']);
  });

  it('asks for a fresh token once after a 401', async () => {
    const url = await serve((req, res) => {
      if (req.headers.authorization !== 'Bearer fresh') return void res.writeHead(401).end('{}');
      sse(res);
      res.end(frame(1, 'run.stopped'));
    });
    const forced: boolean[] = [];
    const result = await followRunStream({
      url,
      getToken: async (force) => {
        forced.push(!!force);
        return force ? 'fresh' : 'stale';
      },
      signal: new AbortController().signal,
      onEvent: () => undefined,
      backoff: fast,
    });
    expect(result.kind).toBe('ended');
    expect(forced).toEqual([false, true]);
  });

  it('gives up on a refusal at once, and on a dead server after the retries', async () => {
    const url = await serve((_req, res, n) => {
      if (n === 0) return void res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Run not found.' }));
      res.writeHead(503).end('{}');
    });
    const opts = { url, getToken: async () => 't', signal: new AbortController().signal, onEvent: () => undefined, backoff: fast };
    expect(await followRunStream(opts)).toEqual({ kind: 'failed', status: 404, message: 'Run not found.', lastSeq: 0 });
    const second = await followRunStream({ ...opts, after: 3 });
    expect(second).toMatchObject({ kind: 'failed', status: 503, lastSeq: 3 });
  });

  it('ends without a terminal event on a clean empty stream (nothing after the given seq), and stops when aborted', async () => {
    const url = await serve((_req, res, n) => {
      sse(res);
      if (n === 0) return void res.end('retry: 2000\n\n');
      res.write(frame(1, 'run.started'));
    });
    expect(await followRunStream({ url, getToken: async () => null, after: 9, signal: new AbortController().signal, onEvent: () => undefined })).toEqual({
      kind: 'ended',
      terminal: false,
      lastSeq: 9,
    });
    const ctrl = new AbortController();
    const done = followRunStream({ url, getToken: async () => null, signal: ctrl.signal, onEvent: () => ctrl.abort() });
    expect(await done).toEqual({ kind: 'aborted', lastSeq: 1 });
  });
});
