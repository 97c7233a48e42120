import { spawn } from 'node:child_process';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { gitEnv } from './run-git';

const HTTP_BACKEND = '/usr/lib/git-core/git-http-backend';
/** A clone or push that has not finished in this time is stopped. */
const TIME_LIMIT_MS = 10 * 60_000;

export interface BackendCall {
  root: string;
  /** The path under the root, e.g. `/abc.git/info/refs`. */
  pathInfo: string;
  userId: string;
  allowPush: boolean;
  /** The most request-body bytes taken (as sent: compressed when it is). */
  maxBodyBytes: number;
  env?: Record<string, string>;
}

function headerOf(req: FastifyRequest, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

/** Splits CGI output's header block from its body; null until the blank line has come. */
function splitHeaders(buf: Buffer): { status: number; headers: Record<string, string>; rest: Buffer } | null {
  const crlf = buf.indexOf('\r\n\r\n');
  const lf = buf.indexOf('\n\n');
  const end = crlf !== -1 && (lf === -1 || crlf < lf) ? crlf : lf;
  if (end === -1) return null;
  const headers: Record<string, string> = {};
  let status = 200;
  for (const line of buf.subarray(0, end).toString('latin1').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'status') status = Number.parseInt(value, 10) || 500;
    else headers[name] = value;
  }
  return { status, headers, rest: buf.subarray(end + (end === crlf ? 4 : 2)) };
}

/**
 * Answers a smart-HTTP git request with git's own `git http-backend`, run as a CGI child: the request
 * body is streamed in (up to `maxBodyBytes`), its header block parsed, the rest streamed out.
 */
export function runHttpBackend(req: FastifyRequest, reply: FastifyReply, call: BackendCall): Promise<void> {
  const protocol = headerOf(req, 'git-protocol');
  const encoding = headerOf(req, 'content-encoding');
  const env = gitEnv({
    GIT_PROJECT_ROOT: call.root,
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: call.pathInfo,
    QUERY_STRING: req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '',
    REQUEST_METHOD: req.method,
    CONTENT_TYPE: headerOf(req, 'content-type') ?? '',
    REMOTE_USER: call.userId,
    REMOTE_ADDR: req.ip,
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'http.receivepack',
    GIT_CONFIG_VALUE_0: call.allowPush ? 'true' : 'false',
    ...(protocol && /^[\w=:.]+$/.test(protocol) ? { GIT_PROTOCOL: protocol } : {}),
    ...(encoding && /^(gzip|x-gzip)$/i.test(encoding) ? { HTTP_CONTENT_ENCODING: encoding } : {}),
    ...call.env,
  });
  const child = spawn(HTTP_BACKEND, [], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const timer = setTimeout(() => child.kill('SIGKILL'), TIME_LIMIT_MS);
  reply.hijack();
  const res = reply.raw;
  let tooLarge = false;
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    if (stderr.length < 4000) stderr += d.toString('utf8');
  });
  child.stdin.on('error', () => undefined);
  const body = req.body as Readable | undefined;
  if (body && typeof body.pipe === 'function') {
    let taken = 0;
    body.on('data', (chunk: Buffer) => {
      taken += chunk.length;
      if (taken > call.maxBodyBytes && !tooLarge) {
        tooLarge = true;
        body.unpipe(child.stdin);
        child.kill('SIGKILL');
      }
    });
    body.pipe(child.stdin);
  } else child.stdin.end();

  return new Promise((resolve) => {
    let head: Buffer = Buffer.alloc(0);
    let started = false;
    child.stdout.on('data', (d: Buffer) => {
      if (started) return void res.write(d);
      head = Buffer.concat([head, d]);
      const parsed = splitHeaders(head);
      if (!parsed) return;
      started = true;
      res.writeHead(parsed.status, { ...parsed.headers, 'x-content-type-options': 'nosniff' });
      if (parsed.rest.length) res.write(parsed.rest);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (!started) {
        const [status, message] = tooLarge
          ? [413, `This push is larger than ${Math.round(call.maxBodyBytes / 1024 / 1024)} MB. Push fewer or smaller files.`]
          : [500, 'Sprout could not answer this git request. Please try again.'];
        if (!tooLarge) req.log.error({ code, stderr }, 'git http-backend gave no answer');
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`${message}\n`);
      } else res.end();
      if (stderr && started) req.log.info({ stderr: stderr.slice(0, 1000) }, 'git http-backend said');
      resolve();
    });
  });
}
