import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  url: string;
  /** The backends requests go to, in turn (replaced whole: an instance joins or leaves). */
  backends: string[];
  close(): Promise<void>;
}

/**
 * A round-robin HTTP balancer on 127.0.0.1, as in front of several API instances: each request goes
 * to the next backend, and to the one after when a backend refuses the connection (a dead instance),
 * as a balancer's passive health check does. Bodies and responses stream through (run events too).
 */
export async function startBalancer(backends: string[]): Promise<Balancer> {
  let next = 0;
  const balancer: Balancer = { url: '', backends, close: async () => undefined };
  const forward = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    for (let tried = 0; tried < balancer.backends.length; tried++) {
      const target = new URL(req.url ?? '/', balancer.backends[next++ % balancer.backends.length]);
      const refused = await new Promise<boolean>((resolve) => {
        const out = request(target, { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          // A backend that dies mid-answer ends the client's answer there, as a balancer does.
          answer.on('error', () => res.destroy());
          answer.on('aborted', () => res.destroy());
          resolve(false);
        });
        out.on('error', (err: NodeJS.ErrnoException) => {
          // A kept-alive connection the backend closed as it was reused never carried the request:
          // sent again, as a balancer does (Node's documented race with `reusedSocket`).
          const stale = out.reusedSocket && err.code === 'ECONNRESET';
          if ((err.code === 'ECONNREFUSED' || stale) && !res.headersSent) resolve(true);
          else {
            res.destroy();
            resolve(false);
          }
        });
        res.on('close', () => out.destroy());
        out.end(body);
      });
      if (!refused) return;
    }
    res.writeHead(502).end('No backend answered');
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void forward(req, res, Buffer.concat(chunks)));
  });
  // Clients' kept-alive connections stay open for 75 s, as nginx's do: a client timing the server's
  // 5 s default with a coarse timer (undici's) could send on a connection closing under it.
  server.keepAliveTimeout = 75_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  balancer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  balancer.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return balancer;
}
