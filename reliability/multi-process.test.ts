// The multi-process shape of a production install, on its own PostgreSQL and S3 store: two API
// instances (SPROUT_ROLE=api) behind a round-robin balancer, run workers (SPROUT_ROLE=run-worker,
// without Chromium) and a check worker (SPROUT_ROLE=check-worker) beside them. A run sent while no worker runs waits in the queue (past any lease) until one starts;
// then each process is killed at a chosen moment — a worker mid-stream and during a run's render
// check, an API instance under a follower's stream and during a publish — and a worker is stopped
// for a deploy mid-run (it drains). Every run reaches exactly one end that every open follower sees,
// nothing is charged twice or for an interrupted run, and the next request is served by the
// processes left. The check worker type-checks the run workers' candidates too. A check worker
// killed mid-check: the run queues the check again for another; a run worker killed while it builds
// a publish: the API instance asked queues it again for another.
// Account mail and analytics forwarding are jobs too: what the SMTP server or the analytics endpoint
// refuses for a while is sent again later, once.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run, Usage } from '@sprout/core/contract';
import { FakeModelServer } from '@sprout/engine/testing';
import { APP, writeApp } from '@sprout/api/testing';
import { ApiClient, followRun, SmtpSink, startStandaloneApi, waitUntil, type ApiProcess, type ReceivedRunEvent } from '@sprout/testkit';
import { startAnalyticsEndpoint, type AnalyticsEndpoint } from './analytics-endpoint';
import { startBalancer, type Balancer } from './balancer';
import { startObjectStore, type ObjectStore } from './object-store';
import { balancedInstanceEnv, startCluster, type PgCluster } from './pg-cluster';
import { record } from './figures';

let cluster: PgCluster;
let objects: ObjectStore;
let fake: FakeModelServer;
let smtp: SmtpSink;
let analytics: AnalyticsEndpoint;
let env: Record<string, string>;
let balancer: Balancer;
let apis: ApiProcess[];
let token: string;
const processes: ApiProcess[] = [];

const TERMINAL = ['run.finished', 'run.failed', 'run.stopped'];
const startApi = async () => {
  const p = await startStandaloneApi({ ...env, SPROUT_ROLE: 'api' });
  processes.push(p);
  return p;
};
// A worker stopped for a deploy lets its runs finish first (SHUTDOWN_DRAIN_SECONDS). Run workers
// have no Chromium: each candidate's render check is a job for the check worker.
const startWorker = async () => {
  const p = await startStandaloneApi({ ...env, SPROUT_ROLE: 'run-worker', SHUTDOWN_DRAIN_SECONDS: '60', CHROMIUM_PATH: '/nonexistent/chromium' });
  processes.push(p);
  workers.push(p);
  return p;
};
const startCheckWorker = async () => {
  const p = await startStandaloneApi({ ...env, SPROUT_ROLE: 'check-worker', SHUTDOWN_DRAIN_SECONDS: '60' });
  processes.push(p);
  checkers.push(p);
  return p;
};
const workers: ApiProcess[] = [];
const checkers: ApiProcess[] = [];
const longApp = (title: string, lines: number) =>
  writeApp(
    `${APP(title)}\n${Array.from({ length: lines }, (_, i) => `// ${title}: line ${i} of a long file`).join('\n')}\n`,
    `Writing ${title}.`,
    `Built ${title}`,
  );

beforeAll(async () => {
  cluster = await startCluster();
  objects = await startObjectStore();
  fake = await FakeModelServer.start('openai');
  smtp = await SmtpSink.start();
  analytics = await startAnalyticsEndpoint();
  // Staff: no limit of projects or messages across the suite's runs (messages are still counted).
  env = {
    ...(await balancedInstanceEnv(cluster, 'multi', fake.url)),
    ...objects.env,
    STAFF_EMAILS: 'staff@multi.test',
    SMTP_URL: smtp.url,
    ANALYTICS_WRITE_KEY: 'wk_multi',
    ANALYTICS_URL: analytics.url,
  };
  apis = await Promise.all([startApi(), startApi()]);
  await startCheckWorker();
  balancer = await startBalancer(apis.map((a) => a.url));
  token = (await new ApiClient(balancer.url).register({ email: 'staff@multi.test' })).idToken;
});
afterAll(async () => {
  for (const p of processes) await p.stop();
  await balancer?.close();
  await fake?.close();
  await smtp?.close();
  await analytics?.close();
  await objects?.close();
  await cluster?.destroy();
});

const lb = () => new ApiClient(balancer.url);
const used = async () => (await lb().call<Usage>('GET', '/usage', { token })).json.dailyMessages.used;
const terminals = (events: ReceivedRunEvent[]) => events.filter((e) => TERMINAL.includes(e.type));

/** A series' value in the Prometheus text of a process's /metrics (0 when absent: a histogram nothing was observed in). */
async function metric(on: ApiProcess, series: string): Promise<number> {
  const text = await (await fetch(`${on.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** A run sent through the balancer, followed through each API instance directly; resolves once `ready` accepted an event. */
async function runFollowedEverywhere(answer: string, ready: (e: ReceivedRunEvent) => boolean) {
  const sprout = await lb().createSprout(token);
  fake.reply({ text: answer, chunkSize: 20, delayMs: 20 });
  const sent = await lb().call('POST', `/build/v1/sprouts/${sprout.id}/messages`, { token, body: { text: 'Build it' } });
  expect(sent.status).toBe(202);
  const runId = sent.json.runId as string;
  let reached: () => void = () => undefined;
  const atReady = new Promise<void>((r) => (reached = r));
  const followers = apis.map((a) => followRun(a.url, token, runId, { onEvent: (e) => void (ready(e) && reached()) }).then((r) => r.events));
  await atReady;
  return { runId, sproutId: sprout.id, followers };
}

/** A published app's page at `publicUrl`, asked of one instance directly (its Host names the app). */
function publishedPage(on: ApiProcess, publicUrl: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${on.url}/`, { headers: { host: new URL(publicUrl).host } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every follower ends with the same one end, after the same events, each once, in order. */
async function expectOneEnd(followers: Promise<ReceivedRunEvent[]>[], end: Record<string, unknown>) {
  const seen = await Promise.all(followers);
  for (const events of seen) {
    expect(terminals(events)).toHaveLength(1);
    expect(events.at(-1)).toMatchObject(end);
    expect(events.map((e) => e.seq)).toEqual([...events.map((e) => e.seq)].sort((a, b) => a - b));
    expect(new Set(events.map((e) => e.seq)).size).toBe(events.length);
  }
  expect(seen[1]!.map((e) => e.seq)).toEqual(seen[0]!.map((e) => e.seq));
}

describe('API instances behind a balancer and run workers, each killed at a chosen moment', () => {
  it('keeps a run sent while no worker runs in the queue, past any lease, until a worker starts and runs it', async () => {
    const sprout = await lb().createSprout(token);
    fake.reply({ text: longApp('Queued', 5) });
    const sent = await lb().call('POST', `/build/v1/sprouts/${sprout.id}/messages`, { token, body: { text: 'Build it' } });
    expect(sent.status).toBe(202);
    const runId = sent.json.runId as string;
    // Written in the run's transaction: both API instances count it at once.
    for (const api of apis) expect(await metric(api, 'sprout_jobs_waiting{queue="runs"}')).toBe(1);
    // A lease and a half: the API instances' sweeps would have ended a run that had been taken.
    const leaseMs = Number(env.RUN_LEASE_SECONDS) * 1000;
    const queuedAt = Date.now();
    await waitUntil(() => Date.now() - queuedAt > leaseMs * 1.5, { what: 'a lease and a half to pass', timeout: leaseMs * 3 });
    expect((await lb().call<Run>('GET', `/build/v1/runs/${runId}`, { token })).json.status).toBe('running');
    expect(fake.requests).toHaveLength(0);

    const following = apis.map((a) => followRun(a.url, token, runId).then((r) => r.events));
    const worker = await startWorker();
    await expectOneEnd(following, { type: 'run.finished', data: { summary: 'Built Queued' } });
    expect(await metric(apis[0]!, 'sprout_jobs_waiting{queue="runs"}')).toBe(0);
    // The worker took it after its wait in the queue; the API instances take none.
    expect(await metric(worker, 'sprout_job_wait_seconds_count{queue="runs"}')).toBe(1);
    expect(await metric(worker, 'sprout_job_wait_seconds_sum{queue="runs"}')).toBeGreaterThan(leaseMs / 1000);
    for (const api of apis) expect(await metric(api, 'sprout_job_wait_seconds_count{queue="runs"}')).toBe(0);
    record('multi-process', 'queued with no worker, run by one started later', { waitedMs: Date.now() - queuedAt });
  });

  it('a worker killed mid-stream: the run ends once, interrupted and given back, for every follower; a new worker takes the next', async () => {
    const worker = workers.at(-1)!;
    const before = await used();
    const { runId, followers } = await runFollowedEverywhere(longApp('Mid-stream', 150), (e) => e.type === 'file.delta');
    const killedAt = Date.now();
    await worker.kill();
    await expectOneEnd(followers, { type: 'run.failed', data: { code: 'interrupted', refunded: true } });
    expect((await lb().call<Run>('GET', `/build/v1/runs/${runId}`, { token })).json.status).toBe('interrupted');
    expect(await used()).toBe(before);
    const endedMs = Date.now() - killedAt;

    await startWorker();
    const next = await runFollowedEverywhere(longApp('After the kill', 5), () => true);
    await expectOneEnd(next.followers, { type: 'run.finished' });
    expect(await used()).toBe(before + 1);
    record('multi-process', 'worker killed mid-stream', { endedAfterKillMs: endedMs, leaseSeconds: Number(env.RUN_LEASE_SECONDS) });
  });

  it('a worker killed during the render check: the same one end, the candidate never becomes the version', async () => {
    const worker = workers.at(-1)!;
    const before = await used();
    const { runId, sproutId, followers } = await runFollowedEverywhere(longApp('Under check', 5), (e) => e.type === 'preview.candidate');
    await worker.kill();
    await expectOneEnd(followers, { type: 'run.failed', data: { code: 'interrupted', refunded: true } });
    const sprout = await lb().call('GET', `/v1/sprouts/${sproutId}`, { token });
    const files = await lb().call('GET', `/build/v1/sprouts/${sproutId}/files`, { token });
    expect(JSON.stringify(files.json)).not.toContain('Under check');
    expect(sprout.status).toBe(200);
    expect((await lb().call<Run>('GET', `/build/v1/runs/${runId}`, { token })).json.status).toBe('interrupted');
    expect(await used()).toBe(before);
    await startWorker();
  });

  it('a worker stopped for a deploy mid-run drains: /health says so, the run finishes there, charged once, and it exits 0', async () => {
    const worker = workers.at(-1)!;
    const before = await used();
    const { runId, followers } = await runFollowedEverywhere(longApp('Deployed mid-run', 100), (e) => e.type === 'file.delta');
    const exit = new Promise<number | string>((resolve) => worker.child.once('exit', (code, signal) => resolve(code ?? String(signal))));
    worker.child.kill('SIGTERM');
    await waitUntil(
      async () => {
        const res = await fetch(`${worker.url}/health`);
        return res.status === 503 && ((await res.json()) as { status: string }).status === 'draining';
      },
      { what: "the worker's /health to say it is draining" },
    );
    expect((await lb().call<Run>('GET', `/build/v1/runs/${runId}`, { token })).json.status).toBe('running');
    await expectOneEnd(followers, { type: 'run.finished', data: { summary: 'Built Deployed mid-run' } });
    expect(await exit).toBe(0);
    expect(await used()).toBe(before + 1);
    await startWorker();
  });

  it('a run worker without Chromium: the check worker checks its candidate, and a check worker stopped for a deploy mid-check finishes it', async () => {
    const checker = checkers.at(-1)!;
    const checked = async (title: string, ready: (e: ReceivedRunEvent) => boolean = () => true) => {
      const run = await runFollowedEverywhere(longApp(title, 5), ready);
      return { ...run, seen: run.followers[0]!.then((events) => events.filter((e) => e.type === 'check.result').map((e) => e.data.render)) };
    };
    const first = await checked('Checked elsewhere');
    await expectOneEnd(first.followers, { type: 'run.finished', data: { summary: 'Built Checked elsewhere' } });
    expect(await first.seen).toEqual([expect.objectContaining({ status: 'passed', screenshotId: expect.any(String) })]);
    const tookChecks = await metric(checker, 'sprout_job_wait_seconds_count{queue="checks"}');
    expect(tookChecks).toBeGreaterThanOrEqual(1);
    expect(await metric(workers.at(-1)!, 'sprout_job_wait_seconds_count{queue="checks"}')).toBe(0);
    // Its type check too: the check worker answered it, the run worker started no compiler; every instance counts the queue.
    expect(await metric(checker, 'sprout_job_wait_seconds_count{queue="type_checks"}')).toBeGreaterThanOrEqual(1);
    expect(await metric(workers.at(-1)!, 'sprout_job_wait_seconds_count{queue="type_checks"}')).toBe(0);
    expect(await (await fetch(`${apis[0]!.url}/metrics`)).text()).toMatch(/^sprout_jobs_waiting\{queue="type_checks"\} 0$/m);

    // Stopped while it checks the next candidate: /health says draining, the check finishes there, the run passes.
    const second = await checked('Checked while deploying', (e) => e.type === 'preview.candidate');
    await waitUntil(async () => (await metric(checker, 'sprout_job_wait_seconds_count{queue="checks"}')) > tookChecks, {
      what: 'the check worker to take the check',
    });
    const exit = new Promise<number | string>((resolve) => checker.child.once('exit', (code, signal) => resolve(code ?? String(signal))));
    checker.child.kill('SIGTERM');
    await expectOneEnd(second.followers, { type: 'run.finished', data: { summary: 'Built Checked while deploying' } });
    expect(await second.seen).toEqual([expect.objectContaining({ status: 'passed' })]);
    expect(await exit).toBe(0);

    // The next check waits in the queue with no check worker running, until one started later takes it.
    const third = await checked('Checked by the next worker', (e) => e.type === 'preview.candidate');
    await waitUntil(async () => (await metric(apis[0]!, 'sprout_jobs_waiting{queue="checks"}')) === 1, { what: 'the check to wait in the queue' });
    const next = await startCheckWorker();
    await expectOneEnd(third.followers, { type: 'run.finished' });
    expect(await third.seen).toEqual([expect.objectContaining({ status: 'passed' })]);
    expect(await metric(next, 'sprout_job_wait_seconds_count{queue="checks"}')).toBe(1);
  });

  it('a check worker killed during a check: the run asks again, another check worker passes it, one end', async () => {
    const doomed = checkers.at(-1)!;
    const took = await metric(doomed, 'sprout_job_wait_seconds_count{queue="checks"}');
    const { followers } = await runFollowedEverywhere(longApp('Checked after a kill', 5), (e) => e.type === 'preview.candidate');
    await waitUntil(async () => (await metric(doomed, 'sprout_job_wait_seconds_count{queue="checks"}')) > took, { what: 'the check worker to take the check' });
    const killedAt = Date.now();
    await doomed.kill();
    // Its job stays locked for hours; the run hears the worker go quiet and queues the check again.
    const next = await startCheckWorker();
    const seen = await Promise.all(followers);
    await expectOneEnd(followers, { type: 'run.finished', data: { summary: 'Built Checked after a kill' } });
    expect(seen[0]!.filter((e) => e.type === 'check.result').map((e) => e.data.render)).toEqual([expect.objectContaining({ status: 'passed' })]);
    expect(await metric(next, 'sprout_job_wait_seconds_count{queue="checks"}')).toBe(1);
    record('multi-process', 'check worker killed mid-check', { endedAfterKillMs: Date.now() - killedAt });
  });

  it('a run worker killed during a publish: the publish is built again by another worker, and the app is served', async () => {
    const sprout = await lb().createSprout(token);
    const doomed = workers.at(-1)!;
    const took = await metric(doomed, 'sprout_job_wait_seconds_count{queue="publishes"}');
    // The API instance asked waits for the publish; the run worker takes it and dies building it.
    const published = lb().call('POST', `/build/v1/sprouts/${sprout.id}/publish`, { token, body: {} });
    await waitUntil(async () => (await metric(doomed, 'sprout_job_wait_seconds_count{queue="publishes"}')) > took, {
      what: 'the run worker to take the publish',
      interval: 10,
    });
    await doomed.kill();
    const killedAt = Date.now();
    const next = await startWorker();
    const answer = await published;
    expect(answer.status).toBe(200);
    expect(await metric(next, 'sprout_job_wait_seconds_count{queue="publishes"}')).toBe(1);
    const page = await publishedPage(apis[0]!, answer.json.publicUrl as string);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    record('multi-process', 'run worker killed during a publish', { answeredAfterKillMs: Date.now() - killedAt });
  });

  it('a mail asked for while the SMTP server refuses is answered at once, and sent once when it accepts again', async () => {
    const before = smtp.received.length;
    smtp.refuse = 1;
    const asked = await lb().call('POST', '/v1/auth/password-reset', { body: { email: 'staff@multi.test' } });
    expect(asked.status).toBe(202);
    await waitUntil(() => smtp.received.length > before, { what: 'the reset mail to arrive after a refusal' });
    expect(smtp.refused).toBe(1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['staff@multi.test']);
    expect(mail.data).toContain('Subject: Reset your Sprout password');
    // The body is quoted-printable: soft line breaks and `=3D` for `=`.
    const body = mail.data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    expect(body).toMatch(/\/reset-password\?token=[\w-]{20,}/);
    // Sent once: no later attempt sends it again.
    const queued = await lb().call('POST', '/v1/auth/password-reset', { body: { email: 'staff@multi.test' } });
    expect(queued.status).toBe(202);
    await waitUntil(() => smtp.received.length === before + 2, { what: 'the second reset mail' });
    expect(smtp.received.slice(before).map((m) => m.to[0])).toEqual(['staff@multi.test', 'staff@multi.test']);
  });

  it('events sent while the analytics endpoint fails are answered at once, and forwarded once when it takes them again', async () => {
    const event = (id: string) => ({
      messageId: id,
      name: 'Page Viewed',
      properties: { path: '/' },
      timestamp: new Date().toISOString(),
      anonymousId: 'anon-multi',
    });
    // Three failures: more than the process that stored the batch would try on its own.
    analytics.failNext = 3;
    const sent = await lb().call('POST', '/v1/events', { body: { events: [event('multi-batch-1')] } });
    expect(sent.status).toBe(202);
    // The queue waits e^attempt seconds after each failure: 2.7 + 7.4 + 20 = 30 s before the fourth
    // attempt, which is why the wait is longer than the usual 30 s (it once ended 0.1 s too early).
    await waitUntil(() => analytics.accepted.length > 0, { what: 'the batch to be forwarded after three failures', timeout: 60_000 });
    expect(analytics.answers).toEqual([503, 503, 503, 200]);
    // Taken once: the next batch is the only other one the endpoint gets.
    await lb().call('POST', '/v1/events', { body: { events: [event('multi-batch-2')] } });
    await waitUntil(() => analytics.accepted.length === 2, { what: 'the second batch' });
    expect(analytics.accepted).toEqual([['multi-batch-1'], ['multi-batch-2']]);
  });

  it('an API instance killed under a follower: the follower resumes through the balancer and sees the end once', async () => {
    const sprout = await lb().createSprout(token);
    fake.reply({ text: longApp('Resumed', 100), chunkSize: 20, delayMs: 20 });
    const runId = (await lb().call('POST', `/build/v1/sprouts/${sprout.id}/messages`, { token, body: { text: 'Build it' } })).json.runId as string;
    // Followed through the instance that is killed, then again through the balancer from where it was cut.
    const [doomed, survivor] = apis;
    let deltas = 0;
    const cut = followRun(doomed!.url, token, runId, { onEvent: (e) => void (e.type === 'file.delta' && deltas++) }).catch(() => null);
    await waitUntil(() => deltas >= 3, { what: 'the follower to be streaming' });
    await doomed!.kill();
    const before = (await cut)?.events ?? [];
    const lastSeen = before.at(-1)?.seq ?? 0;
    expect(terminals(before)).toHaveLength(0);
    const rest = (await followRun(balancer.url, token, runId, { lastEventId: lastSeen })).events;
    const all = [...before, ...rest];
    expect(terminals(all)).toHaveLength(1);
    expect(all.at(-1)).toMatchObject({ type: 'run.finished' });
    expect(all.map((e) => e.seq)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    apis = [survivor!, await startApi()];
    balancer.backends = apis.map((a) => a.url);
  });

  it('an API instance killed during a publish: the app is published once asked again, and served', async () => {
    const sprout = await lb().createSprout(token);
    const [doomed, survivor] = apis;
    // The request is on its way to the instance when it dies: published or not, nothing half.
    const answered = new Promise<number>((resolve) => {
      const req = request(`${doomed!.url}/build/v1/sprouts/${sprout.id}/publish`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('error', () => resolve(0));
      req.end('{}');
    });
    await doomed!.kill();
    const status = await answered;
    expect([0, 200]).toContain(status);
    const again = await lb().call('POST', `/build/v1/sprouts/${sprout.id}/publish`, { token, body: {} });
    expect(again.status).toBe(200);
    const page = await publishedPage(survivor!, again.json.publicUrl as string);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    apis = [survivor!, await startApi()];
    balancer.backends = apis.map((a) => a.url);
  });
});
