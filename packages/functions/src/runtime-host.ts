import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Deployment, FunctionRuntime, type FunctionRuntimeOptions } from './function-runtime';
import { DEPLOYMENT_UNKNOWN, fromWireRequest, toWireOutcome, type WireCall } from './wire';

export interface RuntimeHostOptions extends Omit<FunctionRuntimeOptions, 'bridge'> {
  /** The shared secret both directions present (FUNCTIONS_TOKEN). */
  token: string;
  /** Where a function's ctx.db requests go: the API's bridge route (any instance answers: the call token is signed). */
  bridgeUrl: string;
  port: number;
  host: string;
}

export interface RuntimeHost {
  url: string;
  close(): Promise<void>;
}

// A call with its deployment's code is ~the size of the bundles; a request body at most the largest plan's limit.
const MAX_CALL_BYTES = 32 * 1024 * 1024;

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function readJson(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_CALL_BYTES) req.destroy(new Error('too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

/**
 * The functions runtime as a process of its own, for an operator who places it on another machine
 * (SPROUT_ROLE=functions): the API sends each call over HTTP with a shared token, and the host sends
 * a function's ctx.db requests back to the API's bridge route. Each app key's latest deployment is
 * kept, so a call names its version and carries the code only when the host answers that it lacks it.
 */
export async function startRuntimeHost(o: RuntimeHostOptions): Promise<RuntimeHost> {
  const runtime = await FunctionRuntime.start({
    ...o,
    bridge: async (callToken, request) => {
      const res = await fetch(o.bridgeUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${o.token}`, 'x-sprout-call': callToken, 'content-type': 'application/json' },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null);
      if (!res) return { status: 503, body: { code: 'unavailable', message: 'Sprout could not be reached. Try again in a moment.' } };
      return { status: res.status, body: await res.json().catch(() => null) };
    },
  });
  const deployments = new Map<string, Deployment>();
  const server = http.createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && req.url === '/v1/health') return reply(200, { ok: true });
    if (req.method !== 'POST' || req.url !== '/v1/calls') return reply(404, { code: 'not_found', message: 'No such route.' });
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!given || !sameSecret(given, o.token)) return reply(401, { code: 'unauthenticated', message: 'This host answers its API only.' });
    let call: WireCall;
    try {
      call = (await readJson(req)) as WireCall;
    } catch {
      return reply(400, { code: 'invalid_request', message: 'A call is one JSON object.' });
    }
    const { deployment } = call;
    if (deployment.functions) deployments.set(deployment.key, deployment as Deployment);
    const known = deployments.get(deployment.key);
    if (!known || known.version !== deployment.version) return reply(409, { code: DEPLOYMENT_UNKNOWN, message: 'Send this version’s code.' });
    const outcome = await runtime.call(known, call.name, fromWireRequest(call.request), call.limits);
    reply(200, toWireOutcome(outcome));
  });
  await new Promise<void>((resolve) => server.listen(o.port, o.host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await runtime.close();
    },
  };
}
