import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { forwardBatch, forwardSettles, type ForwardBatch } from './forward-events';

const BATCH: ForwardBatch = {
  userId: null,
  events: [{ messageId: 'm-1', name: 'Page Viewed', properties: { path: '/' }, timestamp: '2026-11-30T12:00:00.000Z', anonymousId: 'anon-9' }],
};

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** An endpoint on 127.0.0.1 answering every request with `status`; what it received is kept. */
async function endpoint(status: number): Promise<{ url: string; bodies: unknown[] }> {
  const bodies: unknown[] = [];
  server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      bodies.push(JSON.parse(data));
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/batch`, bodies };
}

describe('forwarding one batch', () => {
  it('sends a visitor’s events as track calls under their anonymous id', async () => {
    const e = await endpoint(200);
    expect(await forwardBatch({ url: e.url, writeKey: 'wk' }, BATCH)).toEqual({ ok: true });
    expect(e.bodies).toEqual([
      {
        batch: [
          { type: 'track', event: 'Page Viewed', properties: { path: '/' }, messageId: 'm-1', timestamp: '2026-11-30T12:00:00.000Z', anonymousId: 'anon-9' },
        ],
      },
    ]);
  });

  it('asks to be tried later when the endpoint fails or limits, and not when it refuses the batch', async () => {
    for (const [status, later] of [
      [503, true],
      [500, true],
      [429, true],
      [400, false],
      [401, false],
    ] as const) {
      const e = await endpoint(status);
      expect(await forwardBatch({ url: e.url, writeKey: 'wk' }, BATCH)).toEqual({ ok: false, later, status });
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });

  it('asks to be tried later when nothing answers', async () => {
    const e = await endpoint(200);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const result = await forwardBatch({ url: e.url, writeKey: 'wk' }, BATCH);
    expect(result).toMatchObject({ ok: false, later: true });
    expect(result.ok === false && result.status).toBeUndefined();
  });
});

describe('judging one attempt', () => {
  it('settles a batch taken or refused for good (saying why it was refused), and not one the endpoint failed', async () => {
    for (const [status, settles, said] of [
      [200, true, []],
      [400, true, ['analytics forward refused']],
      [503, false, ['analytics forward failed']],
    ] as const) {
      const warnings: string[] = [];
      const e = await endpoint(status);
      expect(await forwardSettles({ url: e.url, writeKey: 'wk' }, BATCH, { warn: (_o, msg) => warnings.push(msg) })).toBe(settles);
      expect(warnings).toEqual(said);
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });
});
