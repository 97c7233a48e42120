// Database faults: PostgreSQL is crashed (immediate stop) and started again while
// requests keep flowing through two API instances. During the outage every answer is a clear 503
// (or a success), every request is answered; afterwards the API recovers on its own — requests, and events
// crossing instances over a LISTEN connection that reconnected — and every write that was answered
// 201 is still there. Runs on a throwaway cluster, never the shared server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sprout } from '@sprout/core/contract';
import { FakeModelServer } from '@sprout/engine/testing';
import { APP, listenApiInstance, writeApp, type ApiInstance } from '@sprout/api/testing';
import { ApiClient, followRun, SHARED_PREVIEW_CACHE, waitUntil } from '@sprout/testkit';
import { startCluster, type PgCluster } from './pg-cluster';
import { record } from './figures';

let cluster: PgCluster;
let fake: FakeModelServer;
const instances: ApiInstance[] = [];

async function instance(databaseUrl: string) {
  const started = await listenApiInstance(databaseUrl, {
    STAFF_EMAILS: 'writer@faults.test',
    SPROUT_MODEL: `openai-compatible:${fake.url}#m`,
    MODEL_MAX_RETRIES: '0',
    PREVIEW_CACHE_DIR: SHARED_PREVIEW_CACHE,
  });
  instances.push(started);
  return started.url;
}

beforeAll(async () => {
  cluster = await startCluster();
  fake = await FakeModelServer.start('openai');
});
// Closed the way the API shuts down (apps/api/src/shutdown.ts), so the clean-up cannot hang the
// suite: seen once in CI under load, closing an instance after the outage outlasted the 3-minute
// hook limit (not reproduced since). A stuck step is named in the log and left behind; the cluster
// is destroyed anyway.
afterAll(async () => {
  for (const [n, i] of instances.entries()) {
    const result = await i.close(40_000);
    if (!result.ok && result.error) throw result.error;
    if (!result.ok) console.error(`[db-faults] instance ${n + 1}: ${result.stuck} did not finish within 40 s after the outage; left behind`);
  }
  await fake?.close();
  await cluster?.destroy();
});

interface Outcome {
  at: number;
  ms: number;
  status: number;
  code?: string;
  retryAfter?: string | null;
  name?: string;
}

describe('PostgreSQL restarts while requests flow', () => {
  it('answers 503 during the outage, recovers without a restart, and loses no committed write', async () => {
    const databaseUrl = await cluster.createDatabase('faults');
    const [a, b] = [await instance(databaseUrl), await instance(databaseUrl)];
    const { idToken: token } = await new ApiClient(a).register({ email: 'writer@faults.test', displayName: 'Writer' });

    const outcomes: Outcome[] = [];
    const committed: string[] = [];
    let stop = false;
    let n = 0;
    let inFlight = 0;
    // Four writers and two readers, alternating between the instances.
    const worker = async (w: number) => {
      while (!stop) {
        const base = n++ % 2 === 0 ? a : b;
        const started = Date.now();
        const write = w < 4;
        const name = `w${w}-${n}`;
        inFlight++;
        try {
          const res = await fetch(`${base}/v1/sprouts`, {
            method: write ? 'POST' : 'GET',
            headers: { authorization: `Bearer ${token}`, ...(write ? { 'content-type': 'application/json' } : {}) },
            body: write ? JSON.stringify({ displayName: name }) : undefined,
          });
          const body = (await res.json()) as { code?: string };
          outcomes.push({ at: started, ms: Date.now() - started, status: res.status, code: body.code, retryAfter: res.headers.get('retry-after'), name });
          if (write && res.status === 201) committed.push(name);
        } catch (err) {
          outcomes.push({ at: started, ms: Date.now() - started, status: -1, code: (err as Error).name });
        } finally {
          inFlight--;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const workers = Array.from({ length: 6 }, (_, w) => worker(w));
    const health: { at: number; status: number }[] = [];
    const probe = setInterval(() => {
      const at = Date.now();
      void fetch(`${a}/health`, { signal: AbortSignal.timeout(5_000) }).then(
        (r) => health.push({ at, status: r.status }),
        () => health.push({ at, status: -1 }),
      );
    }, 250);

    // Whatever fails on the way, the writers and the probe stop with it (they would keep knocking
    // on the instances while the clean-up closes them).
    let down = 0;
    let up = 0;
    let recovered!: Outcome;
    try {
      // Writes are answered before the database goes away...
      await waitUntil(() => committed.length >= 5, { what: 'writes answered before the outage' });
      down = Date.now();
      await cluster.stop('immediate');
      // ...then the outage is seen: a request sent after the stop answered 503, and so did the health check.
      await waitUntil(() => outcomes.some((o) => o.at >= down && o.status === 503) && health.some((h) => h.at >= down && h.status === 503), {
        what: 'a request and the health check answered 503 during the outage',
      });
      await cluster.start();
      up = Date.now();
      recovered = await waitUntil(() => outcomes.find((o) => o.at > up && o.status === 201), { what: 'a successful write after the restart' });
      // ...and requests keep being answered after the first success.
      await waitUntil(() => outcomes.filter((o) => o.at > recovered.at).length > 10, { what: 'more than ten requests answered after the recovery' });
      stop = true;
      // Every request sent is answered: none hangs.
      await waitUntil(() => inFlight === 0, { what: 'every request sent to be answered (none hangs)', timeout: 60_000 });
      await Promise.all(workers);
    } finally {
      stop = true;
      clearInterval(probe);
    }

    const during = outcomes.filter((o) => o.at >= down && o.at < up);
    const after = outcomes.filter((o) => o.at > recovered.at);
    // During the outage: 503 with the 'unavailable' code and Retry-After, or a success; never a 500 or a broken connection.
    expect(during.filter((o) => o.status === 503).length).toBeGreaterThan(0);
    for (const o of outcomes) {
      expect([200, 201, 503]).toContain(o.status);
      if (o.status === 503) expect(o).toMatchObject({ code: 'unavailable', retryAfter: '5' });
    }
    expect(health.some((h) => h.at >= down && h.at < up && h.status === 503)).toBe(true);
    // Afterwards: everything succeeds again, with no restart of the API.
    expect(after.length).toBeGreaterThan(10);
    expect(after.every((o) => o.status === 200 || o.status === 201)).toBe(true);
    // Every write answered 201 is there.
    const list = (await new ApiClient(b).call<Sprout[]>('GET', '/v1/sprouts', { token })).json;
    const names = new Set(list.map((s) => s.displayName));
    const lost = committed.filter((c) => !names.has(c));
    expect(lost).toEqual([]);

    // Events still cross instances: the LISTEN connection came back by itself.
    fake.reply({ text: writeApp(APP('After the outage')), chunkSize: 20, delayMs: 10 });
    const sent = await new ApiClient(a).call('POST', `/build/v1/sprouts/${list[0]!.id}/messages`, { token, body: { text: 'hello' } });
    expect(sent.status, JSON.stringify(sent.json)).toBe(202);
    // A bounded wait: events that never cross (the LISTEN connection never came back) fail here,
    // naming the run and the last event, instead of holding the test until its time limit.
    const { events } = await followRun(b, token, sent.json.runId, { within: 60_000 });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.at(-1)?.type).toBe('run.finished');

    const figures = {
      requests: outcomes.length,
      duringOutage: during.length,
      answered503: outcomes.filter((o) => o.status === 503).length,
      other5xx: outcomes.filter((o) => o.status >= 500 && o.status !== 503).length,
      slowestMs: Math.max(...outcomes.map((o) => o.ms)),
      outageMs: up - down,
      recoveredMsAfterStart: recovered.at - up,
      committedWrites: committed.length,
      lostWrites: lost.length,
    };
    record('database faults', 'PostgreSQL immediate stop + start', figures);
  });
});
