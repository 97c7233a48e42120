// npm run bench:functions — an app's server function called through the API (in-process, PGlite) on
// its preview origin: the cold start (a new version's first call starts its workerd process), the
// warm call (p50, p99) and calls per second per core with CONCURRENT callers. Baselines in the same
// run: a plain workerd process serving a hello Worker on a Unix socket, from spawn to its first
// answer (cold) and per request (warm). --short: fewer runs and a shorter load.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { appVisitor, createTestApp, newProject, previewCookie } from '@sprout/api/testing';
import { isMain, median, ms, percentile, SHORT, timed, times, type Row } from './summary';

const RUNS = Number(process.env.BENCH_RUNS ?? (SHORT ? 3 : 8));
const WARM = SHORT ? 50 : 300;
const LOAD_MS = SHORT ? 2_000 : 6_000;
const CONCURRENT = 8;

export interface FunctionsBench {
  coldMs: number;
  warmP50Ms: number;
  warmP99Ms: number;
  callsPerSecondPerCore: number;
  plainColdMs: number;
  plainWarmP50Ms: number;
  plainWarmP99Ms: number;
  /** The same app backend's GET auth/me (the caller resolved, no function): p50. */
  backendP50Ms: number;
  /** Calls that did not answer 200 (each should). */
  failures: number;
}

const request = (socketPath: string) =>
  new Promise<number>((resolve, reject) => {
    const req = http.request({ socketPath, path: '/', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });

/** A plain workerd with one hello Worker: what any function runtime on workerd costs at least. */
async function plainWorkerd(): Promise<{ coldMs: number; warm: number[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wd-'));
  const socket = path.join(dir, 's.sock');
  writeFileSync(path.join(dir, 'hello.js'), 'export default { fetch() { return new Response("hi"); } };');
  writeFileSync(
    path.join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";\nconst config :Workerd.Config = (services = [(name = "hello", worker = (compatibilityDate = "2025-06-01", modules = [(name = "hello.js", esModule = embed "hello.js")]))], sockets = [(name = "s", address = "unix:${socket}", http = (), service = "hello")]);\n`,
  );
  const binary = createRequire(import.meta.url).resolve(`@cloudflare/workerd-${process.platform}-${process.arch === 'x64' ? '64' : process.arch}/bin/workerd`);
  const started = performance.now();
  const child = spawn(binary, ['serve', path.join(dir, 'config.capnp')], { stdio: 'ignore' });
  try {
    for (;;) {
      const status = await request(socket).catch(() => 0);
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    const coldMs = performance.now() - started;
    const warm: number[] = [];
    for (let i = 0; i < WARM; i++) warm.push(await timed(() => request(socket)));
    return { coldMs, warm };
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runFunctionsBench(): Promise<FunctionsBench> {
  const plainCold: number[] = [];
  let plainWarm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const plain = await plainWorkerd();
    plainCold.push(plain.coldMs);
    plainWarm = plain.warm;
  }
  const t = await createTestApp({ LOG_LEVEL: 'warn', APP_REQUESTS_PER_MINUTE: '1000000' });
  try {
    const owner = await t.register();
    const sproutId = await newProject(t, owner);
    const { host, cookie } = await previewCookie(t, owner, sproutId);
    const visitor = appVisitor(t, host, cookie);
    let failures = 0;
    const call = async () => {
      const res = await visitor.call('GET', 'functions/hello');
      if (res.statusCode !== 200) failures++;
    };
    const cold: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A new version each time: its first call starts a process of its own.
      const sprout = (await t.api('GET', `/v1/sprouts/${sproutId}`, { token: owner.idToken })).json();
      const content = `export default () => ({ hello: 'world', version: ${i} });`;
      await t.api('PUT', `/build/v1/sprouts/${sproutId}/files`, {
        token: owner.idToken,
        body: { path: 'functions/hello.ts', content, baseVersionId: sprout.currentVersionId },
      });
      cold.push(await timed(call));
    }
    const warm: number[] = [];
    const backend: number[] = [];
    for (let i = 0; i < WARM; i++) {
      warm.push(await timed(call));
      backend.push(await timed(() => visitor.call('GET', 'auth/me')));
    }
    let calls = 0;
    const until = performance.now() + LOAD_MS;
    const wall = await timed(() =>
      Promise.all(
        Array.from({ length: CONCURRENT }, async () => {
          while (performance.now() < until) {
            await call();
            calls++;
          }
        }),
      ),
    );
    // The API process and the app's workerd process share the machine's cores.
    const cores = os.availableParallelism();
    return {
      coldMs: median(cold),
      warmP50Ms: percentile(warm, 50),
      warmP99Ms: percentile(warm, 99),
      callsPerSecondPerCore: calls / (wall / 1000) / cores,
      plainColdMs: median(plainCold),
      plainWarmP50Ms: percentile(plainWarm, 50),
      plainWarmP99Ms: percentile(plainWarm, 99),
      backendP50Ms: percentile(backend, 50),
      failures,
    };
  } finally {
    await t.close();
  }
}

export function functionsRows(r: FunctionsBench): Row[] {
  return [
    {
      measure: 'function: cold start (new version, first call) vs plain workerd start',
      ours: ms(r.coldMs),
      baseline: ms(r.plainColdMs),
      ratio: times(r.coldMs / r.plainColdMs),
      budget: '≤ 500 ms',
      ok: r.coldMs <= 500,
    },
    {
      measure: 'function: warm call p50 (through the API) vs plain workerd request',
      ours: ms(r.warmP50Ms),
      baseline: ms(r.plainWarmP50Ms),
      ratio: times(r.warmP50Ms / r.plainWarmP50Ms),
      budget: '≤ 15 ms',
      ok: r.warmP50Ms <= 15,
    },
    {
      measure: 'function: warm call p99 vs plain workerd request p99',
      ours: ms(r.warmP99Ms),
      baseline: ms(r.plainWarmP99Ms),
      ratio: times(r.warmP99Ms / r.plainWarmP99Ms),
      budget: '—',
      ok: null,
    },
    {
      measure: 'function: warm call p50 vs the app backend’s own GET auth/me p50',
      ours: ms(r.warmP50Ms),
      baseline: ms(r.backendP50Ms),
      ratio: times(r.warmP50Ms / r.backendP50Ms),
      budget: '—',
      ok: null,
    },
    {
      measure: `function: calls per second per core (${CONCURRENT} callers)`,
      ours: r.callsPerSecondPerCore.toFixed(0),
      baseline: '',
      ratio: '',
      budget: '—',
      ok: null,
    },
  ];
}

if (isMain(import.meta.url)) {
  console.log(`\nApp functions: ${RUNS} cold starts, ${WARM} warm calls, ${LOAD_MS / 1000} s of load with ${CONCURRENT} callers`);
  const r = await runFunctionsBench();
  for (const row of functionsRows(r)) console.log(`  ${row.measure}: ${row.ours}${row.baseline ? ` (baseline ${row.baseline}, ${row.ratio})` : ''}`);
  if (r.failures > 0) {
    console.error(`FAILED: ${r.failures} calls did not answer 200`);
    process.exitCode = 1;
  }
}
