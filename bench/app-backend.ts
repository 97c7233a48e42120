// npm run bench:app-backend — an app's backend (docs/app-backend.md):
// GET /_sprout/v1/collections/:name listing 50 documents on a published app (rules, visitor
// cookie, request limit, list query) beside the same query in a plain Fastify + pg route
// (bench/plain-pg-server.ts), same PostgreSQL database, same client (autocannon, 64 connections),
// rounds alternating. PostgreSQL only: the baseline needs a server.
import { request } from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { ApiClient, freePort, startServer, startStandaloneApi } from '@sprout/testkit';
import { isMain, median, ms, ROOT, runs, SHORT, type Row } from './summary';
import { withThrowawayDatabase } from './pg-database';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DOCS = 50;
const RULES = JSON.stringify({ collections: { items: { create: 'anyone', read: 'anyone' } } });

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

export interface AppBackendBench {
  /** A document added by one visitor → the change event on another visitor's open stream (median of 20, ms). */
  liveChangeMs: number;
  connections: number;
  rounds: { plain: Hammered; backend: Hammered }[];
  plain: { requestsPerSec: number; p99Ms: number };
  backend: { requestsPerSec: number; p99Ms: number };
  ratio: number;
  failures: number;
}

/** fetch() will not send another Host: app requests go through node:http. */
function appCall(url: string, host: string, method: string, cookie: string, body?: unknown): Promise<{ status: number; body: string; cookie: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { host, origin: `http://${host}`, 'content-type': 'application/json', cookie } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: text, cookie: String([res.headers['set-cookie'] ?? []].flat()[0] ?? '').split(';')[0]! }),
      );
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function publishedApp(api: { url: string }): Promise<{ sproutId: string; host: string; cookie: string }> {
  const client = new ApiClient(api.url);
  const { idToken } = await client.register({ email: 'bench@app.test', displayName: 'Bench' });
  const sprout = await client.createSprout(idToken, { displayName: 'Bench app' });
  const auth = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
  const saved = await fetch(`${api.url}/build/v1/sprouts/${sprout.id}/files`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ path: 'sprout.data.json', content: RULES, baseVersionId: sprout.currentVersionId }),
  });
  if (!saved.ok) throw new Error(`saving the rules: ${saved.status} ${await saved.text()}`);
  const published = await fetch(`${api.url}/build/v1/sprouts/${sprout.id}/publish`, { method: 'POST', headers: auth, body: '{}' });
  if (!published.ok) throw new Error(`publishing: ${published.status} ${await published.text()}`);
  const host = new URL(((await published.json()) as { publicUrl: string }).publicUrl).host;
  let cookie = '';
  for (let i = 0; i < DOCS; i++) {
    const res = await appCall(`${api.url}/_sprout/v1/collections/items`, host, 'POST', cookie, { title: `Item ${i}`, done: i % 3 === 0, rank: i });
    if (res.status !== 201) throw new Error(`adding a document: ${res.status} ${res.body}`);
    cookie ||= res.cookie;
  }
  return { sproutId: sprout.id, host, cookie };
}

/** Another visitor's open event stream; resolves each change's arrival time. */
async function liveChangeLatency(api: { url: string }, app: { host: string }, samples = 20): Promise<number> {
  let arrived: (() => void) | null = null;
  const stream = request(`${api.url}/_sprout/v1/collections/items/events`, { headers: { host: app.host, origin: `http://${app.host}` } }, (res) =>
    res.on('data', (c) => {
      if (String(c).includes('event: change')) arrived?.();
    }),
  );
  stream.end();
  await new Promise((r) => setTimeout(r, 300));
  const times: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      const seen = new Promise<void>((resolve) => (arrived = resolve));
      const t = performance.now();
      const res = await appCall(`${api.url}/_sprout/v1/collections/items`, app.host, 'POST', '', { title: `Live ${i}` });
      if (res.status !== 201) throw new Error(`adding a document: ${res.status}`);
      await seen;
      times.push(performance.now() - t);
    }
  } finally {
    stream.destroy();
  }
  return median(times);
}

export async function runAppBackendBench(databaseUrl: string, short = SHORT): Promise<AppBackendBench> {
  const seconds = Number(process.env.BENCH_DURATION ?? (short ? 2 : 5));
  const api = await startStandaloneApi({ DATABASE_URL: databaseUrl, STAFF_EMAILS: 'bench@app.test', LOG_LEVEL: 'error', APP_REQUESTS_PER_MINUTE: '100000000' });
  let plain: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const app = await publishedApp(api);
    const port = await freePort();
    const plainUrl = `http://127.0.0.1:${port}/list/items`;
    plain = await startServer({
      name: 'the plain pg server',
      command: process.execPath,
      args: ['--import', 'tsx', path.join(ROOT, 'bench/plain-pg-server.ts'), String(port), databaseUrl, app.sproutId],
      env: process.env,
      readyUrl: plainUrl,
      readyStatus: 200,
    });
    const backendUrl = `${api.url}/_sprout/v1/collections/items?limit=50`;
    const headers = { host: app.host, cookie: app.cookie };
    const check = JSON.parse((await appCall(backendUrl, app.host, 'GET', app.cookie)).body) as { data: unknown[] };
    if (check.data.length !== DOCS) throw new Error(`the backend listed ${check.data.length} documents, not ${DOCS}`);
    const liveChangeMs = await liveChangeLatency(api, app);
    await hammer(plainUrl, 2);
    await hammer(backendUrl, 2, headers);
    console.log(`\nApp backend on PostgreSQL: ${CONNECTIONS} connections, ${seconds} s per target, ${runs(short)} rounds`);
    const rounds: AppBackendBench['rounds'] = [];
    for (let i = 0; i < runs(short); i++) {
      const p = await hammer(plainUrl, seconds);
      const b = await hammer(backendUrl, seconds, headers);
      rounds.push({ plain: p, backend: b });
      console.log(
        `  round ${i + 1}: plain Fastify + pg ${p.requestsPerSec} req/s (p99 ${p.p99Ms} ms)   backend ${b.requestsPerSec} req/s (p99 ${b.p99Ms} ms, non-2xx ${b.non2xx})`,
      );
    }
    console.log(`  a change reaches another visitor's stream in ${liveChangeMs.toFixed(1)} ms (median of 20)`);
    const pick = (k: 'plain' | 'backend') => ({ requestsPerSec: median(rounds.map((r) => r[k].requestsPerSec)), p99Ms: median(rounds.map((r) => r[k].p99Ms)) });
    return {
      liveChangeMs,
      connections: CONNECTIONS,
      rounds,
      plain: pick('plain'),
      backend: pick('backend'),
      ratio: median(rounds.map((r) => r.backend.requestsPerSec / Math.max(1, r.plain.requestsPerSec))),
      failures: rounds.reduce((n, r) => n + r.backend.non2xx + r.backend.errors, 0),
    };
  } finally {
    await plain?.stop();
    await api.stop();
  }
}

export function appBackendRows(r: AppBackendBench): Row[] {
  return [
    {
      measure: 'App backend: a change reaches another visitor’s stream',
      ours: ms(r.liveChangeMs),
      baseline: '',
      ratio: '',
      budget: '< 1 s',
      ok: r.liveChangeMs < 1000,
    },
    {
      measure: 'App backend: list 50 documents req/s',
      ours: `${Math.round(r.backend.requestsPerSec)}`,
      baseline: `${Math.round(r.plain.requestsPerSec)} (Fastify + pg)`,
      ratio: r.ratio.toFixed(3),
      budget: '≥ 0.4',
      ok: r.ratio >= 0.4,
    },
    {
      measure: `App backend: p99 at ${r.connections} connections`,
      ours: ms(r.backend.p99Ms),
      baseline: ms(r.plain.p99Ms),
      ratio: (r.backend.p99Ms / Math.max(0.1, r.plain.p99Ms)).toFixed(2),
      budget: '≤ 2.5× baseline',
      ok: r.backend.p99Ms <= 2.5 * r.plain.p99Ms,
    },
  ];
}

if (isMain(import.meta.url)) {
  const r = await withThrowawayDatabase((url) => runAppBackendBench(url));
  if (r) for (const row of appBackendRows(r)) console.log(`  ${row.measure}: ${row.ours} vs ${row.baseline} ${row.ratio}`);
}
