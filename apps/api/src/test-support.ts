import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { createTestDb } from '@sprout/db/testing';
import type { DbHandle } from '@sprout/db';
import { loadConfig } from './config';
import { buildApp } from './app';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: DbHandle;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
  register(overrides?: Partial<{ email: string; password: string; displayName: string }>): Promise<Session>;
  api(method: string, url: string, opts?: { token?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
}

export interface Session {
  idToken: string;
  refreshToken: string;
  user: { id: string; email: string; displayName: string; tier: string; roles: string[] };
}

let counter = 0;

/** One real app on a real database (PGlite in memory, or a fresh PostgreSQL database when DATABASE_URL is set). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDb();
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
      done();
    },
  });
  const config = loadConfig({ PASSWORD_HASH_COST: '10', LOG_LEVEL: 'info', ...env });
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
    },
    async register(overrides = {}) {
      counter += 1;
      const res = await api('POST', '/v1/auth/register', {
        body: {
          email: `user${counter}-${Date.now()}@example.com`,
          password: 'correct horse battery',
          displayName: `User ${counter}`,
          ...overrides,
        },
      });
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      return res.json() as Session;
    },
  };
}
