import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Prebundled preview packages, shared by every API these tests start (built once per machine). */
export const SHARED_PREVIEW_CACHE = path.join(tmpdir(), 'sprout-reliability-preview-cache');

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

export interface ApiProcess {
  port: number;
  url: string;
  child: ChildProcess;
  logs(): string;
  /** SIGKILL: no shutdown hooks, no flushing — a crash. Resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM and wait (graceful shutdown), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** The real API (`apps/api/src/main.ts`) as a child process on a free port, ready when /health answers. */
export async function startApi(env: Record<string, string>, port?: number): Promise<ApiProcess> {
  const p = port ?? (await freePort());
  mkdirSync(SHARED_PREVIEW_CACHE, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      API_PORT: String(p),
      API_HOST: '127.0.0.1',
      API_URL: `http://localhost:${p}`,
      PASSWORD_HASH_COST: '10',
      LOG_LEVEL: 'warn',
      PREVIEW_CACHE_DIR: SHARED_PREVIEW_CACHE,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-50_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${url}/health`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API did not become healthy within 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port: p,
    url,
    child,
    logs: () => log,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}

/** A small HTTP client for one API, bearer token optional. */
export function client(base: string) {
  return async function call<T = any>(method: string, url: string, opts: { token?: string; body?: unknown } = {}): Promise<{ status: number; json: T; headers: Headers }> {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
  };
}

export interface SseEvent {
  seq: number;
  type: string;
  at: string;
  data: any;
  /** When this process received it. */
  receivedAt: number;
}

/**
 * Follows a run's events over real HTTP (fetch streaming, as the web app does) until the stream
 * ends; `onEvent` sees each as it arrives.
 */
export async function followSse(base: string, token: string, runId: string, onEvent?: (e: SseEvent) => void, signal?: AbortSignal): Promise<SseEvent[]> {
  const res = await fetch(`${base}/build/v1/runs/${runId}/events`, { headers: { authorization: `Bearer ${token}` }, signal });
  if (res.status !== 200 || !res.body) throw new Error(`events answered ${res.status}`);
  const out: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame.split('\n').find((l) => l.startsWith('data: '));
      if (!data) continue;
      const e = { ...(JSON.parse(data.slice(6)) as Omit<SseEvent, 'receivedAt'>), receivedAt: Date.now() };
      out.push(e);
      onEvent?.(e);
    }
  }
  return out;
}

export async function waitUntil<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 30_000, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
