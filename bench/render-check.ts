// npm run bench:render-check — the server's render check of a candidate version: the API in-process
// (PGlite), the starter app built as a run's candidate, Debian's Chromium with the default pool
// (RENDER_CHECK_CONCURRENCY 2, RENDER_CHECK_SETTLE_MS 500). Our figures: the first check (Chromium
// starts), one check (median of BENCH_RUNS, warm browser), and the time per check when CONCURRENT
// checks are asked for at once (wall time / count; and each check's own time, waiting included,
// p95). Baselines in the same run: the preview build of the same app (warm builder, no cache hit:
// what a run already pays before the check), and a bare page load of a static page in a fresh
// context of the same pool (what any browser check costs at least). --short: 2 runs, 6 at once.
// Fails only if a check does not pass.
import { newId } from '@sprout/db';
import { createTestApp, type TestApp } from '@sprout/api/testing';
import { starterFiles } from '@sprout/template';
import { isMain, median, ms, percentile, runs, SHORT, timed, times, type Row } from './summary';

const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? (SHORT ? 6 : 20));
// Each run is three measures of a second or more: --short keeps to two.
const RUNS = (short: boolean) => Number(process.env.BENCH_RUNS ?? (short ? 2 : runs(false)));

export interface RenderCheckBench {
  concurrency: number;
  settleMs: number;
  /** The first check of the process: Chromium is launched. */
  firstMs: number;
  /** One check with a warm browser (median). */
  oneMs: number;
  /** Baseline: the preview build of the same app, warm builder, no cache hit (median). */
  buildMs: number;
  /** Baseline: a fresh context of the same pool loading a static page to its load event (median). */
  bareLoadMs: number;
  concurrent: number;
  /** Wall time of `concurrent` checks asked for at once, divided by their number. */
  perCheckMs: number;
  /** Each of those checks' own time, waiting for a slot included: p95. */
  concurrentP95Ms: number;
  thumbnailBytes: number;
  /** Checks that did not pass (each should). */
  notPassed: string[];
}

async function candidate(t: TestApp, sproutId: string): Promise<string> {
  const versionId = newId();
  const files = starterFiles().map((f) => ({ path: f.name, content: f.content }));
  const built = await t.app.services.buildPreview(sproutId, versionId, files);
  if (!built.ok) throw new Error('the starter does not build');
  return versionId;
}

export async function runRenderCheckBench(short = SHORT): Promise<RenderCheckBench> {
  const n = RUNS(short);
  const t = await createTestApp({ LOG_LEVEL: 'warn', RENDER_CHECK: 'on' });
  try {
    const s = t.app.services;
    if (!(await s.chromium.probe()).ok) throw new Error('Chromium is not installed (apt-get install chromium)');
    const owner = await t.register();
    const sproutId = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: {} })).json().id as string;
    const notPassed: string[] = [];
    let thumbnailBytes = 0;
    const check = async (versionId: string) => {
      const result = await s.renderCheck({ sproutId, ownerId: owner.user.id, versionId });
      if (result.status === 'passed') thumbnailBytes = result.thumbnail.length;
      else notPassed.push(result.status === 'skipped' ? result.reason : JSON.stringify(result.issues));
    };
    const versionId = await candidate(t, sproutId);
    const firstMs = await timed(() => check(versionId));

    const files = starterFiles().map((f) => ({ path: f.name, content: f.content }));
    const request = { mode: 'preview' as const, assetBase: '/_sprout/build/bench/', bridgeOrigin: s.config.webOrigin, scope: sproutId };
    const one: number[] = [];
    const build: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < n; i++) {
      one.push(await timed(() => check(versionId)));
      build.push(await timed(() => s.previews.build(files, request)));
      bare.push(
        await timed(() =>
          s.chromium.withContext({ viewport: { width: 1280, height: 800 } }, async (context) => {
            await context.route('**/*', (route) =>
              route.fulfill({ status: 200, headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>static</title><h1>A static page</h1>' }),
            );
            const page = await context.newPage();
            await page.goto('http://static.example/', { waitUntil: 'load' });
          }),
        ),
      );
    }

    const each: number[] = [];
    const wall = await timed(() => Promise.all(Array.from({ length: CONCURRENT }, async () => each.push(await timed(() => check(versionId))))));
    return {
      concurrency: s.config.renderCheck.concurrency,
      settleMs: s.config.renderCheck.settleMs,
      firstMs,
      oneMs: median(one),
      buildMs: median(build),
      bareLoadMs: median(bare),
      concurrent: CONCURRENT,
      perCheckMs: wall / CONCURRENT,
      concurrentP95Ms: percentile(each, 95),
      thumbnailBytes,
      notPassed,
    };
  } finally {
    await t.close();
  }
}

export function renderCheckRows(r: RenderCheckBench): Row[] {
  const info = (measure: string, ours: string): Row => ({ measure, ours, baseline: '', ratio: '', budget: '—', ok: null });
  return [
    info('render check: first (launches Chromium)', ms(r.firstMs)),
    {
      measure: `render check: one check (settle ${r.settleMs} ms) vs preview build`,
      ours: ms(r.oneMs),
      baseline: ms(r.buildMs),
      ratio: times(r.oneMs / r.buildMs),
      budget: '≤ 2000 ms',
      ok: r.oneMs <= 2000,
    },
    {
      measure: 'render check: one check vs bare static page load',
      ours: ms(r.oneMs),
      baseline: ms(r.bareLoadMs),
      ratio: times(r.oneMs / r.bareLoadMs),
      budget: '—',
      ok: null,
    },
    {
      measure: `render check: per check, ${r.concurrent} at once (concurrency ${r.concurrency})`,
      ours: ms(r.perCheckMs),
      baseline: ms(r.oneMs),
      ratio: times(r.perCheckMs / r.oneMs),
      budget: '≤ 1500 ms',
      ok: r.perCheckMs <= 1500,
    },
    info(`  each check's own time, waiting included, p95`, ms(r.concurrentP95Ms)),
    info('  thumbnail (JPEG, 320×200)', `${(r.thumbnailBytes / 1024).toFixed(1)} KB`),
  ];
}

if (isMain(import.meta.url)) {
  console.log(`\nRender check: the starter app as a run's candidate, ${RUNS(SHORT)} runs, ${CONCURRENT} at once`);
  const r = await runRenderCheckBench();
  for (const row of renderCheckRows(r))
    console.log(
      `  ${row.measure}: ${row.ours}${row.baseline ? ` (baseline ${row.baseline}, ${row.ratio})` : ''}${row.budget === '—' ? '' : ` (budget ${row.budget})`}`,
    );
  if (r.notPassed.length > 0) {
    console.error(`FAILED: ${r.notPassed.length} checks did not pass: ${r.notPassed[0]}`);
    process.exitCode = 1;
  }
}
