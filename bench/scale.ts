// npm run bench:scale — many runs at once on ONE API instance: bursts of 100 concurrent runs (20
// with --short) against a fake OpenAI-compatible model, each followed live over SSE as the web app
// does. Correctness: every event stored is received live exactly once (events lost must be 0) and
// every run finishes. Figures: the API's peak RSS, and how long a burst takes against one run alone
// (the alone time is a median of several single runs). The API runs with the Node options
// `npm start` gives it (@sprout/api/node-args: its heap limit), so its RSS is what an installation
// started that way reaches. The render check opens each run's candidate in Chromium: the browser's
// processes are the API's children, not part of its RSS, and their peak (proportional set size,
// summed) is reported on a row of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MessageSent } from '@sprout/core/contract';
import { FakeModelServer } from '@sprout/engine/testing';
import { ApiClient, followRun, startStandaloneApi, type ApiProcess, type ReceivedRunEvent } from '@sprout/testkit';
import { apiNodeArgs } from '@sprout/api/node-args';
import { rssMb, sampleChildren } from './process-memory';
import { isMain, median, runs, SHORT, type Row } from './summary';

/** A reply that writes one file: ~60 chunks of 12 characters, one every 20 ms (~1.2 s). */
function reply(title: string) {
  const app = `import { Button } from '@/components/ui/button';\n\nexport default function App() {\n  return (\n    <main className="p-6">\n      <h1 className="text-2xl font-bold">${title}</h1>\n      <Button>Start</Button>\n    </main>\n  );\n}\n`;
  const text = `Writing ${title}.\n\n<sprout-write path="client/src/App.tsx">\n${app}</sprout-write>\n\n<sprout-summary>Built ${title}</sprout-summary>\n`;
  return { text, chunkSize: 12, delayMs: 20 };
}

export interface Burst {
  seconds: number;
  /** The API's resident set size after the burst (MB). */
  rssAfterMb: number;
  events: number;
  lost: number;
  duplicated: number;
  refused: number;
  finished: number;
  /** How the runs that did not finish ended (last event, and a failure's code and message). */
  unfinished: string[];
  /** Requests to the model: one per run, more when fix rounds ran. */
  modelRequests: number;
}

export interface ScaleBench {
  database: 'pglite' | 'postgres';
  concurrent: number;
  bursts: Burst[];
  /** Median burst time, and the median time of one run alone. */
  seconds: number;
  oneRunSeconds: number;
  /** Peak RSS (VmHWM) after the first burst, and after all of them (V8 collects lazily: it drifts up). */
  firstBurstPeakRssMb: number;
  peakRssMb: number;
  /** The Node options the API ran with (those of `npm start`). */
  nodeArgs: string[];
  /** Runs finished per minute over every burst (each burst timed from its sends to its last end). */
  runsPerMinute: number;
  /** How long a run waited in the queue for a worker, mean over every run (its /metrics); in-process on PGlite: none. */
  jobWaitMs: number | null;
  /** How long a candidate's render check waited for a process with Chromium, mean over every check; PGlite: none. */
  checkWaitMs: number | null;
  /** Check workers beside the API. */
  checkWorkers: number;
  /** The render check's Chromium during the bursts: peak total PSS of the API's child processes, and how many there were. */
  chromium: { peakMb: number; peakProcesses: number };
  /** Every burst: nothing lost or duplicated, nothing refused, every run finished. */
  ok: boolean;
}

/**
 * `checkWorkers`: check-worker processes started beside the API (PostgreSQL only), which take the
 * render checks of its runs' candidates with the API itself (role all).
 */
export async function runScaleBench(databaseUrl?: string, short = SHORT, checkWorkers = 0): Promise<ScaleBench> {
  const concurrent = Number(process.env.BENCH_CONCURRENT_RUNS ?? (short ? 20 : 100));
  const bursts = short ? 1 : runs(short);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sprout-bench-scale-'));
  const fake = await FakeModelServer.start('openai');
  const database: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
  const nodeArgs: string[] = apiNodeArgs(process.env);
  // Each pass on one database is its own person.
  const email = `bench-${Date.now().toString(36)}@scale.test`;
  const api = await startStandaloneApi(
    {
      ...database,
      STAFF_EMAILS: email,
      SPROUT_MODEL: `openai-compatible:${fake.url}#bench`,
      MODEL_MAX_RETRIES: '0',
      LOG_LEVEL: 'error',
      // One person follows every run of the burst at once (a person's default is 20 streams).
      STREAMS_PER_PERSON: String(concurrent + 10),
      // The whole burst at once on this one process (on PostgreSQL runs are taken from the queue).
      RUN_WORKER_CONCURRENCY: String(concurrent),
    },
    undefined,
    nodeArgs,
  );
  const checkers: ApiProcess[] = [];
  for (let i = 0; i < (databaseUrl ? checkWorkers : 0); i++)
    checkers.push(await startStandaloneApi({ ...database, SPROUT_ROLE: 'check-worker', LOG_LEVEL: 'error' }, undefined, nodeArgs));
  const client = new ApiClient(api.url);
  let token = '';
  const follow = async (runId: string) => (await followRun(api.url, token, runId)).events;
  try {
    // Staff: no project or message limits.
    token = (await client.register({ email, displayName: 'Bench' })).idToken;
    const newProject = async (name: string) => (await client.createSprout(token, { displayName: name })).id;

    // One run alone, several times: what a burst is compared with.
    const alone: number[] = [];
    for (let i = 0; i < runs(short); i++) {
      const id = await newProject(`Alone ${i}`);
      fake.reply(reply(`Alone ${i}`));
      const started = performance.now();
      const sent = await client.call<MessageSent>('POST', `/build/v1/sprouts/${id}/messages`, { token, body: { text: 'Build one alone' } });
      await follow(sent.json.runId);
      alone.push((performance.now() - started) / 1000);
    }
    const label = `${databaseUrl ? 'PostgreSQL' : 'PGlite'}${checkers.length ? `, ${checkers.length} check worker(s) beside it` : ''}`;
    console.log(
      `\n${bursts} burst(s) of ${concurrent} concurrent runs on one API instance (${label}, node ${nodeArgs.join(' ')}); one run alone: ${median(alone).toFixed(2)} s; RSS before: ${rssMb(api.child.pid!, 'VmRSS')} MB`,
    );
    const chromium = sampleChildren(api.child.pid!, /^chrom/);

    const done: Burst[] = [];
    let firstBurstPeak = 0;
    for (let b = 0; b < bursts; b++) {
      const projects: string[] = [];
      for (let i = 0; i < concurrent; i++) projects.push(await newProject(`Burst ${b} run ${i}`));
      // One answer per run, and spares for fix rounds: the render check may send a candidate back
      // (on a loaded machine a page can miss its time), and a run whose model has nothing to say fails.
      for (let i = fake.pending; i < concurrent + Math.ceil(concurrent / 4); i++) fake.reply(reply(`Concurrent ${b}.${i}`));
      const requestsBefore = fake.requests.length;
      const started = performance.now();
      const sent = await Promise.all(
        projects.map((id, i) => client.call<MessageSent>('POST', `/build/v1/sprouts/${id}/messages`, { token, body: { text: `Build number ${i}` } })),
      );
      const accepted = sent.filter((r) => r.status === 202);
      const live = await Promise.all(accepted.map((r) => follow(r.json.runId).then((events) => ({ runId: r.json.runId, events }))));
      const seconds = (performance.now() - started) / 1000;
      const burst: Burst = {
        seconds,
        rssAfterMb: rssMb(api.child.pid!, 'VmRSS'),
        events: 0,
        lost: 0,
        duplicated: 0,
        refused: sent.length - accepted.length,
        finished: 0,
        unfinished: [],
        modelRequests: fake.requests.length - requestsBefore,
      };
      for (const { runId, events } of live) {
        // What the database kept, read back in full after the run: the live stream must match it.
        const stored: ReceivedRunEvent[] = await follow(runId);
        const got = new Set(events.map((e) => e.seq));
        burst.duplicated += events.length - got.size;
        burst.lost += stored.filter((e) => !got.has(e.seq)).length;
        burst.events += stored.length;
        const last = events.at(-1);
        if (last?.type === 'run.finished') burst.finished += 1;
        else burst.unfinished.push(last ? `${last.type}${last.type === 'run.failed' ? ` ${last.data.code}: ${last.data.message}` : ''}` : 'no events');
      }
      done.push(burst);
      if (b === 0) firstBurstPeak = rssMb(api.child.pid!);
      console.log(
        `  burst ${b + 1}: ${seconds.toFixed(2)} s, RSS after ${burst.rssAfterMb} MB, ${burst.events} events, lost ${burst.lost}, duplicated ${burst.duplicated}, refused ${burst.refused}, finished ${burst.finished}/${concurrent}, model requests ${burst.modelRequests}`,
      );
      for (const how of new Set(burst.unfinished)) console.log(`    not finished (${burst.unfinished.filter((u) => u === how).length}): ${how}`);
    }
    const peak = rssMb(api.child.pid!);
    const browser = chromium.stop();
    const jobWaitMs = databaseUrl ? await meanJobWaitMs([api.url], 'runs') : null;
    // Every process taking checks: the API (role all) and the check workers.
    const checkWaitMs = databaseUrl ? await meanJobWaitMs([api.url, ...checkers.map((c) => c.url)], 'checks') : null;
    const runsPerMinute = (done.reduce((n, b) => n + b.finished, 0) / done.reduce((n, b) => n + b.seconds, 0)) * 60;
    console.log(
      `  ${runsPerMinute.toFixed(0)} runs finished a minute${jobWaitMs === null ? '' : `; each waited ${jobWaitMs.toFixed(0)} ms in the queue on average, each check ${checkWaitMs!.toFixed(0)} ms`}`,
    );
    console.log(
      `  API peak RSS: ${peak} MB (budget 1024 MB); the render check's Chromium apart: ${browser.peakMb} MB at most (${browser.peakProcesses} processes)`,
    );
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      concurrent,
      bursts: done,
      seconds: median(done.map((b) => b.seconds)),
      oneRunSeconds: median(alone),
      firstBurstPeakRssMb: firstBurstPeak,
      peakRssMb: peak,
      nodeArgs,
      runsPerMinute,
      jobWaitMs,
      checkWaitMs,
      checkWorkers: checkers.length,
      chromium: browser,
      ok: done.every((b) => b.lost === 0 && b.duplicated === 0 && b.refused === 0 && b.finished === concurrent),
    };
  } finally {
    for (const c of checkers) await c.stop();
    await api.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The mean of `sprout_job_wait_seconds` for one queue over the processes' /metrics (ms; NaN when none was taken). */
async function meanJobWaitMs(urls: string[], queue: 'runs' | 'checks'): Promise<number> {
  let sum = 0;
  let count = 0;
  for (const url of urls) {
    const text = await (await fetch(`${url}/metrics`)).text();
    const value = (series: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`${series}{queue="${queue}"} `))
          ?.split(' ')[1] ?? 0,
      );
    sum += value('sprout_job_wait_seconds_sum');
    count += value('sprout_job_wait_seconds_count');
  }
  return count ? (sum / count) * 1000 : Number.NaN;
}

export function scaleRows(r: ScaleBench): Row[] {
  const db = r.database === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const lost = r.bursts.reduce((n, b) => n + b.lost + b.duplicated, 0);
  const finished = r.bursts.reduce((n, b) => n + b.finished, 0);
  const total = r.bursts.length * r.concurrent;
  return [
    {
      measure: `scale ${db}: ${r.concurrent} concurrent runs, events lost or duplicated`,
      ours: `${lost} (${finished}/${total} finished)`,
      baseline: '',
      ratio: '',
      budget: '0, all finish',
      ok: r.ok,
    },
    {
      measure: `scale ${db}: API peak RSS (${r.nodeArgs.join(' ')})${r.bursts.length > 1 ? ` (first burst; all ${r.bursts.length})` : ''}`,
      ours: r.bursts.length > 1 ? `${r.firstBurstPeakRssMb} MB; ${r.peakRssMb} MB` : `${r.peakRssMb} MB`,
      baseline: '',
      ratio: '',
      budget: '≤ 1024 MB',
      // Judged on the peak over every burst: what a long-running instance reaches.
      ok: r.peakRssMb <= 1024,
    },
    {
      measure: `scale ${db}: render check's Chromium, peak (apart from the API)`,
      ours: `${r.chromium.peakMb} MB`,
      baseline: `${r.chromium.peakProcesses} processes`,
      ratio: '',
      budget: '—',
      ok: null,
    },
    {
      measure: `scale ${db}: runs finished a minute, one process${r.checkWorkers ? ` and ${r.checkWorkers} check worker(s)` : ''} (bursts of ${r.concurrent})`,
      ours: r.runsPerMinute.toFixed(0),
      baseline: '',
      ratio: '',
      budget: '—',
      ok: null,
    },
    ...(r.jobWaitMs === null
      ? []
      : [
          {
            measure: `scale ${db}: job pickup (a run's mean wait in the queue; a check's)`,
            ours: `${r.jobWaitMs.toFixed(0)} ms`,
            baseline: `${r.checkWaitMs?.toFixed(0)} ms (check)`,
            ratio: '',
            budget: '—',
            ok: null,
          },
        ]),
    {
      measure: `scale ${db}: all ${r.concurrent} finished vs one alone`,
      ours: `${r.seconds.toFixed(1)} s`,
      baseline: `${r.oneRunSeconds.toFixed(1)} s (one run)`,
      ratio: `${(r.seconds / r.oneRunSeconds).toFixed(1)}×`,
      budget: '—',
      ok: null,
    },
  ];
}

if (isMain(import.meta.url)) {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  // On PostgreSQL the same bursts again with 1 and 2 check workers beside the one process, in this run.
  const results = [await runScaleBench(databaseUrl)];
  if (databaseUrl) for (const workers of [1, 2]) results.push(await runScaleBench(databaseUrl, SHORT, workers));
  if (results.length > 1) {
    const [alone] = results;
    console.log('\nRuns finished a minute: one process (role all) alone, then with check workers beside it');
    for (const r of results)
      console.log(
        `  ${r.checkWorkers} check worker(s): ${r.runsPerMinute.toFixed(0)} runs a minute (${(r.runsPerMinute / alone!.runsPerMinute).toFixed(2)}× alone); pickup: run ${r.jobWaitMs?.toFixed(0)} ms, check ${r.checkWaitMs?.toFixed(0)} ms`,
      );
  }
  if (!results.every((r) => r.ok)) {
    console.error('FAILED: events were lost or duplicated, or runs did not finish.');
    process.exitCode = 1;
  }
}
