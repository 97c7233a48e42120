// npm run bench — every benchmark, then one table: measure, our figure, the baseline measured in the
// same run, ratio, budget, within budget. Results go to bench/results/latest.json (not committed).
// `--short`: fewer runs and shorter loads; it fails only on correctness (events lost, runs not
// finished, the edit not applying), never on timing. Budgets: issue 9 / docs/performance.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { runContextBench } from './context';
import { runLoadBench } from './load';
import { runPreviewBench } from './preview';
import { runWebBench } from './web';
import { ROOT } from '../e2e/servers';

interface Row {
  measure: string;
  ours: string;
  baseline: string;
  ratio: string;
  budget: string;
  ok: boolean | null;
}

const rows: Row[] = [];
const row = (measure: string, ours: string, baseline: string, ratio: string, budget: string, ok: boolean | null) => rows.push({ measure, ours, baseline, ratio, budget, ok });
const fmt = (n: number, unit = 'ms') => `${n < 10 ? n.toFixed(1) : Math.round(n)} ${unit}`;

/** A throwaway database on the local PostgreSQL server (null when there is none). */
async function throwawayDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `sprout_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
  } catch (err) {
    console.error(`PostgreSQL not available (${(err as Error).message}): the API load runs on PGlite only.`);
    await client.end().catch((e: Error) => console.error(e.message));
    return null;
  }
  return {
    url: admin.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function main() {
  const results: Record<string, unknown> = {};
  let correct = true;

  const preview = await runPreviewBench();
  results.preview = preview.results;
  const g = preview.results['generated-20']!;
  row('preview: build, 20 files (warm)', fmt(g.sprout.warm), fmt(g.vite.warm), `${(g.vite.warm / g.sprout.warm).toFixed(0)}×`, '≤ 50 ms, ≥ 15×', g.sprout.warm <= 50 && g.vite.warm / g.sprout.warm >= 15);
  row('preview: build, 20 files (new process)', fmt(g.sprout.cold), fmt(g.vite.cold), `${(g.vite.cold / g.sprout.cold).toFixed(0)}×`, '≤ 50 ms', g.sprout.cold <= 50);
  row('preview: one-file rebuild', fmt(g.sprout.oneFile), fmt(g.vite.oneFile), `${(g.vite.oneFile / g.sprout.oneFile).toFixed(0)}×`, '≤ 20 ms', g.sprout.oneFile <= 20);

  for (const db of ['pglite', 'postgres'] as const) {
    const pgdb = db === 'postgres' ? await throwawayDatabase() : null;
    if (db === 'postgres' && !pgdb) continue;
    try {
      const load = await runLoadBench(pgdb?.url);
      results[`load-${db}`] = load;
      correct &&= load.ok;
      row(`API ${db}: GET /v1/sprouts (50) req/s`, `${load.list.requestsPerSec}`, `${load.raw.requestsPerSec} (raw Fastify)`, load.ratio.toFixed(3), '≥ 0.4', load.ratio >= 0.4);
      row(`API ${db}: p99 at ${process.env.BENCH_CONNECTIONS ?? 20} connections`, fmt(load.list.p99Ms), fmt(load.raw.p99Ms), '', db === 'postgres' ? '< 25 ms' : '—', db === 'postgres' ? load.list.p99Ms < 25 : null);
      if (db === 'pglite') {
        row(`scale: ${load.runs.count} concurrent runs, events lost`, `${load.runs.lost}`, '0', '', '0', load.runs.lost === 0);
        row('scale: API peak RSS', `${load.runs.peakRssMb} MB`, '', '', '≤ 1024 MB', load.runs.peakRssMb <= 1024);
        row('scale: all runs vs one alone', `${load.runs.seconds.toFixed(1)} s`, `${load.runs.oneRunSeconds.toFixed(1)} s`, `${(load.runs.seconds / load.runs.oneRunSeconds).toFixed(1)}×`, '—', null);
      }
    } finally {
      await pgdb?.drop();
    }
  }

  const context = runContextBench();
  results.context = context;
  correct &&= context.editApplies;
  row('context: 60 files, one-line edit (tokens)', `${context.condensedTokens}`, `${context.fullTokens} (full)`, `${(context.ratio * 100).toFixed(1)} %`, '≤ 30 %, edit applies', context.ratio <= 0.3 && context.editApplies);

  const web = await runWebBench();
  results.web = web;
  const budgets: Record<string, number> = { '/': 130, '/build': 180, '/build/{id}': 300 };
  for (const [page, kb] of Object.entries(web.firstLoadKb)) row(`web: first-load JS ${page} (gzip)`, `${kb} KB`, '', '', `≤ ${budgets[page]} KB`, kb <= budgets[page]!);
  row('web: TTFB / (warm, median)', fmt(web.ttfbMs), '', '', '≤ 30 ms', web.ttfbMs <= 30);

  row('streaming: chunk → DOM p95, last chunk → preview', 'not measured yet', '', '', '≤ 50 ms, ≤ 300 ms', null);

  const header = ['measure', 'ours', 'baseline', 'ratio', 'budget', 'within'];
  const cells = rows.map((r) => [r.measure, r.ours, r.baseline, r.ratio, r.budget, r.ok === null ? '—' : r.ok ? 'yes' : 'NO']);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/latest.json'), JSON.stringify({ at: new Date().toISOString(), rows, results }, null, 2));
  if (!correct) {
    console.error('\nFAILED: a correctness check did not hold (see above).');
    process.exitCode = 1;
  }
}

await main();
