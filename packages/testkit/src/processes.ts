import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';
import { waitUntil } from './wait';

/** The repository's root directory. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Prebundled preview packages, shared by the API processes that ask for it (built once per machine). */
export const SHARED_PREVIEW_CACHE = path.join(tmpdir(), 'sprout-test-preview-cache');

export interface ServerProcess {
  child: ChildProcess;
  /** The last 50 KB of what it wrote to stdout and stderr. */
  logs(): string;
  /** SIGKILL: no shutdown hooks, no flushing (a crash). Resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM and wait (graceful shutdown); SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/**
 * Spawns `command` and resolves once `readyUrl` answers below 500 (`readyStatus` for an exact
 * status). Fails with the process's output when it exits first or is not ready within `timeout`
 * ms, and then leaves nothing running.
 */
export async function startServer(options: {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env: NodeJS.ProcessEnv;
  readyUrl: string;
  readyStatus?: number;
  timeout?: number;
}): Promise<ServerProcess> {
  const child = spawn(options.command, options.args, { cwd: options.cwd ?? ROOT, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-50_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const server: ServerProcess = {
    child,
    logs: () => log,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited(child);
      clearTimeout(timer);
    },
  };
  // A process that exits while starting fails the start at once, not when the wait times out.
  let onExit: () => void = () => {};
  const exitedEarly = new Promise<never>((_, reject) => {
    onExit = () => reject(new Exited(`${options.name} exited with ${child.exitCode ?? child.signalCode}`));
    child.once('close', onExit);
  });
  try {
    await Promise.race([
      exitedEarly,
      waitUntil(
        async () => {
          const res = await fetch(options.readyUrl).catch(() => null);
          await res?.body?.cancel();
          return res && (options.readyStatus === undefined ? res.status < 500 : res.status === options.readyStatus);
        },
        { what: `${options.name} to answer ${options.readyUrl}`, timeout: options.timeout ?? 120_000, interval: 200 },
      ),
    ]);
    child.off('close', onExit);
  } catch (err) {
    child.off('close', onExit);
    await server.kill();
    (err as Error).message += `:\n${log}`;
    throw err;
  }
  return server;
}

class Exited extends Error {}

export interface ApiProcess extends ServerProcess {
  port: number;
  /** http://127.0.0.1:{port} */
  url: string;
}

/**
 * The real API (`apps/api/src/main.ts`) as a child process on a free port (or `port`), ready when
 * /health answers 200. `env` is added to this process's environment; the API's own defaults apply
 * to the rest, with cheap password hashing and warnings-only logs. `nodeArgs` go to Node before the
 * script (the heap limit `npm start` sets, a CPU profile).
 */
/** What starts the API after Node's own options: the same in `npm start`, the tests and the container image (deploy/). */
export const API_ENTRY: readonly string[] = ['--import', 'tsx', 'apps/api/src/main.ts'];

export async function startApi(env: Record<string, string>, port?: number, nodeArgs: string[] = []): Promise<ApiProcess> {
  const p = port ?? (await freePort());
  if (env.PREVIEW_CACHE_DIR) mkdirSync(env.PREVIEW_CACHE_DIR, { recursive: true });
  const url = `http://127.0.0.1:${p}`;
  const server = await startServer({
    name: 'the API',
    command: process.execPath,
    args: [...nodeArgs, ...API_ENTRY],
    // Suites register many people and send many events from one address: a test of those limits sets its own.
    env: {
      ...process.env,
      API_PORT: String(p),
      API_URL: `http://localhost:${p}`,
      PASSWORD_HASH_COST: '10',
      LOG_LEVEL: 'warn',
      REGISTER_MAX_PER_IP: '1000000',
      REGISTER_MAX_PER_HOUR: '1000000',
      INTAKE_PER_MINUTE: '1000000',
      INTAKE_PER_MINUTE_ANONYMOUS: '1000000',
      // A test's stop means now: a reply it held open on purpose would hold a deploy's drain to its limit.
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    readyUrl: `${url}/health`,
    readyStatus: 200,
  });
  return { ...server, port: p, url };
}

/**
 * An API a test starts, kills and restarts on its own (reliability, benchmarks): test mode, bound to
 * 127.0.0.1, vendor packages prebundled once in SHARED_PREVIEW_CACHE for every such process.
 */
export function startStandaloneApi(env: Record<string, string>, port?: number, nodeArgs: string[] = []): Promise<ApiProcess> {
  return startApi({ NODE_ENV: 'test', API_HOST: '127.0.0.1', PREVIEW_CACHE_DIR: SHARED_PREVIEW_CACHE, ...env }, port, nodeArgs);
}

/** The built web app (`next start` in apps/web; NEXT_DIST_DIR picks the build) on `port`, ready when /terms answers. */
export async function startWeb(env: Record<string, string>, port: number): Promise<ServerProcess> {
  return startServer({
    name: 'the web app',
    command: process.execPath,
    args: [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port)],
    cwd: path.join(ROOT, 'apps/web'),
    // A production server needs its own session secret: one per process unless the test gives one.
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      WEB_PORT: String(port),
      SESSION_SECRETS: process.env.SESSION_SECRETS || randomBytes(32).toString('hex'),
      ...env,
    },
    readyUrl: `http://127.0.0.1:${port}/terms`,
  });
}

export interface RunningProduct {
  webUrl: string;
  apiUrl: string;
  apiPort: number;
  webPort: number;
  dataDir: string;
  api: ApiProcess;
  web: ServerProcess;
  stop(): Promise<void>;
}

/**
 * The whole product as a person meets it: the real API on a fresh database (embedded PGlite in a
 * temp directory, or PostgreSQL when DATABASE_URL is set) and the built web app, on free ports,
 * both in production mode. Staff: `staff@e2e.test`; plans are bought through the test checkout.
 * `dataFrom`: a DATA_DIR to start from (a copy of it), such as one holding a migrated database.
 */
export async function startProduct(extraEnv: Record<string, string> = {}, { dataFrom }: { dataFrom?: string } = {}): Promise<RunningProduct> {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sprout-e2e-'));
  if (dataFrom) cpSync(dataFrom, dataDir, { recursive: true });
  const env = {
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    API_URL: `http://localhost:${apiPort}`,
    WEB_URL: `http://localhost:${webPort}`,
    DATA_DIR: dataDir,
    // The web app's own host must be an allowed sign-in redirect destination on a random port.
    PRODUCT_HOST: `localhost:${webPort}`,
    STAFF_EMAILS: 'staff@e2e.test',
    // NODE_ENV is production here; the tests still buy plans through the test checkout.
    BILLING_TEST_MODE: 'true',
    // Vendor packages prebundled once for every product a suite starts (the files are the same).
    PREVIEW_CACHE_DIR: SHARED_PREVIEW_CACHE,
    ...extraEnv,
  };
  const api = await startApi(env, apiPort);
  // Never leave the API running behind a web app that failed to start.
  const web = await startWeb(env, webPort).catch(async (err: Error) => {
    await api.kill();
    throw err;
  });
  return {
    webUrl: `http://localhost:${webPort}`,
    apiUrl: `http://localhost:${apiPort}`,
    apiPort,
    webPort,
    dataDir,
    api,
    web,
    async stop() {
      await web.stop(5_000);
      await api.stop(5_000);
    },
  };
}
