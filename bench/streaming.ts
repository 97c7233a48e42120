// npm run bench:streaming — what a person sees while Sprout writes, end to end: a fake model
// streams a chunk every 20 ms stamped with its send time (bench/stamped-model.ts), the real API
// runs the engine, and headless Chromium on /build/{id} (the built web app) records when each stamp
// appears in the DOM (bench/page-observer.ts). Then the time from the model's last chunk to the new
// version's pixels in the preview (a hot update: the frame paints the new heading in the same
// document), with where that time goes: the checks the version waits for (build and linters; the
// advisory type check runs beside them and reports after the preview is up), then the web app's and
// the frame's part (preview.candidate → pixels). The server's render check (RENDER_CHECK) is off
// here: it adds a Chromium load of every candidate before the version (bench:render-check). One
// warm-up run (vendor files, Tailwind, JIT), then the measured runs, each a follow-up message.
// Last, how long a new project takes to show: its page opened → the starter app in its preview.
import type { Page } from 'playwright-core';
import type { ChatMessage, Sprout } from '@sprout/core/contract';
import { ApiClient, followRun, startProduct, type TestAccount } from '@sprout/testkit';
import { launchChromium, signInPage } from '@sprout/testkit/browser';
import { OBSERVER } from './page-observer';
import { StampedModel } from './stamped-model';
import { isMain, median, ms, percentile, runs, SHORT, type Row } from './summary';
import { prepareWebBuild } from './web-build';

const PROSE_CHUNKS = 60;
const INTERVAL_MS = 20;
const VERBOSE = process.env.BENCH_VERBOSE === '1';

/** Who the runs are for: the API, the signed-in account and its project. */
interface Bench {
  apiUrl: string;
  account: TestAccount;
  project: Sprout;
}

export interface StreamingRun {
  chunks: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Model's last chunk → the new version's heading painted in the preview frame. */
  previewMs: number;
  /** The version came by a hot update (same document), not a reload. */
  hot: boolean;
  /** Of which: the checks the version waits for (build, linters). */
  checksMs: number;
  /** Not waited for: the advisory type check beside them (it reports after the preview loads). */
  typeCheckMs: number;
  /**
   * Of which: preview.candidate sent by the API → pixels (the page hands the candidate to the frame,
   * which applies it while the server commits it; preview.ready comes after, often after the pixels).
   */
  webMs: number;
}

export interface StreamingBench {
  runs: StreamingRun[];
  /** Medians over the runs (previewP95Ms: the 95th percentile of the runs' previewMs). */
  p95Ms: number;
  previewMs: number;
  previewP95Ms: number;
  /** Every run's version came by a hot update. */
  allHot: boolean;
  checksMs: number;
  typeCheckMs: number;
  webMs: number;
  /** Median of: opening a new project's page (warm server) → the starter app shown in its preview. */
  newProjectMs: number;
  /** Every chunk of every run reached the DOM, and every run's version reached the preview. */
  complete: boolean;
}

type Window = {
  __stamps: { run: number; delay: number }[];
  __loads: { at: number; src: string }[];
  __marks: { what: string; at: number }[];
  __updates: { at: number; outcome: string; reason: string | null }[];
  __titles: { run: number; dom: number; paint: number }[];
  __announced: { at: number; list: boolean }[];
  __requests: { path: string; sent: number; first: number; done: number }[];
};

/** The last run's stored events (the API side of the same steps), `at` in epoch ms. */
async function runEvents({ apiUrl, account, project }: Bench) {
  const token = account.idToken;
  const { messages } = (await new ApiClient(apiUrl).call<{ messages: ChatMessage[] }>('GET', `/build/v1/sprouts/${project.id}/messages`, { token })).json;
  const runId = messages.filter((m) => m.runId).at(-1)!.runId!;
  return (await followRun(apiUrl, token, runId)).events.map((e) => ({ ...e, at: Date.parse(e.at) }));
}

async function measuredRun(page: Page, model: StampedModel, run: number, bench: Bench): Promise<StreamingRun> {
  const title = `Stamped app ${run}`;
  model.reply({ run, proseChunks: PROSE_CHUNKS, intervalMs: INTERVAL_MS, title });
  const loadsBefore = await page.evaluate(() => (window as unknown as Window).__loads.length);
  await page.getByTestId('chat-input').fill(`Make run ${run}`);
  await page.getByTestId('chat-input').press('Control+Enter');
  await page.frameLocator('[data-testid="preview-frame"]').getByRole('heading', { name: title, exact: true }).waitFor({ timeout: 60_000 });
  await page.locator('[data-testid="run-status"][data-status="finished"]').nth(run).waitFor({ timeout: 30_000 });
  const seen = await page.evaluate(
    ([r, from]) => {
      const w = window as unknown as Window;
      return { stamps: w.__stamps.filter((s) => s.run === r).map((s) => s.delay), loads: w.__loads.slice(from), marks: w.__marks, updates: w.__updates };
    },
    [run, loadsBefore] as const,
  );
  const preview = await (await page.getByTestId('preview-frame').elementHandle())!.contentFrame();
  const titles = preview ? await preview.evaluate(() => (window as unknown as Window).__titles ?? []) : [];
  const inFrame =
    VERBOSE && preview
      ? await preview.evaluate(() => ({ announced: (window as unknown as Window).__announced ?? [], requests: (window as unknown as Window).__requests ?? [] }))
      : { announced: [], requests: [] };
  const events = await runEvents(bench);
  const last = model.lastChunkAt;
  const painted = titles.find((t) => t.run === run);
  const update = seen.updates.filter((u) => u.at >= last).at(-1);
  const candidate = events.filter((e) => e.type === 'preview.candidate').at(-1);
  const check = events.flatMap((e) => (e.type === 'check.result' ? [e.data] : [])).at(-1);
  if (VERBOSE) {
    const lines = [
      ...events.filter((e) => e.at >= last - 100 && !e.type.endsWith('.delta')).map((e) => ({ at: e.at, what: `api: ${e.type}` })),
      ...seen.marks.filter((m) => m.at >= last - 100).map((m) => ({ at: m.at, what: `page: ${m.what}` })),
      ...seen.loads.map((l) => ({ at: l.at, what: 'page: preview frame load' })),
      ...seen.updates.filter((u) => u.at >= last - 100).map((u) => ({ at: u.at, what: `page: preview update ${u.outcome} ${u.reason ?? ''}` })),
      ...inFrame.announced
        .filter((a) => a.at >= last - 100)
        .map((a) => ({ at: a.at, what: `frame: version announced${a.list ? ' with its module list' : ''}` })),
      ...inFrame.requests
        .filter((r) => r.sent >= last - 100)
        .map((r) => ({ at: r.sent, what: `frame: GET ${r.path} (first byte +${(r.first - r.sent).toFixed(0)} ms, done +${(r.done - r.sent).toFixed(0)} ms)` })),
      ...(painted
        ? [
            { at: painted.dom, what: 'frame: heading in the DOM' },
            { at: painted.paint, what: 'frame: heading painted' },
          ]
        : []),
    ].sort((a, b) => a.at - b.at);
    for (const l of lines) console.log(`    ${(l.at - last).toFixed(0).padStart(6)} ms  ${l.what}`);
  }
  return {
    chunks: seen.stamps.length,
    p50Ms: median(seen.stamps),
    p95Ms: percentile(seen.stamps, 95),
    maxMs: Math.max(...seen.stamps),
    previewMs: painted ? painted.paint - last : NaN,
    hot: update?.outcome === 'hot' && seen.loads.length === 0,
    checksMs: Number(check?.durationMs ?? NaN),
    typeCheckMs: Number(check?.typeCheck?.durationMs ?? NaN),
    webMs: painted && candidate ? painted.paint - candidate.at : NaN,
  };
}

export async function runStreamingBench(short = SHORT): Promise<StreamingBench> {
  const model = await StampedModel.start();
  const product = await startProduct({
    SPROUT_MODEL: `openai-compatible:${model.url}#bench`,
    MODEL_MAX_RETRIES: '0',
    RENDER_CHECK: 'off',
    STAFF_EMAILS: 'bench@stream.test',
    LOG_LEVEL: 'error',
  });
  const browser = await launchChromium();
  try {
    // Staff: no daily message limit for the runs below.
    const client = new ApiClient(product.apiUrl);
    const account = await client.register({ email: 'bench@stream.test', displayName: 'Bench' });
    const project = await client.createSprout(account.idToken);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(OBSERVER);
    // Signed in the way the app does it: stored tokens, then the session cookie.
    const page = await signInPage(context, product.webUrl, account);
    await page.goto(`${product.webUrl}/build/${project.id}`);
    // The starter's preview first, so its load is not taken for a run's.
    await page.waitForFunction(() => (window as unknown as Window).__loads.length > 0, null, { timeout: 60_000 });

    const bench: Bench = { apiUrl: product.apiUrl, account, project };
    await measuredRun(page, model, 0, bench);
    const done: StreamingRun[] = [];
    for (let r = 1; r <= runs(short); r++) {
      const x = await measuredRun(page, model, r, bench);
      done.push(x);
      console.log(
        `  run ${r}: ${x.chunks}/${PROSE_CHUNKS} chunks in the DOM, delay p50 ${ms(x.p50Ms)}, p95 ${ms(x.p95Ms)}, max ${ms(x.maxMs)}; ` +
          `last chunk → pixels ${ms(x.previewMs)}${x.hot ? ' (hot update)' : ' (NOT a hot update)'} (checks ${ms(x.checksMs)}; preview.candidate → pixels ${ms(x.webMs)}; type check beside them ${ms(x.typeCheckMs)}, not waited for)`,
      );
    }
    // A new project, as a person opens it: the page (SSR, hydration) to the starter app in its preview.
    const opened: number[] = [];
    for (let r = 1; r <= runs(short); r++) {
      const fresh = await client.createSprout(account.idToken, { displayName: `New project ${r}` });
      const started = performance.now();
      await page.goto(`${product.webUrl}/build/${fresh.id}`);
      await page.frameLocator('[data-testid="preview-frame"]').getByRole('heading', { name: 'Sprout starter' }).waitFor({ timeout: 60_000 });
      opened.push(performance.now() - started);
    }
    console.log(`  new project page → starter in its preview: ${opened.map(ms).join(', ')}`);
    await context.close();
    const med = (k: Exclude<keyof StreamingRun, 'hot'>) => median(done.map((r) => r[k]));
    return {
      runs: done,
      p95Ms: med('p95Ms'),
      previewMs: med('previewMs'),
      previewP95Ms: percentile(
        done.map((r) => r.previewMs),
        95,
      ),
      allHot: done.every((r) => r.hot),
      checksMs: med('checksMs'),
      typeCheckMs: med('typeCheckMs'),
      webMs: med('webMs'),
      newProjectMs: median(opened),
      complete: done.every((r) => r.chunks === PROSE_CHUNKS && !Number.isNaN(r.previewMs)),
    };
  } finally {
    await browser.close();
    await product.stop();
    await model.close();
  }
}

export function streamingRows(r: StreamingBench): Row[] {
  const info = (measure: string, ours: string): Row => ({ measure, ours, baseline: '', ratio: '', budget: '—', ok: null });
  return [
    {
      measure: `streaming: chunk → DOM, p95 (a chunk every ${INTERVAL_MS} ms)`,
      ours: ms(r.p95Ms),
      baseline: '',
      ratio: '',
      budget: '≤ 50 ms',
      ok: r.p95Ms <= 50,
    },
    {
      measure: `streaming: last chunk → updated pixels, hot update (p95 of ${r.runs.length})`,
      ours: ms(r.previewP95Ms),
      baseline: '',
      ratio: '',
      budget: '≤ 100 ms, all hot',
      ok: r.previewP95Ms <= 100 && r.allHot,
    },
    info('  median', ms(r.previewMs)),
    info('  of which: checks (build, linters)', ms(r.checksMs)),
    info('  of which: preview.candidate → pixels (web, frame)', ms(r.webMs)),
    info('  advisory type check (reports after the preview)', ms(r.typeCheckMs)),
    // The bound the browser suite used to assert (typically ~2 s): a figure now, not a test.
    {
      measure: 'preview: new project page → starter shown',
      ours: ms(r.newProjectMs),
      baseline: '',
      ratio: '',
      budget: '≤ 4000 ms',
      ok: r.newProjectMs <= 4000,
    },
  ];
}

if (isMain(import.meta.url)) {
  await prepareWebBuild();
  console.log(`\nStreaming: ${PROSE_CHUNKS} chunks every ${INTERVAL_MS} ms per run, headless Chromium on /build/{id}`);
  const r = await runStreamingBench();
  for (const row of streamingRows(r)) console.log(`  ${row.measure}: ${row.ours}${row.budget === '—' ? '' : ` (budget ${row.budget})`}`);
  if (!r.complete) {
    console.error('FAILED: a chunk never reached the page, or a version never reached the preview.');
    process.exitCode = 1;
  }
}
