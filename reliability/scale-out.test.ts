// Scale-out: two API processes on different ports against one fresh PostgreSQL
// database (a throwaway cluster). A run started through A is followed live through B's SSE (events
// cross over LISTEN/NOTIFY), a stop pressed on B stops A's run, project edits made on one are seen
// on the other, sign-in limits, message quotas and an app visitor's request limit and stream cap hold
// across both (they live in the database),
// a new instance starting never interrupts a live run of another, an app's live data changes cross
// over too, a run's candidate is shown through either instance (its files are in the shared object
// store), and a killed instance's run is ended as interrupted by a survivor once its lease is stale.
import { request } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run, Usage } from '@sprout/core/contract';
import { MAX_UNSTORED_EVENTS } from '@sprout/engine';
import { FakeModelServer } from '@sprout/engine/testing';
import { APP, writeApp } from '@sprout/api/testing';
import { ApiClient, followRun, startStandaloneApi, waitUntil, type ApiProcess } from '@sprout/testkit';
import { balancedInstanceEnv, startCluster, type PgCluster } from './pg-cluster';
import { record } from './figures';
import { startObjectStore, type ObjectStore } from './object-store';

let cluster: PgCluster;
let objects: ObjectStore;
let fake: FakeModelServer;
let env: Record<string, string>;
let A: ApiProcess;
let B: ApiProcess;
const started: ApiProcess[] = [];

const LISTENER_B = 'sprout-listen-b';

/** An app visitor's requests a minute (APP_REQUESTS_PER_MINUTE): low enough to reach here, above the 21 streams opened below. */
const APP_REQUESTS = 30;

const slowApp = (title: string, lines = 60) =>
  writeApp(`${APP(title)}\n${Array.from({ length: lines }, (_, i) => `// ${title}: line ${i} of a long file`).join('\n')}\n`, `Writing ${title}.`);

beforeAll(async () => {
  cluster = await startCluster();
  objects = await startObjectStore();
  fake = await FakeModelServer.start('openai');
  env = {
    ...(await balancedInstanceEnv(cluster, 'scale', fake.url)),
    ...objects.env,
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '4',
    APP_REQUESTS_PER_MINUTE: String(APP_REQUESTS),
  };
  A = await startStandaloneApi(env);
  // B listens over a connection of its own (DATABASE_LISTEN_URL, as behind a pooler), named so it can
  // be seen. It takes no runs (SPROUT_ROLE=api): every run executes on A, wherever it was sent.
  B = await startStandaloneApi({ ...env, SPROUT_ROLE: 'api', DATABASE_LISTEN_URL: `${env.DATABASE_URL}?application_name=${LISTENER_B}` });
  started.push(A, B);
});
afterAll(async () => {
  for (const p of started) await p.stop();
  await fake?.close();
  await objects?.close();
  await cluster?.destroy();
});

const client = (on: ApiProcess) => new ApiClient(on.url);
const eventsOf = async (on: ApiProcess, token: string, runId: string) => (await followRun(on.url, token, runId)).events;

async function register(on: ApiProcess) {
  const account = await client(on).register({ tag: 'scale' });
  return { token: account.idToken, email: account.user.email };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;

/** A request to one instance under another host (fetch cannot set Host), with `cookie` if given; the cookies it sets. */
function hostRequest(
  on: ApiProcess,
  host: string,
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
): Promise<{ status: number; body: string; cookie: string }> {
  return new Promise((resolve, reject) => {
    const headers = { host, origin: `http://${host}`, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
    const req = request(`${on.url}${path}`, { method, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      const set = [res.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]!);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, cookie: set.join('; ') }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** A request to an app's backend on one instance, as the visitor of `cookie` if given. */
const appRequest = (on: ApiProcess, host: string, method: string, path: string, body?: unknown, cookie?: string) =>
  hostRequest(on, host, method, `/_sprout/v1/${path}`, body, cookie);

/** The owner's preview of a project on one instance: its host and the session cookie its grant is exchanged for there. */
async function previewOn(on: ApiProcess, token: string, sproutId: string): Promise<{ host: string; cookie: string }> {
  const session = await client(on).call('POST', `/build/v1/sprouts/${sproutId}/preview-session`, { token, body: {} });
  expect(session.status).toBe(200);
  const grant = new URL(session.json.url as string);
  const exchanged = await hostRequest(on, grant.host, 'GET', grant.pathname + grant.search);
  expect(exchanged.status).toBe(303);
  return { host: grant.host, cookie: exchanged.cookie };
}

/** A published app, made through A, whose `entries` anyone may read and add to: its host. */
async function publishedApp(name: string): Promise<string> {
  const { token } = await register(A);
  const a = client(A);
  const sprout = await a.createSprout(token, { displayName: name });
  const rules = JSON.stringify({ collections: { entries: { create: 'anyone', read: 'anyone' } } });
  const saved = await a.call('PUT', `/build/v1/sprouts/${sprout.id}/files`, {
    token,
    body: { path: 'sprout.data.json', content: rules, baseVersionId: sprout.currentVersionId },
  });
  expect(saved.status).toBe(200);
  const published = await a.call('POST', `/build/v1/sprouts/${sprout.id}/publish`, { token, body: {} });
  expect(published.status).toBe(200);
  return new URL(published.json.publicUrl as string).host;
}

describe('two API instances, one PostgreSQL', () => {
  it("delivers an app's live changes written through A to an event stream held on B", async () => {
    const host = await publishedApp('Live app');

    const received: string[] = [];
    const stream = request(`${B.url}/_sprout/v1/collections/entries/events`, { headers: { host, origin: `http://${host}` } }, (res) =>
      res.on('data', (c) => received.push(String(c))),
    );
    stream.end();
    await waitUntil(() => received.join('').includes(': connected'), { what: 'the stream on B to open' });
    expect((await appRequest(A, host, 'POST', 'collections/entries', { text: 'written on A' })).status).toBe(201);
    await waitUntil(() => received.join('').includes('written on A'), { what: "A's change on B's stream" });
    stream.destroy();
  });

  it("counts an app visitor's requests and live streams once across both instances", async () => {
    const host = await publishedApp('Limited app');
    const first = await appRequest(A, host, 'GET', 'collections/entries');
    expect(first.status).toBe(200);
    const visitor = first.cookie;
    expect(visitor).toContain('sprout_visitor=');
    // Half on each instance: each alone would allow all of them and as many again.
    const statuses = [first.status];
    for (let i = 1; i <= APP_REQUESTS; i++) statuses.push((await appRequest(i % 2 ? B : A, host, 'GET', 'collections/entries', undefined, visitor)).status);
    expect(statuses.slice(0, APP_REQUESTS)).toEqual(Array(APP_REQUESTS).fill(200));
    expect(statuses.at(-1)).toBe(429);

    // Live streams of one visitor: at most 20 open across both.
    const other = (await appRequest(B, host, 'GET', 'collections/entries')).cookie;
    const streams = Array.from({ length: 21 }, (_, i) => i);
    const answers: number[] = [];
    const held: ReturnType<typeof request>[] = [];
    for (const i of streams) {
      answers.push(
        await new Promise<number>((resolve, reject) => {
          const on = i % 2 ? B : A;
          const req = request(`${on.url}/_sprout/v1/collections/entries/events`, { headers: { host, origin: `http://${host}`, cookie: other } }, (res) => {
            resolve(res.statusCode ?? 0);
            if (res.statusCode !== 200) res.resume();
          });
          req.on('error', reject);
          req.end();
          held.push(req);
        }),
      );
    }
    for (const req of held) req.destroy();
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(answers[20]).toBe(429);
  });

  it('shares accounts and project edits both ways', async () => {
    const { token } = await register(A);
    const [a, b] = [client(A), client(B)];
    expect((await b.call('GET', '/v1/me', { token })).status).toBe(200);
    const sprout = await a.createSprout(token, { displayName: 'Made on A' });
    const put = await b.call('PUT', `/build/v1/sprouts/${sprout.id}/files`, {
      token,
      body: { path: 'client/src/note.ts', content: 'export const from = "B";\n', baseVersionId: sprout.currentVersionId },
    });
    expect(put.status).toBe(200);
    const onA = (await a.call('GET', `/build/v1/sprouts/${sprout.id}/files`, { token })).json.files as { path: string; content: string }[];
    expect(onA.find((f) => f.path === 'client/src/note.ts')?.content).toBe('export const from = "B";\n');
    expect((await a.call('PATCH', `/v1/sprouts/${sprout.id}`, { token, body: { displayName: 'Renamed on A' } })).status).toBe(200);
    expect((await b.call('GET', `/v1/sprouts/${sprout.id}`, { token })).json.displayName).toBe('Renamed on A');
    // A version made on B is served as A's preview too (builds are recomputed from the database).
    const session = await a.call('POST', `/build/v1/sprouts/${sprout.id}/preview-session`, { token, body: {} });
    expect(session.status).toBe(200);
  });

  it('streams a run started through A live through B, event for event', async () => {
    const { token } = await register(A);
    const sprout = await client(A).createSprout(token);
    fake.reply({ text: slowApp('Crossing'), chunkSize: 12, delayMs: 25 });
    const sent = await client(A).call('POST', `/build/v1/sprouts/${sprout.id}/messages`, { token, body: { text: 'Build it' } });
    expect(sent.status).toBe(202);
    const runId = sent.json.runId as string;
    // Live, not a replay at the end: when B has the first file delta, the run is still running.
    let statusAtFirstDeltaOnB = '';
    const [onA, onB] = await Promise.all([
      eventsOf(A, token, runId),
      followRun(B.url, token, runId, {
        onEvent: async (e) => {
          if (e.type === 'file.delta' && !statusAtFirstDeltaOnB)
            statusAtFirstDeltaOnB = (await client(B).call<Run>('GET', `/build/v1/runs/${runId}`, { token })).json.status;
        },
      }).then((r) => r.events),
    ]);
    expect(onB.map((e) => [e.seq, e.type])).toEqual(onA.map((e) => [e.seq, e.type]));
    expect(onB.at(-1)?.type, JSON.stringify(onB.at(-1)?.data)).toBe('run.finished');
    expect(onB.filter((e) => e.type === 'file.delta').length).toBeGreaterThan(20);
    expect(statusAtFirstDeltaOnB).toBe('running');
    const bySeq = new Map(onA.map((e) => [e.seq, e.receivedAt]));
    const lag = onB.map((e) => e.receivedAt - bySeq.get(e.seq)!);
    record('scale-out', 'cross-instance SSE', { events: onB.length, lost: onA.length - onB.length, lagMedianMs: median(lag), lagP95Ms: p95(lag) });
  });

  it("shows a run's candidate through B while A checks it, and only while the run goes on", async () => {
    const { token } = await register(A);
    const sprout = await client(A).createSprout(token);
    // The first answer fails A's render check, so A asks again; that answer is held open, and the run
    // waits there with its first candidate built on A and not a version.
    fake.reply({ text: writeApp("export default function App() {\n  throw new Error('Broken on purpose');\n}\n") }, { text: 'Looking…', hold: true });
    const runId = (await client(A).call('POST', `/build/v1/sprouts/${sprout.id}/messages`, { token, body: { text: 'Build it' } })).json.runId as string;
    type Candidate = { manifest: { version: string; base: string; modules: Record<string, { name: string }> } };
    let candidate: Candidate | undefined;
    let fixing: () => void = () => undefined;
    const fixStarted = new Promise<void>((r) => (fixing = r));
    const following = followRun(B.url, token, runId, {
      onEvent: (e) => {
        if (e.type === 'preview.candidate') candidate ??= e.data as Candidate;
        if (e.type === 'fix.started') fixing();
      },
    }).then((r) => r.events);
    await fixStarted;
    const { manifest } = candidate!;
    const versionId = manifest.version;
    const { host, cookie } = await previewOn(B, token, sprout.id);
    // A module of the candidate first (B has built nothing of it yet), then the hot update's manifest, then the whole page.
    const module = await hostRequest(B, host, 'GET', manifest.base + manifest.modules['client/src/App.tsx']!.name, undefined, cookie);
    expect(module.status, module.body).toBe(200);
    expect(module.body).toContain('Broken on purpose');
    const onB = await hostRequest(B, host, 'GET', `/_sprout/version/${versionId}`, undefined, cookie);
    expect(onB.status, onB.body).toBe(200);
    expect(JSON.parse(onB.body)).toMatchObject({ ok: true, manifest: { version: versionId, modules: manifest.modules } });
    const page = await hostRequest(B, host, 'GET', `/?version=${versionId}`, undefined, cookie);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<meta name="sprout-version" content="${versionId}">`);

    expect((await client(B).call('POST', `/build/v1/runs/${runId}/stop`, { token })).status).toBe(200);
    expect((await following).at(-1)?.type).toBe('run.stopped');
    // Its run over without it, the candidate is handed out by neither instance.
    for (const on of [A, B]) {
      const after = await previewOn(on, token, sprout.id);
      expect((await hostRequest(on, host, 'GET', `/?version=${versionId}`, undefined, after.cookie)).status).toBe(303);
      expect((await hostRequest(on, host, 'GET', `/_sprout/version/${versionId}`, undefined, after.cookie)).status).toBe(404);
    }
  });

  it('listens over DATABASE_LISTEN_URL when it is given (the streams above reached B that way)', async () => {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ query: string }>('select query from pg_stat_activity where application_name = $1', [LISTENER_B]);
      // One for run events, one for app data changes and new versions (pushed to projects'
      // remotes); the pool's connections are not among them, and an api instance takes no jobs.
      expect(rows.map((r) => r.query.split(' ')[0]!.toUpperCase()).sort()).toEqual(['LISTEN', 'LISTEN']);
    } finally {
      await client.end();
    }
  });

  it('stops, from B, a run executing on A', async () => {
    const { token } = await register(A);
    const sprout = await client(A).createSprout(token);
    fake.reply({ text: 'Thinking about it...', chunkSize: 4, delayMs: 50, hold: true });
    const runId = (await client(A).call('POST', `/build/v1/sprouts/${sprout.id}/messages`, { token, body: { text: 'Build it' } })).json.runId as string;
    let firstDelta: () => void = () => undefined;
    const gotDelta = new Promise<void>((r) => (firstDelta = r));
    const following = followRun(B.url, token, runId, { onEvent: (e) => e.type === 'text.delta' && firstDelta() }).then((r) => r.events);
    await gotDelta;
    const t0 = Date.now();
    const stopped = await client(B).call('POST', `/build/v1/runs/${runId}/stop`, { token });
    expect(stopped.status).toBe(200);
    expect(stopped.json.status).toBe('stopped');
    const events = await following;
    expect(events.at(-1)?.type).toBe('run.stopped');
    expect(events.filter((e) => e.type === 'run.stopped')).toHaveLength(1);
    record('scale-out', 'stop across instances', { stopAnsweredMs: Date.now() - t0 });
  });

  it('holds sign-in limits and message quotas across both instances', async () => {
    const { token, email } = await register(A);
    const login = (on: ApiProcess, password: string) => client(on).call('POST', '/v1/auth/login', { body: { email, password } });
    // Four failures alternating instances, then both refuse even the right password.
    const seq: number[] = [];
    for (const on of [A, B, A, B]) seq.push((await login(on, 'wrong password')).status);
    seq.push((await login(A, 'correct horse battery')).status, (await login(B, 'correct horse battery')).status);
    expect(seq).toEqual([401, 401, 401, 401, 429, 429]);
    // Parallel guesses against a fresh account, half on each instance: at most 4 are even checked.
    const other = await register(B);
    const parallel = await Promise.all(
      Array.from({ length: 12 }, (_, i) => client(i % 2 ? A : B).call('POST', '/v1/auth/login', { body: { email: other.email, password: `guess ${i}` } })),
    );
    const statuses = parallel.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(8);

    // The free plan: 5 projects, 5 messages a day, counted once whichever instance is asked.
    const projects: string[] = [];
    const created: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await client(i % 2 ? B : A).call('POST', '/v1/sprouts', { token, body: {} });
      created.push(res.status);
      if (res.status === 201) projects.push(res.json.id);
    }
    expect(created).toEqual([201, 201, 201, 201, 201, 402]);
    const sends: number[] = [];
    for (let i = 0; i < 6; i++) {
      // Each answer changes the app: a short answer that changes nothing is given back.
      fake.reply({
        text: `Noted.\n\n<sprout-write path="client/src/App.tsx">\nexport default function App() {\n  return <p>Message ${i}</p>;\n}\n</sprout-write>\n`,
      });
      const on = i % 2 ? B : A;
      const res = await client(on).call('POST', `/build/v1/sprouts/${projects[i % 5]}/messages`, { token, body: { text: `message ${i}` } });
      sends.push(res.status);
      if (res.status === 202) await eventsOf(i % 2 ? A : B, token, res.json.runId);
    }
    expect(sends).toEqual([202, 202, 202, 202, 202, 402]);
    expect((await client(B).call('POST', `/build/v1/sprouts/${projects[0]}/messages`, { token, body: { text: 'one more' } })).status).toBe(402);
    const usage = await client(A).call<Usage>('GET', '/usage', { token });
    expect(usage.json.dailyMessages).toMatchObject({ used: 5, available: 0 });
    record('scale-out', 'limits across instances', {
      loginSequence: seq.join(','),
      parallelGuessesChecked: statuses.filter((s) => s === 401).length,
      projectsCreated: created.join(','),
      messagesSent: sends.join(','),
    });
    fake.requests.length = 0;
  });

  it('never interrupts a live run of another instance, and ends the runs of a killed one', async () => {
    const { token } = await register(A);
    const [p1, p2] = [(await client(A).createSprout(token)).id, (await client(A).createSprout(token)).id];
    // A run sent through B (executed on A, the one instance taking runs), long enough for a third instance to start meanwhile.
    fake.reply({ text: slowApp('Survivor', 120), chunkSize: 10, delayMs: 30 });
    const live = (await client(B).call('POST', `/build/v1/sprouts/${p1}/messages`, { token, body: { text: 'Build it' } })).json.runId as string;
    const liveEvents = eventsOf(A, token, live);
    const C = await startStandaloneApi({ ...env, SPROUT_ROLE: 'api' });
    started.push(C);
    const liveEnd = await liveEvents;
    expect(liveEnd.at(-1)?.type).toBe('run.finished');
    expect((await client(C).call('GET', `/build/v1/runs/${live}`, { token })).json.status).toBe('succeeded');

    // A run on A, then A is killed: a survivor ends it once the lease (6 s here) is stale.
    fake.reply({ text: slowApp('Orphan', 200), chunkSize: 10, delayMs: 30 });
    const orphan = (await client(A).call('POST', `/build/v1/sprouts/${p2}/messages`, { token, body: { text: 'Build it' } })).json.runId as string;
    let deltas = 0;
    const onB = followRun(B.url, token, orphan, { onEvent: (e) => void (e.type === 'file.delta' && deltas++) });
    await waitUntil(() => deltas >= 3, { what: 'deltas of the orphan on B' });
    const killedAt = Date.now();
    await A.kill();
    // The stream on B ends when a survivor has ended the run.
    const { events } = await onB;
    const endedMs = Date.now() - killedAt;
    expect(events.at(-1)).toMatchObject({ type: 'run.failed', data: { code: 'interrupted', refunded: true } });
    // Every event once, in order; the end numbered after anything the killed instance may have streamed unstored.
    expect(events.slice(0, -1).map((e) => e.seq)).toEqual(events.slice(0, -1).map((_, i) => i + 1));
    expect(events.at(-1)!.seq).toBeGreaterThan(events.length + MAX_UNSTORED_EVENTS - 1);
    expect((await client(B).call<Run>('GET', `/build/v1/runs/${orphan}`, { token })).json.status).toBe('interrupted');
    record('scale-out', 'run ownership', { liveRunOfOtherInstance: 'succeeded', orphanEndedAfterKillMs: endedMs, leaseSeconds: 6 });
  });
});
