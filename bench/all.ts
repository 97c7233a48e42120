// npm run bench — every benchmark, then ONE table: measure, our figure (a median of several runs),
// the baseline measured beside it in the same run, ratio, budget, within budget. The table goes to
// stdout and, with every figure behind it, to bench/results/latest.json. `--short` (or
// BENCH_SHORT=1): fewer runs and shorter loads; it fails only on correctness (events lost or
// duplicated, runs not finished, chunks missing from the page, list requests answered with errors,
// the edit not applying, a visual edit not one "visual" version applied in place), never on timing.
// Budgets: docs/performance.md.
import os from 'node:os';
import { apiRows, runApiBench } from './api';
import { appBackendRows, runAppBackendBench } from './app-backend';
import { contextRows, runContextBench } from './context';
import { firstAppRows, runFirstAppBench } from './first-app';
import { functionsRows, runFunctionsBench } from './functions';
import { withThrowawayDatabase } from './pg-database';
import { previewRows, runPreviewBench } from './preview';
import { publishGateRows, runPublishGateBench } from './publish-gate';
import { promptCacheRows, runPromptCacheBench } from './prompt-cache';
import { renderCheckRows, runRenderCheckBench } from './render-check';
import { runVerifiedBench, verifiedRows } from './verified-version';
import { runScaleBench, scaleRows } from './scale';
import { runStreamingBench, streamingRows } from './streaming';
import { runVisualEditsBench } from './visual-edits';
import { visualEditsRows } from './visual-edits-rows';
import { renderTable, SHORT, writeResult, type Row } from './summary';
import { prepareWebBuild } from './web-build';
import { runWebBench, webRows } from './web';

const started = performance.now();
const rows: Row[] = [];
const results: Record<string, unknown> = {};
const problems: string[] = [];

/** Runs one benchmark; a crash becomes a row and a failure, and the others still run. */
async function section<T>(name: string, run: () => Promise<T | null>, toRows: (r: T) => Row[], correct: (r: T) => string | null): Promise<void> {
  const t = performance.now();
  try {
    const r = await run();
    if (r === null) return;
    results[name] = r;
    rows.push(...toRows(r));
    const problem = correct(r);
    if (problem) problems.push(`${name}: ${problem}`);
  } catch (err) {
    console.error(`\n${name} failed:`, err);
    rows.push({ measure: `${name}: did not run`, ours: (err as Error).message.split('\n')[0]!.slice(0, 60), baseline: '', ratio: '', budget: '', ok: false });
    problems.push(`${name}: ${(err as Error).message.split('\n')[0]}`);
  }
  process.stderr.write(`  (${name}: ${((performance.now() - t) / 1000).toFixed(0)} s)\n`);
}

const loadBefore = os.loadavg();
console.log(
  `npm run bench${SHORT ? ' -- --short' : ''}: Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
);
await prepareWebBuild();

const listFailed = (r: { listFailures: number }) => (r.listFailures > 0 ? `${r.listFailures} list requests failed` : null);
const scaleFailed = (r: { ok: boolean }) => (r.ok ? null : 'events lost or duplicated, or runs not finished');

await section(
  'preview',
  () => runPreviewBench(),
  previewRows,
  () => null,
);
await section(
  'publish-gate',
  () => runPublishGateBench(),
  publishGateRows,
  (r) => (r.gate < 2_000 ? null : 'the security check takes 2 s or more'),
);
await section(
  'render-check',
  () => runRenderCheckBench(),
  renderCheckRows,
  (r) => (r.notPassed.length > 0 ? `${r.notPassed.length} checks of a version that renders did not pass` : null),
);
await section(
  'verified-version',
  () => runVerifiedBench(),
  verifiedRows,
  (r) => (r.failures.length > 0 ? `${r.failures.length} runs did not end with a verified version: ${r.failures[0]}` : null),
);
await section(
  'functions',
  () => runFunctionsBench(),
  functionsRows,
  (r) => (r.failures > 0 ? `${r.failures} function calls did not answer 200` : null),
);
await section('api-pglite', () => runApiBench(), apiRows, listFailed);
await section('api-postgres', () => withThrowawayDatabase((url) => runApiBench(url)), apiRows, listFailed);
await section(
  'app-backend',
  () => withThrowawayDatabase((url) => runAppBackendBench(url)),
  appBackendRows,
  (r) => (r.failures > 0 ? `${r.failures} backend list requests failed` : null),
);
await section('scale-pglite', () => runScaleBench(), scaleRows, scaleFailed);
// The product's deployments run on PostgreSQL; the short variant keeps to the embedded database.
if (!SHORT) await section('scale-postgres', () => withThrowawayDatabase((url) => runScaleBench(url)), scaleRows, scaleFailed);
await section(
  'context',
  async () => runContextBench(),
  contextRows,
  (r) => (r.editApplies ? null : 'the edit does not apply'),
);
await section(
  'prompt-cache',
  async () => runPromptCacheBench(),
  promptCacheRows,
  (r) => (r.repeated >= 0.7 ? null : `only ${(r.repeated * 100).toFixed(1)} % of input tokens repeat a prefix (goal ≥ 70 %)`),
);
await section(
  'web',
  () => runWebBench(),
  webRows,
  () => null,
);
await section(
  'streaming',
  () => runStreamingBench(),
  streamingRows,
  (r) => (r.complete ? null : 'chunks missing from the page, or the preview never loaded'),
);
await section(
  'visual-edits',
  () => runVisualEditsBench(),
  visualEditsRows,
  (r) => (r.problems.length > 0 ? `${r.problems.length} problems: ${r.problems[0]}` : null),
);
await section(
  'first-app',
  () => runFirstAppBench(),
  firstAppRows,
  (r) => (r.complete ? null : 'a run did not build its app or apply an edit'),
);

const seconds = (performance.now() - started) / 1000;
console.log(`\n${renderTable(rows)}\n`);
const over = rows.filter((r) => r.ok === false).length;
console.log(
  `${rows.filter((r) => r.ok === true).length} within budget, ${over} over; ${seconds.toFixed(0)} s in all; load average now ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const file = writeResult('latest.json', {
  at: new Date().toISOString(),
  short: SHORT,
  node: process.version,
  cpus: os.cpus().length,
  loadBefore,
  loadAfter: os.loadavg(),
  seconds,
  rows,
  results,
});
console.log(`figures: ${file}`);
if (problems.length > 0) {
  console.error(`\nFAILED (correctness):\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
}
