import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, name: string, log: () => string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs} ms:\n${log()}`);
}

export interface RunningProduct {
  webUrl: string;
  apiUrl: string;
  apiPort: number;
  webPort: number;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The whole product for browser tests: the real API on a fresh database (embedded PGlite in a temp
 * directory, or PostgreSQL when DATABASE_URL is set) and the built web app, on free ports.
 */
export async function startProduct(extraEnv: Record<string, string> = {}): Promise<RunningProduct> {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sprout-e2e-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    API_URL: `http://localhost:${apiPort}`,
    WEB_URL: `http://localhost:${webPort}`,
    DATA_DIR: dataDir,
    PASSWORD_HASH_COST: '10',
    LOG_LEVEL: 'warn',
    // The web app's own host must be an allowed sign-in redirect destination on a random port.
    PRODUCT_HOST: `localhost:${webPort}`,
    STAFF_EMAILS: 'staff@e2e.test',
    // NODE_ENV is production here; the suite still buys plans through the test checkout.
    BILLING_TEST_MODE: 'true',
    ...extraEnv,
  };
  const logs: Record<string, string> = { api: '', web: '' };
  const start = (name: 'api' | 'web', cmd: string, args: string[], cwd: string) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      logs[name] = (logs[name] + chunk.toString()).slice(-20_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    return child;
  };
  const api = start('api', process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], ROOT);
  await waitFor(`http://127.0.0.1:${apiPort}/health`, api, 'api', () => logs.api!);
  const web = start('web', process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', String(webPort)], path.join(ROOT, 'apps/web'));
  try {
    await waitFor(`http://127.0.0.1:${webPort}/terms`, web, 'web', () => logs.web!);
  } catch (err) {
    // Never leave the API running behind a web app that failed to start.
    for (const child of [web, api]) if (child.exitCode === null) child.kill('SIGKILL');
    throw err;
  }
  return {
    webUrl: `http://localhost:${webPort}`,
    apiUrl: `http://localhost:${apiPort}`,
    apiPort,
    webPort,
    dataDir,
    async stop() {
      for (const child of [web, api]) {
        if (child.exitCode !== null) continue;
        child.kill('SIGTERM');
        await new Promise((r) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL');
            r(null);
          }, 5000);
          child.on('exit', () => {
            clearTimeout(t);
            r(null);
          });
        });
      }
    },
  };
}
