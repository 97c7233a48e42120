// npm run bench:api — the authenticated list route beside a raw Fastify route (issue 9 §4).
// Same machine, same client (autocannon), same connections (64) and duration, rounds alternating
// between the two targets so drift on a shared machine hits both alike. The API answers
// GET /v1/sprouts for a user with 50 projects: bearer token check, user load, list query, response.
// Runs on the embedded database (PGlite) and, in `npm run bench`, on a throwaway PostgreSQL database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ApiClient, freePort, startServer, startStandaloneApi, type ServerProcess } from '@sprout/testkit';
import { isMain, median, ms, ROOT, runs, SHORT, type Row } from './summary';
import { withThrowawayDatabase } from './pg-database';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const LISTED = 50;

interface Hammered {
  requestsPerSec: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function hammer(url: string, seconds: number, headers: Record<string, string> = {}): Promise<Hammered> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return { requestsPerSec: Math.round(r.requests.average), p99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

/** The baseline: bench/hello-server.ts, a raw Fastify route in its own process. */
async function helloServer(): Promise<{ url: string; server: ServerProcess }> {
  const url = `http://127.0.0.1:${await freePort()}/hello`;
  const server = await startServer({
    name: 'the hello server',
    command: process.execPath,
    args: ['--import', 'tsx', path.join(ROOT, 'bench/hello-server.ts'), new URL(url).port],
    env: process.env,
    readyUrl: url,
    readyStatus: 200,
  });
  return { url, server };
}

export interface ApiBench {
  database: 'pglite' | 'postgres';
  connections: number;
  secondsPerRound: number;
  rounds: { raw: Hammered; list: Hammered }[];
  /** Medians over the rounds. */
  raw: { requestsPerSec: number; p99Ms: number };
  list: { requestsPerSec: number; p99Ms: number };
  /** Median of each round's list / raw requests per second. */
  ratio: number;
  /** Non-2xx answers and socket errors of the list route, all rounds (expected 0). */
  listFailures: number;
}

export async function runApiBench(databaseUrl?: string, short = SHORT): Promise<ApiBench> {
  const seconds = Number(process.env.BENCH_DURATION ?? (short ? 2 : 5));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sprout-bench-api-'));
  const database: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
  const api = await startStandaloneApi({ ...database, STAFF_EMAILS: 'bench@api.test', LOG_LEVEL: 'error' });
  const hello = await helloServer();
  try {
    const client = new ApiClient(api.url);
    const { idToken } = await client.register({ email: 'bench@api.test', displayName: 'Bench' });
    const auth = { authorization: `Bearer ${idToken}` };
    // Staff have no project limit: the list holds 50 projects, as a busy person's would.
    for (let i = 0; i < LISTED; i++) await client.createSprout(idToken, { displayName: `Listed ${i}` });
    const listUrl = `${api.url}/v1/sprouts`;
    // Warm-up (JIT, connection pools, the token cache) before anything counts.
    await hammer(hello.url, 2);
    await hammer(listUrl, 2, auth);

    const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
    console.log(`\nAPI on ${label}: ${CONNECTIONS} connections, ${seconds} s per target, ${runs(short)} rounds`);
    const rounds: ApiBench['rounds'] = [];
    for (let i = 0; i < runs(short); i++) {
      const raw = await hammer(hello.url, seconds);
      const list = await hammer(listUrl, seconds, auth);
      rounds.push({ raw, list });
      console.log(
        `  round ${i + 1}: raw Fastify ${raw.requestsPerSec} req/s (p99 ${raw.p99Ms} ms)   GET /v1/sprouts ${list.requestsPerSec} req/s (p99 ${list.p99Ms} ms, non-2xx ${list.non2xx}, errors ${list.errors})`,
      );
    }
    const pick = (k: 'raw' | 'list') => ({ requestsPerSec: median(rounds.map((r) => r[k].requestsPerSec)), p99Ms: median(rounds.map((r) => r[k].p99Ms)) });
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      connections: CONNECTIONS,
      secondsPerRound: seconds,
      rounds,
      raw: pick('raw'),
      list: pick('list'),
      ratio: median(rounds.map((r) => r.list.requestsPerSec / Math.max(1, r.raw.requestsPerSec))),
      listFailures: rounds.reduce((n, r) => n + r.list.non2xx + r.list.errors, 0),
    };
  } finally {
    await hello.server.stop();
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function apiRows(r: ApiBench): Row[] {
  const db = r.database === 'postgres' ? 'PostgreSQL' : 'PGlite';
  return [
    {
      measure: `API ${db}: GET /v1/sprouts (50 projects) req/s`,
      ours: `${Math.round(r.list.requestsPerSec)}`,
      baseline: `${Math.round(r.raw.requestsPerSec)} (raw Fastify)`,
      ratio: r.ratio.toFixed(3),
      budget: '≥ 0.4',
      ok: r.ratio >= 0.4,
    },
    {
      measure: `API ${db}: p99 at ${r.connections} connections`,
      ours: ms(r.list.p99Ms),
      baseline: ms(r.raw.p99Ms),
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
