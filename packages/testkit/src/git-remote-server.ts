import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const HTTP_BACKEND = '/usr/lib/git-core/git-http-backend';

export interface GitRemoteServer {
  /** `http://127.0.0.1:<port>/<name>.git` of a bare repository this server holds (made by `createRepo`). */
  urlOf(name: string): string;
  /** The folder holding its bare repositories (`<name>.git`), for a test to change one as a host's settings would. */
  root: string;
  /** Makes an empty bare repository `<name>.git` (default branch `main`). */
  createRepo(name: string): Promise<string>;
  /** Every Authorization header this server was sent, in order (to check what a client sent). */
  authorizations: string[];
  close(): Promise<void>;
}

const git = (args: string[], cwd?: string) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn('git', args, { cwd, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git ${args[0]} failed (${code})`))));
  });

/** True when the request carries HTTP Basic credentials whose password is `token` (any user name, as GitHub takes). */
function authorized(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return false;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  return decoded.slice(decoded.indexOf(':') + 1) === token;
}

function serve(root: string, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const child = spawn(HTTP_BACKEND, [], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: req.method ?? 'GET',
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      REMOTE_USER: 'tester',
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'http.receivepack',
      GIT_CONFIG_VALUE_0: 'true',
      ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
      ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
    },
  });
  req.pipe(child.stdin);
  // git may answer and exit before it reads the whole request (a refusal): a broken pipe then is its answer, not an error.
  child.stdin.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') res.destroy(err);
  });
  let head = Buffer.alloc(0);
  let started = false;
  child.stdout.on('data', (d: Buffer) => {
    if (started) return void res.write(d);
    head = Buffer.concat([head, d]);
    const end = head.indexOf('\r\n\r\n');
    if (end === -1) return;
    started = true;
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon === -1) continue;
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else headers[name] = value;
    }
    res.writeHead(status, headers);
    res.write(head.subarray(end + 4));
  });
  child.on('close', () => {
    if (!started) res.writeHead(500);
    res.end();
  });
}

/** A read (a clone or fetch): git's upload-pack, never a push. */
const isRead = (req: IncomingMessage) => {
  const url = new URL(req.url ?? '/', 'http://x');
  return url.pathname.endsWith('/git-upload-pack') || url.searchParams.get('service') === 'git-upload-pack';
};

/**
 * A git server as GitHub is one, for tests: smart HTTP by git's own `git http-backend`, on
 * 127.0.0.1, with every request (reads too, as a private repository) requiring HTTP Basic
 * credentials whose password is `token`; with `publicReads`, clones and fetches need none (public
 * repositories), pushes still do.
 */
export async function startGitRemoteServer(token: string, { publicReads = false }: { publicReads?: boolean } = {}): Promise<GitRemoteServer> {
  const root = await mkdtemp(path.join(tmpdir(), 'sprout-git-remote-'));
  const authorizations: string[] = [];
  const server = createServer((req, res) => {
    if (req.headers.authorization) authorizations.push(req.headers.authorization);
    if (!(publicReads && isRead(req)) && !authorized(req, token)) {
      req.resume();
      res.writeHead(401, { 'www-authenticate': 'Basic realm="test"' });
      return void res.end();
    }
    serve(root, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    root,
    urlOf: (name) => `http://127.0.0.1:${port}/${name}.git`,
    createRepo: async (name) => {
      const dir = path.join(root, `${name}.git`);
      await git(['init', '--quiet', '--bare', '--initial-branch=main', dir]);
      return dir;
    },
    authorizations,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}
