// Every run reaches one end that every follower sees, even when the instance executing it is
// killed at a bad moment: after showing its followers events the database never got (they were
// delivered before storage), or after committing its version but before writing `run.finished`.
// Three API processes on a throwaway PostgreSQL cluster; run_events is held locked by the test, as
// a stalled database would, so which events were stored when the kill lands is chosen, not luck.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run, Sprout } from '@sprout/core/contract';
import { MAX_UNSTORED_EVENTS } from '@sprout/engine';
import { FakeModelServer } from '@sprout/engine/testing';
import { APP, writeApp } from '@sprout/api/testing';
import { ApiClient, followRun, startStandaloneApi, waitUntil, type ApiProcess } from '@sprout/testkit';
import { balancedInstanceEnv, startCluster, type PgCluster } from './pg-cluster';

let cluster: PgCluster;
let fake: FakeModelServer;
let env: Record<string, string>;
let survivor: ApiProcess;
const started: ApiProcess[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  fake = await FakeModelServer.start('openai');
  env = await balancedInstanceEnv(cluster, 'ends', fake.url);
  // It takes no runs (SPROUT_ROLE=api): each run executes on the doomed instance it was sent to.
  survivor = await startStandaloneApi({ ...env, SPROUT_ROLE: 'api' });
  started.push(survivor);
});
afterAll(async () => {
  for (const holder of [...holders]) await releaseHolder(holder);
  for (const p of started) await p.stop();
  await fake?.close();
  await cluster?.destroy();
});

/**
 * Holds run_events locked, as a stalled database would: its inserts wait, reads go on. Returns the
 * release, which afterAll also calls for a test that failed before it.
 */
const holders = new Set<pg.Client>();
async function stallEventWrites(): Promise<() => Promise<void>> {
  const holder = new pg.Client({ connectionString: env.DATABASE_URL });
  await holder.connect();
  holders.add(holder);
  await holder.query('begin');
  await holder.query('lock table run_events in exclusive mode');
  return () => releaseHolder(holder);
}
async function releaseHolder(holder: pg.Client): Promise<void> {
  if (!holders.delete(holder)) return;
  await holder.query('commit');
  await holder.end();
}

/** An instance that executes one run and is then killed, and a run started on it. */
async function runOnDoomedInstance(answer: string) {
  const doomed = await startStandaloneApi(env);
  started.push(doomed);
  const account = await new ApiClient(survivor.url).register({ tag: 'ends' });
  const token = account.idToken;
  const sprout = await new ApiClient(survivor.url).createSprout(token);
  fake.reply({ text: answer, chunkSize: 10, delayMs: 5 });
  const sent = await new ApiClient(doomed.url).call('POST', `/build/v1/sprouts/${sprout.id}/messages`, { token, body: { text: 'Build it' } });
  expect(sent.status).toBe(202);
  return { doomed, token, sprout, runId: sent.json.runId as string };
}

const longApp = (title: string) =>
  writeApp(`${APP(title)}\n${Array.from({ length: 200 }, (_, i) => `// ${title}: line ${i}`).join('\n')}\n`, `Writing ${title}.`);

describe('runs whose instance is killed', () => {
  it('end, for a follower that saw events never stored and reconnects elsewhere, after everything it saw', async () => {
    const release = await stallEventWrites();
    const { doomed, token, runId } = await runOnDoomedInstance(longApp('Unstored'));
    const seen: number[] = [];
    // Its stream breaks when the instance dies: how it ended is kept at once (a rejection left
    // unobserved while the kill is awaited would be reported as unhandled).
    const onDoomed = followRun(doomed.url, token, runId, { onEvent: (e) => void seen.push(e.seq) }).then(
      () => 'ended',
      (err: Error) => `broke: ${err.message}`,
    );
    await waitUntil(() => seen.length >= 30, { what: 'events streamed by the instance before it is killed' });
    await doomed.kill();
    expect(await onDoomed).toMatch(/^broke: /);
    await release();
    const last = Math.max(...seen);

    // The browser reconnects through the balancer to the survivor, from the last event it saw.
    const { events } = await followRun(survivor.url, token, runId, { lastEventId: last, within: 30_000 });
    expect(events.map((e) => e.type)).toEqual(['run.failed']);
    expect(events[0]).toMatchObject({ data: { code: 'interrupted', refunded: true } });
    expect(events[0]!.seq).toBeGreaterThan(last);
    // The database never had all of what the follower saw (the point of this test).
    const stored = await followRun(survivor.url, token, runId, { within: 10_000 });
    expect(stored.events.at(-2)!.seq).toBeLessThan(last);
  });

  it('end with run.finished and the committed version when the kill comes after the commit', async () => {
    const release = await stallEventWrites();
    const { doomed, token, sprout, runId } = await runOnDoomedInstance(longApp('Committed'));
    const client = new ApiClient(survivor.url);
    // Its version is committed (none of its events could be stored): killed before run.finished is.
    const run = await waitUntil(
      async () => {
        const now = (await client.call<Run>('GET', `/build/v1/runs/${runId}`, { token })).json;
        return now.status === 'succeeded' ? now : null;
      },
      { what: 'the run’s commit' },
    );
    await doomed.kill();
    await release();

    const { events } = await followRun(survivor.url, token, runId, { within: 30_000 });
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { versionId: run.resultVersionId } });
    expect(events.at(-1)!.seq).toBeGreaterThan(MAX_UNSTORED_EVENTS);
    expect(events.filter((e) => e.type === 'run.finished')).toHaveLength(1);
    expect((await client.call<Sprout>('GET', `/v1/sprouts/${sprout.id}`, { token })).json.currentVersionId).toBe(run.resultVersionId);
  });
});
