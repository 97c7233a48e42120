// npm run bench:api — the authenticated list route beside the same route written plainly.
// Same machine, same client (autocannon), same connections (64) and duration, rounds alternating
// between the two targets so drift on a shared machine hits both alike. The API answers
// GET /v1/sprouts for a user with 50 projects: bearer token check, the person and the list in one
// statement, the response. The baseline (bench/plain-list-server.ts) is Fastify + the driver doing
// the same token check and the same statement with nothing around them, so the ratio is what the
// API's own machinery costs (hooks, schemas, logging, Drizzle). On PGlite (the baseline opens a
// copy of the API's data directory) and, in `npm run bench`, on a throwaway PostgreSQL database.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ApiClient, freePort, startServer, startStandaloneApi, type ApiProcess, type ServerProcess } from '@sprout/testkit';
import { isMain, median, ms, ROOT, runs, SHORT, type Row } from './summary';
import { withThrowawayDatabase } from './pg-database';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const LISTED = 50;

interface Hammered {
  requestsPerSec: number;
  p99Ms: number;
  /** The server process's CPU time (user + system) per request answered, in ms. */
  cpuMsPerRequest: number;
  non2xx: number;
  errors: number;
}

/** CPU time (user + system) a process has used so far, in ms (Linux: /proc/{pid}/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Requests/s depend on how much of the machine each process gets while others run; CPU time per
 * request (the server's own) depends far less on that, so it is measured beside them.
 */
async function hammer(url: string, seconds: number, pid: number, headers: Record<string, string> = {}): Promise<Hammered> {
  const cpuBefore = cpuMs(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    requestsPerSec: Math.round(r.requests.average),
    p99Ms: r.latency.p99,
    cpuMsPerRequest: (cpuMs(pid) - cpuBefore) / Math.max(1, r.requests.total),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** The baseline: bench/plain-list-server.ts in its own process, on the same database (or a copy of it). */
async function plainServer(issuer: string, database: ['postgres' | 'pglite', string]): Promise<{ url: string; server: ServerProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/v1/sprouts`;
  const server = await startServer({
    name: 'the plain list server',
    command: process.execPath,
    args: ['--import', 'tsx', path.join(ROOT, 'bench/plain-list-server.ts'), String(port), issuer, ...database],
    env: process.env,
    readyUrl: url,
    // Answers 401 without a token once it is listening.
    readyStatus: 401,
  });
  return { url, server };
}

export interface ApiBench {
  database: 'pglite' | 'postgres';
  connections: number;
  secondsPerRound: number;
  rounds: { plain: Hammered; list: Hammered }[];
  /** Medians over the rounds. */
  plain: { requestsPerSec: number; p99Ms: number; cpuMsPerRequest: number };
  list: { requestsPerSec: number; p99Ms: number; cpuMsPerRequest: number };
  /** Median of each round's API / plain requests per second. */
  ratio: number;
  /** Median of each round's plain / API CPU time per request (1: the API costs what the plain route costs). */
  cpuRatio: number;
  /** Non-2xx answers and socket errors of either target, all rounds (expected 0). */
  listFailures: number;
}

/** The API on `database`, with the person the list is for and their 50 projects. */
async function seededApi(env: Record<string, string>): Promise<{ api: ApiProcess; idToken: string }> {
  const api = await startStandaloneApi({ ...env, STAFF_EMAILS: 'bench@api.test', LOG_LEVEL: 'error' });
  const client = new ApiClient(api.url);
  const { idToken } = await client.register({ email: 'bench@api.test', displayName: 'Bench' });
  // Staff have no project limit: the list holds 50 projects, as a busy person's would.
  for (let i = 0; i < LISTED; i++) await client.createSprout(idToken, { displayName: `Listed ${i}` });
  return { api, idToken };
}

export async function runApiBench(databaseUrl?: string, short = SHORT): Promise<ApiBench> {
  const seconds = Number(process.env.BENCH_DURATION ?? (short ? 2 : 5));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sprout-bench-api-'));
  const copyDir = `${dataDir}-plain`;
  const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
  let { api, idToken } = await seededApi(env);
  let plain: { url: string; server: ServerProcess } | undefined;
  try {
    const issuer = `http://localhost:${api.port}`;
    if (databaseUrl) {
      plain = await plainServer(issuer, ['postgres', databaseUrl]);
    } else {
      // An embedded database has one process: the baseline gets a copy, made while the API is stopped,
      // and the API comes back on the same port (its URL is the tokens' issuer).
      await api.stop();
      cpSync(dataDir, copyDir, { recursive: true, filter: (f) => path.basename(f) !== '.lock' });
      api = await startStandaloneApi({ ...env, STAFF_EMAILS: 'bench@api.test', LOG_LEVEL: 'error' }, api.port);
      plain = await plainServer(issuer, ['pglite', path.join(copyDir, 'pglite')]);
    }
    const auth = { authorization: `Bearer ${idToken}` };
    const listUrl = `${api.url}/v1/sprouts`;
    // Both answer the same JSON: a baseline answering something else would measure something else.
    const [ours, theirs] = await Promise.all([listUrl, plain.url].map(async (u) => (await fetch(u, { headers: auth })).json()));
    if (JSON.stringify(ours) !== JSON.stringify(theirs) || (ours as unknown[]).length !== LISTED)
      throw new Error(`the plain route does not answer what the API answers: ${JSON.stringify(theirs).slice(0, 200)}`);
    // Warm-up (JIT, connection pools, the token caches) before anything counts.
    const [plainPid, apiPid] = [plain.server.child.pid!, api.child.pid!];
    await hammer(plain.url, 2, plainPid, auth);
    await hammer(listUrl, 2, apiPid, auth);

    const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
    console.log(`\nAPI on ${label}: ${CONNECTIONS} connections, ${seconds} s per target, ${runs(short)} rounds`);
    const rounds: ApiBench['rounds'] = [];
    for (let i = 0; i < runs(short); i++) {
      const p = await hammer(plain.url, seconds, plainPid, auth);
      const list = await hammer(listUrl, seconds, apiPid, auth);
      rounds.push({ plain: p, list });
      console.log(
        `  round ${i + 1}: plain Fastify + ${databaseUrl ? 'pg' : 'PGlite'} ${p.requestsPerSec} req/s (p99 ${p.p99Ms} ms, CPU ${p.cpuMsPerRequest.toFixed(2)} ms/request)   API ${list.requestsPerSec} req/s (p99 ${list.p99Ms} ms, CPU ${list.cpuMsPerRequest.toFixed(2)} ms/request, non-2xx ${list.non2xx}, errors ${list.errors})`,
      );
    }
    const pick = (k: 'plain' | 'list') => ({
      requestsPerSec: median(rounds.map((r) => r[k].requestsPerSec)),
      p99Ms: median(rounds.map((r) => r[k].p99Ms)),
      cpuMsPerRequest: median(rounds.map((r) => r[k].cpuMsPerRequest)),
    });
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      connections: CONNECTIONS,
      secondsPerRound: seconds,
      rounds,
      plain: pick('plain'),
      list: pick('list'),
      ratio: median(rounds.map((r) => r.list.requestsPerSec / Math.max(1, r.plain.requestsPerSec))),
      cpuRatio: median(rounds.map((r) => r.plain.cpuMsPerRequest / r.list.cpuMsPerRequest)),
      listFailures: rounds.reduce((n, r) => n + r.list.non2xx + r.list.errors + r.plain.non2xx + r.plain.errors, 0),
    };
  } finally {
    await plain?.server.stop();
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copyDir, { recursive: true, force: true });
  }
}

export function apiRows(r: ApiBench): Row[] {
  const db = r.database === 'postgres' ? 'PostgreSQL' : 'PGlite';
  return [
    {
      measure: `API ${db}: GET /v1/sprouts (50 projects) req/s`,
      ours: `${Math.round(r.list.requestsPerSec)}`,
      baseline: `${Math.round(r.plain.requestsPerSec)} (plain Fastify + ${r.database === 'postgres' ? 'pg' : 'PGlite'})`,
      ratio: r.ratio.toFixed(2),
      budget: '≥ 0.7',
      ok: r.ratio >= 0.7,
    },
    {
      measure: `API ${db}: server CPU per request`,
      ours: `${r.list.cpuMsPerRequest.toFixed(2)} ms`,
      baseline: `${r.plain.cpuMsPerRequest.toFixed(2)} ms`,
      ratio: r.cpuRatio.toFixed(2),
      budget: '—',
      ok: null,
    },
    {
      measure: `API ${db}: p99 at ${r.connections} connections`,
      ours: ms(r.list.p99Ms),
      baseline: ms(r.plain.p99Ms),
      ratio: '',
      budget: r.database === 'postgres' ? '< 25 ms' : '— (PostgreSQL only)',
      ok: r.database === 'postgres' ? r.list.p99Ms < 25 : null,
    },
  ];
}

if (isMain(import.meta.url)) {
  const results = [await runApiBench()];
  const pg = await withThrowawayDatabase((url) => runApiBench(url));
  if (pg) results.push(pg);
  for (const r of results) for (const row of apiRows(r)) console.log(`  ${row.measure}: ${row.ours} vs ${row.baseline} ${row.ratio}`);
}
