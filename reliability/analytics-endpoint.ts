import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AnalyticsEndpoint {
  url: string;
  /** The next this many batches are answered 503. */
  failNext: number;
  /** Every answer given, in order. */
  answers: number[];
  /** The messageIds of each batch taken. */
  accepted: string[][];
  close(): Promise<void>;
}

/** A Segment-compatible batch endpoint on 127.0.0.1 that can fail for a while. */
export async function startAnalyticsEndpoint(): Promise<AnalyticsEndpoint> {
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const status = endpoint.failNext > 0 ? 503 : 200;
      if (status === 503) endpoint.failNext--;
      else endpoint.accepted.push((JSON.parse(data) as { batch: { messageId: string }[] }).batch.map((e) => e.messageId));
      endpoint.answers.push(status);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const endpoint: AnalyticsEndpoint = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/batch`,
    failNext: 0,
    answers: [],
    accepted: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return endpoint;
}
