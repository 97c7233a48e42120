import http from 'node:http';

export interface UnixRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | null;
  signal?: AbortSignal;
  /** A reply longer than this ends the request with ReplyTooLarge. */
  maxBytes: number;
}

export class ReplyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The reply is larger than ${maxBytes} bytes.`);
  }
}

/** One HTTP request over a Unix socket (workerd's sockets here are never on the network). */
export function unixRequest(socketPath: string, r: UnixRequest): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, method: r.method, path: r.path, headers: r.headers, signal: r.signal, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > r.maxBytes) {
          req.destroy(new ReplyTooLarge(r.maxBytes));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(r.body ?? undefined);
  });
}
