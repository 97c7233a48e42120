import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { createTestDb } from '@sprout/db/testing';
import type { DbHandle } from '@sprout/db';
import { PASSWORD, type TestAccount } from '@sprout/testkit';
import { useFixture } from '@sprout/testkit/vitest';
import { loadConfig } from '../config';
import { buildApp } from '../app';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: DbHandle;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
  /** Listens on a free port of 127.0.0.1 (for tests over real HTTP) and returns the base URL. */
  /** Serves the app on a socket of 127.0.0.1 (`port`: a free one by default) and resolves with its address. */
  listen(port?: number): Promise<string>;
  /** Signs up a new person (a unique address unless given); fails unless the API answers 201. */
  register(overrides?: Partial<{ email: string; password: string; displayName: string }>): Promise<TestAccount>;
  api(method: string, url: string, opts?: { token?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
}

let counter = 0;

/** One real app on a real database (PGlite in memory, or a fresh PostgreSQL database when DATABASE_URL is set). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDb();
  // The app's file store on disk: a folder of its own, removed with it (never the repository's ./data).
  const filesDir = env.FILE_STORE_DIR ? null : await mkdtemp(path.join(tmpdir(), 'sprout-files-'));
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
      done();
    },
  });
  // The type check's time limit guards a live server; a test on a busy machine checks its result, not its speed.
  // Tests register many people and send many events from one address: those limits are tested on their own.
  const config = loadConfig({
    PASSWORD_HASH_COST: '10',
    LOG_LEVEL: 'info',
    TYPECHECK_TIMEOUT_SECONDS: '300',
    // Opening every candidate in Chromium is tested where it is the subject (src/checks, RENDER_CHECK=on);
    // elsewhere it would add a browser per test file and a second or more per run.
    RENDER_CHECK: 'off',
    // Prerendering at publish likewise (publishing/prerender.browser.test.ts, PRERENDER=on).
    PRERENDER: 'off',
    REGISTER_MAX_PER_IP: '1000000',
    REGISTER_MAX_PER_HOUR: '1000000',
    INTAKE_PER_MINUTE: '1000000',
    INTAKE_PER_MINUTE_ANONYMOUS: '1000000',
    ...(filesDir ? { FILE_STORE_DIR: filesDir } : {}),
    ...env,
  });
  const app = await buildApp({ config, db, logger: { level: 'info', stream } });
  await app.ready();

  const api: TestApp['api'] = (method, url, opts = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      payload: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
    });

  return {
    app,
    db,
    logs,
    api,
    async close() {
      await app.close();
      await db.close();
      if (filesDir) await rm(filesDir, { recursive: true, force: true });
    },
    async listen(port = 0) {
      await app.listen({ port, host: '127.0.0.1' });
      return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    },
    async register(overrides = {}) {
      counter += 1;
      const body = { email: `user${counter}-${Date.now()}@example.com`, password: PASSWORD, displayName: `User ${counter}`, ...overrides };
      const res = await api('POST', '/v1/auth/register', { body });
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      return { ...res.json(), password: body.password };
    },
  };
}

/** The test file's app: created before its tests (`env` read then), closed after them. */
export function useTestApp(env: Record<string, string> | (() => Record<string, string>) = {}): TestApp {
  return useFixture(
    'the test app',
    () => createTestApp(typeof env === 'function' ? env() : env),
    (t) => t.close(),
  );
}
