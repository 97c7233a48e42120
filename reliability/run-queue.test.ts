// Runs as jobs on a queue in PostgreSQL (graphile-worker), taken by whichever process takes runs:
// an API-only instance (SPROUT_ROLE=api) queues a run in the transaction that creates it, the run
// waits there (past any lease: nothing ends a run nobody has taken yet) and /metrics counts it, and a
// run worker started later (SPROUT_ROLE=run-worker) takes it and executes it to its end, which the
// person follows through the API instance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from '@sprout/core/contract';
import { FakeModelServer } from '@sprout/engine/testing';
import { APP, writeApp } from '@sprout/api/testing';
import { ApiClient, followRun, startStandaloneApi, waitUntil, type ApiProcess } from '@sprout/testkit';
import { balancedInstanceEnv, startCluster, type PgCluster } from './pg-cluster';
import { record } from './figures';

let cluster: PgCluster;
let fake: FakeModelServer;
let env: Record<string, string>;
const started: ApiProcess[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  fake = await FakeModelServer.start('openai');
  env = await balancedInstanceEnv(cluster, 'queue', fake.url);
});
afterAll(async () => {
  for (const p of started) await p.stop();
  await fake?.close();
  await cluster?.destroy();
});

/** A series' value in the Prometheus text of `on`'s /metrics (0 when absent: a histogram nothing was observed in). */
async function metric(on: ApiProcess, series: string): Promise<number> {
  const text = await (await fetch(`${on.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('the run queue', () => {
  it('keeps a run sent to an API-only instance until a run worker takes it, past any lease, and runs it there', async () => {
    const api = await startStandaloneApi({ ...env, SPROUT_ROLE: 'api' });
    started.push(api);
    const client = new ApiClient(api.url);
    const token = (await client.register({ tag: 'queue' })).idToken;
    const sprout = await client.createSprout(token);
    fake.reply({ text: writeApp(APP('Queued board'), 'Building it.', 'Built by the worker') });
    const sent = await client.call('POST', `/build/v1/sprouts/${sprout.id}/messages`, { token, body: { text: 'Build it' } });
    expect(sent.status).toBe(202);
    const runId = sent.json.runId as string;
    await waitUntil(async () => (await metric(api, 'sprout_jobs_waiting{queue="runs"}')) === 1, { what: 'the run to be counted as waiting' });

    // Two of the API instance's sweeps after the lease (6 s) would have gone stale, the run still waits.
    const leaseMs = Number(env.RUN_LEASE_SECONDS) * 1000;
    const queuedAt = Date.now();
    await waitUntil(() => Date.now() - queuedAt > leaseMs * 1.5, { what: 'a lease and a half to pass', timeout: leaseMs * 3 });
    expect((await client.call<Run>('GET', `/build/v1/runs/${runId}`, { token })).json.status).toBe('running');
    expect(fake.requests).toHaveLength(0);

    const following = followRun(api.url, token, runId);
    const worker = await startStandaloneApi({ ...env, SPROUT_ROLE: 'run-worker' });
    started.push(worker);
    const { events } = await following;
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { summary: 'Built by the worker' } });
    expect((await client.call<Run>('GET', `/build/v1/runs/${runId}`, { token })).json.status).toBe('succeeded');
    expect(await metric(api, 'sprout_jobs_waiting{queue="runs"}')).toBe(0);
    // The worker took it, after its wait in the queue.
    expect(await metric(worker, 'sprout_job_wait_seconds_count{queue="runs"}')).toBe(1);
    expect(await metric(worker, 'sprout_job_wait_seconds_sum{queue="runs"}')).toBeGreaterThan(leaseMs / 1000);
    expect(await metric(api, 'sprout_job_wait_seconds_count{queue="runs"}')).toBe(0);
    record('run-queue', 'queued on an API instance, run by a worker started later', { waitedMs: Date.now() - queuedAt, events: events.length });
  });
});
