// A rolling deploy: two API instances on one PostgreSQL behind a balancer, and one of them is sent
// SIGTERM (as an orchestrator replacing it does) while a reply is being written on it. Its /health
// says "draining" so the balancer sends new requests elsewhere, the reply finishes where it runs, a
// person following it through the other instance sees it end with its version, it is charged once,
// and the stopped instance exits cleanly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run, Usage } from '@sprout/core/contract';
import { FakeModelServer } from '@sprout/engine/testing';
import { APP, writeApp } from '@sprout/api/testing';
import { ApiClient, followRun, startStandaloneApi, waitUntil, type ApiProcess } from '@sprout/testkit';
import { balancedInstanceEnv, startCluster, type PgCluster } from './pg-cluster';
import { record } from './figures';

let cluster: PgCluster;
let fake: FakeModelServer;
let A: ApiProcess;
let B: ApiProcess;

beforeAll(async () => {
  cluster = await startCluster();
  fake = await FakeModelServer.start('openai');
  const env = await balancedInstanceEnv(cluster, 'deploy', fake.url);
  // B takes no runs (SPROUT_ROLE=api): the run executes on A, the instance being replaced.
  [A, B] = await Promise.all([startStandaloneApi({ ...env, SHUTDOWN_DRAIN_SECONDS: '60' }), startStandaloneApi({ ...env, SPROUT_ROLE: 'api' })]);
});
afterAll(async () => {
  for (const p of [A, B]) await p?.stop();
  await fake?.close();
  await cluster?.destroy();
});

const exitOf = (p: ApiProcess) =>
  new Promise<number | string>((resolve) =>
    p.child.exitCode !== null ? resolve(p.child.exitCode) : p.child.once('exit', (code, signal) => resolve(code ?? String(signal))),
  );

describe('SIGTERM to an instance with a reply running on it', () => {
  it('drains: health says so, the reply finishes and is charged once, followers elsewhere see its end, and the process exits 0', async () => {
    const b = new ApiClient(B.url);
    const account = await b.register({ tag: 'deploy' });
    const token = account.idToken;
    const sprout = await b.createSprout(token);
    const filler = Array.from({ length: 50 }, (_, i) => `// line ${i} of a file still being written at the deploy`).join('\n');
    fake.reply({ text: writeApp(`${APP('Deployed mid-run')}\n${filler}\n`, 'Writing it.', 'Built during a deploy'), chunkSize: 12, delayMs: 20 });
    const sent = await new ApiClient(A.url).call('POST', `/build/v1/sprouts/${sprout.id}/messages`, { token, body: { text: 'Build it' } });
    expect(sent.status).toBe(202);
    const runId = sent.json.runId as string;
    let deltas = 0;
    const following = followRun(B.url, token, runId, { onEvent: (e) => void (e.type === 'file.delta' && deltas++) });
    await waitUntil(() => deltas >= 3, { what: 'the reply to be streaming' });

    const exit = exitOf(A);
    const signalledAt = Date.now();
    A.child.kill('SIGTERM');
    // The balancer's health check now sends new requests elsewhere; the reply goes on meanwhile.
    await waitUntil(
      async () => {
        const res = await fetch(`${A.url}/health`);
        return res.status === 503 && ((await res.json()) as { status: string }).status === 'draining';
      },
      { what: "A's /health to say it is draining" },
    );
    expect((await b.call<Run>('GET', `/build/v1/runs/${runId}`, { token })).json.status).toBe('running');

    const { events } = await following;
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { summary: 'Built during a deploy' } });
    expect(events.filter((e) => ['run.finished', 'run.failed', 'run.stopped'].includes(e.type))).toHaveLength(1);
    expect(await exit).toBe(0);
    const run = (await b.call<Run>('GET', `/build/v1/runs/${runId}`, { token })).json;
    expect(run.status).toBe('succeeded');
    expect((await b.call<Usage>('GET', '/usage', { token })).json.dailyMessages.used).toBe(1);
    const files = await b.call('GET', `/build/v1/sprouts/${sprout.id}/files`, { token });
    expect((files.json.files as { path: string; content: string }[]).find((f) => f.path === 'client/src/App.tsx')?.content).toContain('Deployed mid-run');
    record('rolling-deploy', 'drain on SIGTERM', { drainedAndExitedMs: Date.now() - signalledAt, interrupted: 0 });
  });
});
