import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { followRun, parseRunEvents } from './sse';

const frame = (seq: number, type: string, data: unknown, id = String(seq)) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify({ runId: 'r1', seq, type, at: '2026-01-01T00:00:00.000Z', data })}\n\n`;

describe('run events', () => {
  it('parse from a whole stream, comments and the retry field aside', () => {
    const body = `retry: 2000\n\n: ping\n\n${frame(1, 'run.started', { runId: 'r1' })}${frame(2, 'text.delta', { text: 'hi' })}`;
    expect(parseRunEvents(body).map((e) => [e.seq, e.type])).toEqual([
      [1, 'run.started'],
      [2, 'text.delta'],
    ]);
  });

  it('refuse a frame whose id is not the event’s seq (a reconnect would resume from the wrong place)', () => {
    expect(() => parseRunEvents(frame(3, 'text.delta', { text: 'x' }, '2'))).toThrow("SSE frame id 2 is not the event's seq 3");
  });

  it('are followed over HTTP, split anywhere, until the stream ends or `until` accepts one', async () => {
    const body = [frame(1, 'run.started', {}), frame(2, 'text.delta', { text: 'a' }), frame(3, 'run.finished', {})].join('');
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-last-event-id': String(req.headers['last-event-id'] ?? '') });
      // Three bytes at a time: frames, lines and fields split across chunks.
      let i = 0;
      const next = () => (i < body.length ? res.write(body.slice(i, (i += 3)), next) : res.end());
      next();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const all = await followRun(url, 'token', 'r1', { lastEventId: 0 });
      expect(all.events.map((e) => e.seq)).toEqual([1, 2, 3]);
      expect(all.headers.get('x-last-event-id')).toBe('0');
      const seen: number[] = [];
      const some = await followRun(url, 'token', 'r1', { onEvent: (e) => void seen.push(e.seq), until: (e) => e.type === 'text.delta' });
      expect(some.events.map((e) => e.type)).toEqual(['run.started', 'text.delta']);
      expect(seen).toEqual([1, 2]);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('fail past `within`, naming the run and the last event, and close the stream', async () => {
    let closed!: () => void;
    const gone = new Promise<void>((r) => (closed = r));
    // One event, then nothing: a stream that never ends.
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(frame(1, 'run.started', {}));
      req.socket.on('close', closed);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expect(followRun(url, 'token', 'r9', { within: 50 })).rejects.toThrow(
        /the events of run r9 did not end within \d+ ms \((1 received, the last: 1 run.started|0 received, the last: none)\)/,
      );
      await gone;
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
