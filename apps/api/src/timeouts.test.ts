import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '1' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t?.close();
});

describe('request timeouts', () => {
  it('answers 408 and closes a request whose body trickles in, over a real socket', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString();
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('POST /v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"e');
    // The rest never comes: the server must end the request on its own.
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('leaves a request that arrives in time alone', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    expect(res.status).toBe(200);
  });
});
