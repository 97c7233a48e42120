// npm run bench:load — load on loopback, bounded in time (issue 8 §5):
//  1. authenticated GET /v1/sprouts on the real API beside a raw Fastify hello route, same machine,
//     same client, same connections and duration: requests/s, p99 and the ratio;
//  2. N concurrent runs (100 by default) against a fake OpenAI-compatible model on ONE API instance,
//     each followed live over SSE: events lost (received live vs stored; must be 0), run outcomes,
//     and the API process's peak RSS.
// `--short` (CI): 3 s per target and 20 runs. The exit code reflects correctness only (events lost,
// runs that did not finish), never timing.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { FakeModelServer } from '@sprout/engine/testing';
import { APP, writeApp } from '../apps/api/src/chat/chat-test-support';
import { client, followSse, freePort, ROOT, startApi, type SseEvent } from '../reliability/api-process';

const short = process.argv.includes('--short') || process.env.BENCH_SHORT === '1';
const DURATION = Number(process.env.BENCH_DURATION ?? (short ? 3 : 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? (short ? 20 : 100));
const LISTED = 50;

function peakRssMb(pid: number): number {
  // VmHWM: the peak resident set size of the process so far.
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
  return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : -1;
}

async function hammer(name: string, url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const out = { name, requestsPerSec: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts };
  console.log(`  ${name.padEnd(34)} ${String(out.requestsPerSec).padStart(7)} req/s   p50 ${String(out.p50Ms).padStart(4)} ms   p99 ${String(out.p99Ms).padStart(4)} ms   non-2xx ${out.non2xx}   errors ${out.errors}`);
  return out;
}

async function helloServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/hello-server.ts'), String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`hello server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/hello`, stop: () => child.kill('SIGTERM') };
}

export interface LoadBenchResult {
  database: 'postgres' | 'pglite';
  raw: Awaited<ReturnType<typeof hammer>>;
  list: Awaited<ReturnType<typeof hammer>>;
  ratio: number;
  runs: { count: number; seconds: number; oneRunSeconds: number; events: number; lost: number; duplicated: number; refused: number; outcomes: Record<string, number>; peakRssMb: number };
  ok: boolean;
}

/** One load run: the list route beside raw Fastify, then RUNS concurrent runs (after one alone). */
export async function runLoadBench(databaseUrl = process.env.BENCH_DATABASE_URL): Promise<LoadBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sprout-bench-load-'));
  const fake = await FakeModelServer.start('openai');
  // BENCH_DATABASE_URL: an empty PostgreSQL database to run against instead of the embedded one.
  const database: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
  const api = await startApi({ ...database, STAFF_EMAILS: 'bench@load.test', SPROUT_MODEL: `openai-compatible:${fake.url}#bench`, MODEL_MAX_RETRIES: '0', LOG_LEVEL: 'error' });
  const hello = await helloServer();
  const call = client(api.url);
  try {
    const reg = await call('POST', '/v1/auth/register', { body: { email: 'bench@load.test', password: 'correct horse battery', displayName: 'Bench' } });
    if (reg.status !== 201) throw new Error(`register: ${reg.status}`);
    const token = reg.json.idToken as string;
    // Staff have no project limit: the list holds 50 projects, as a busy person's would.
    for (let i = 0; i < LISTED; i++) await call('POST', '/v1/sprouts', { token, body: { displayName: `Listed ${i}` } });

    console.log(`\nHTTP on loopback: ${CONNECTIONS} connections, ${DURATION} s each${short ? ' (short)' : ''}; database: ${databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)'}`);
    const raw = await hammer('raw Fastify GET /hello', hello.url);
    const list = await hammer(`GET /v1/sprouts (bearer, ${LISTED} projects)`, `${api.url}/v1/sprouts`, { authorization: `Bearer ${token}` });
    const ratio = list.requestsPerSec / Math.max(raw.requestsPerSec, 1);
    console.log(`  ratio: GET /v1/sprouts does ${(ratio * 100).toFixed(1)}% of the raw route's requests/s (p99 ${list.p99Ms} ms vs ${raw.p99Ms} ms)`);

    // One run alone first: the time the concurrent ones are compared with.
    const alone = (await call('POST', '/v1/sprouts', { token, body: { displayName: 'Alone' } })).json.id as string;
    fake.reply({ text: writeApp(APP('Alone'), 'Alone writing.'), chunkSize: 12, delayMs: 20 });
    const aloneStarted = performance.now();
    const aloneRun = await call('POST', `/build/v1/sprouts/${alone}/messages`, { token, body: { text: 'Build one alone' } });
    await followSse(api.url, token, aloneRun.json.runId as string);
    const oneRunSeconds = (performance.now() - aloneStarted) / 1000;

    // Concurrent runs: every run streams a file and builds it, all at once on one instance.
    console.log(`\n${RUNS} concurrent runs on one instance (fake model: ~60 chunks over ~1.2 s each; one alone: ${oneRunSeconds.toFixed(1)} s)`);
    const projects: string[] = [];
    for (let i = 0; i < RUNS; i++) projects.push((await call('POST', '/v1/sprouts', { token, body: { displayName: `Run ${i}` } })).json.id);
    for (let i = 0; i < RUNS; i++) fake.reply({ text: writeApp(APP(`Concurrent ${i}`), `Run ${i} writing.`), chunkSize: 12, delayMs: 20 });
    const started = performance.now();
    const runs = await Promise.all(projects.map((id, i) => call('POST', `/build/v1/sprouts/${id}/messages`, { token, body: { text: `Build number ${i}` } })));
    const refused = runs.filter((r) => r.status !== 202).length;
    const live = await Promise.all(runs.filter((r) => r.status === 202).map((r) => followSse(api.url, token, r.json.runId as string).then((events) => ({ runId: r.json.runId as string, events }))));
    const seconds = (performance.now() - started) / 1000;
    let lost = 0;
    let duplicated = 0;
    let total = 0;
    const outcomes: Record<string, number> = {};
    for (const { runId, events } of live) {
      const stored: SseEvent[] = await followSse(api.url, token, runId);
      const got = new Set(events.map((e) => e.seq));
      duplicated += events.length - got.size;
      lost += stored.filter((e) => !got.has(e.seq)).length;
      total += stored.length;
      const end = events.at(-1)?.type ?? 'none';
      outcomes[end] = (outcomes[end] ?? 0) + 1;
    }
    const rss = peakRssMb(api.child.pid!);
    console.log(`  ${live.length} runs followed live in ${seconds.toFixed(1)} s: ${total} events stored, events lost: ${lost}, duplicated: ${duplicated}, refused sends: ${refused}`);
    console.log(`  outcomes: ${JSON.stringify(outcomes)}   API peak RSS: ${rss} MB`);

    const finished = outcomes['run.finished'] ?? 0;
    const ok = lost === 0 && duplicated === 0 && refused === 0 && finished === RUNS;
    const result: LoadBenchResult = {
      database: databaseUrl ? 'postgres' : 'pglite',
      raw,
      list,
      ratio,
      runs: { count: RUNS, seconds, oneRunSeconds, events: total, lost, duplicated, refused, outcomes, peakRssMb: rss },
      ok,
    };
    mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(path.join(ROOT, `bench/results/load-${Date.now()}.json`), JSON.stringify({ at: new Date().toISOString(), short, connections: CONNECTIONS, durationSeconds: DURATION, ...result }, null, 2));
    if (!ok) console.error(`\nFAILED: events lost ${lost}, duplicated ${duplicated}, refused ${refused}, finished ${finished}/${RUNS}`);
    return result;
  } finally {
    hello.stop();
    await api.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const result = await runLoadBench();
  if (!result.ok) process.exitCode = 1;
}
