import { rm } from 'node:fs/promises';
import http from 'node:http';

/** What a function asked Sprout for (ctx.db), with the token its call carried. */
export type BridgeHandler = (token: string, request: unknown) => Promise<{ status: number; body: unknown }>;

const MAX_BODY = 2 * 1024 * 1024;

/**
 * The one way back from a function to Sprout: an HTTP server on a Unix socket that only the workerd
 * processes are configured to reach (as the `SPROUT` binding; no function can open a socket itself).
 * Each request carries its call's token, which says whose data it may touch.
 */
export async function startBridge(socketPath: string, handle: BridgeHandler): Promise<{ close(): Promise<void> }> {
  await rm(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (req.method !== 'POST' || !token) return reply(404, { code: 'not_found', message: 'Unknown request.' });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY) return reply(413, { code: 'too_large', message: 'A data request may be at most 2 MB.' });
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return reply(400, { code: 'invalid_request', message: 'The data request is not JSON.' });
      }
      handle(token, body).then(
        (out) => reply(out.status, out.body),
        () => reply(500, { code: 'internal', message: 'The data request failed.' }),
      );
    });
  });
  server.listen(socketPath);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
