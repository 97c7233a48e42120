// npm run bench:streaming — what a person sees while Sprout writes (issue 9 §3), end to end: a fake
// model streams a chunk every 20 ms stamped with its send time (bench/stamped-model.ts), the real
// API runs the engine, and headless Chromium on /build/{id} (the built web app) records when each
// stamp appears in the DOM (bench/page-observer.ts). Then the time from the model's last chunk to
// the new version's preview loaded in the iframe (its load event), with where that time goes: the
// checks the version waits for (build and linters; the advisory type check runs beside them and
// reports after the preview is up), then the web app's part (preview.ready → frame loaded).
// One warm-up run (vendor files, Tailwind, JIT), then the measured runs, each a follow-up message.
import { chromium, type Page } from 'playwright-core';
import { startProduct } from '../e2e/servers';
import { OBSERVER } from './page-observer';
import { StampedModel } from './stamped-model';
import { isMain, median, ms, percentile, runs, SHORT, type Row } from './summary';
import { prepareWebBuild } from './web-build';

const PROSE_CHUNKS = 60;
const INTERVAL_MS = 20;
// The flags of e2e/browser.ts (not imported: it pulls in vitest).
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const VERBOSE = process.env.BENCH_VERBOSE === '1';

interface Api {
  url: string;
  token: string;
  project: string;
}

export interface StreamingRun {
  chunks: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Model's last chunk → the new preview's load event. */
  previewMs: number;
  /** Of which: the checks the version waits for (build, linters). */
  checksMs: number;
  /** Not waited for: the advisory type check beside them (it reports after the preview loads). */
  typeCheckMs: number;
  /** Of which: preview.ready sent by the API → new preview loaded (refetch, preview session, iframe). */
  webMs: number;
}

export interface StreamingBench {
  runs: StreamingRun[];
  /** Medians over the runs. */
  p95Ms: number;
  previewMs: number;
  checksMs: number;
  typeCheckMs: number;
  webMs: number;
  /** Every chunk of every run reached the DOM, and every run's preview loaded. */
  complete: boolean;
}

type Window = { __stamps: { run: number; delay: number }[]; __loads: { at: number; src: string }[]; __marks: { what: string; at: number }[] };

/** The run's stored events (the API side of the same steps). */
async function runEvents(api: Api): Promise<{ type: string; at: number; data: Record<string, any> }[]> {
  const auth = { authorization: `Bearer ${api.token}` };
  const { messages } = (await (await fetch(`${api.url}/build/v1/sprouts/${api.project}/messages`, { headers: auth })).json()) as { messages: { runId: string | null }[] };
  const runId = messages.filter((m) => m.runId).at(-1)?.runId;
  const body = await (await fetch(`${api.url}/build/v1/runs/${runId}/events`, { headers: auth })).text();
  return body
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)) as { type: string; at: string; data: Record<string, any> })
    .map((e) => ({ ...e, at: Date.parse(e.at) }));
}

async function measuredRun(page: Page, model: StampedModel, run: number, api: Api): Promise<StreamingRun> {
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
      return { stamps: w.__stamps.filter((s) => s.run === r).map((s) => s.delay), loads: w.__loads.slice(from), marks: w.__marks };
    },
    [run, loadsBefore] as const,
  );
  const events = await runEvents(api);
  const last = model.lastChunkAt;
  // The frame showing the new version is the last one loaded (earlier ones, if any, were superseded).
  const loaded = seen.loads.filter((l) => l.at >= last).at(-1);
  const ready = events.filter((e) => e.type === 'preview.ready').at(-1);
  const check = events.filter((e) => e.type === 'check.result').at(-1)?.data;
  if (VERBOSE) {
    const lines = [
      ...events.filter((e) => e.at >= last - 100 && !e.type.endsWith('.delta')).map((e) => ({ at: e.at, what: `api: ${e.type}` })),
      ...seen.marks.filter((m) => m.at >= last - 100).map((m) => ({ at: m.at, what: `page: ${m.what}` })),
      ...seen.loads.map((l) => ({ at: l.at, what: 'page: preview frame load' })),
    ].sort((a, b) => a.at - b.at);
    for (const l of lines) console.log(`    ${(l.at - last).toFixed(0).padStart(6)} ms  ${l.what}`);
  }
  return {
    chunks: seen.stamps.length,
    p50Ms: median(seen.stamps),
    p95Ms: percentile(seen.stamps, 95),
    maxMs: Math.max(...seen.stamps),
    previewMs: loaded ? loaded.at - last : NaN,
    checksMs: Number(check?.durationMs ?? NaN),
    typeCheckMs: Number(check?.typeCheck?.durationMs ?? NaN),
    webMs: loaded && ready ? loaded.at - ready.at : NaN,
  };
}

export async function runStreamingBench(short = SHORT): Promise<StreamingBench> {
  const model = await StampedModel.start();
  const product = await startProduct({ SPROUT_MODEL: `openai-compatible:${model.url}#bench`, MODEL_MAX_RETRIES: '0', STAFF_EMAILS: 'bench@stream.test', LOG_LEVEL: 'error' });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    // Staff: no daily message limit for the runs below.
    const reg = await fetch(`${product.apiUrl}/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@stream.test', password: 'correct horse battery', displayName: 'Bench' }) });
    const account = (await reg.json()) as { idToken: string; refreshToken: string; expiresIn: number; user: unknown };
    const project = (await (await fetch(`${product.apiUrl}/v1/sprouts`, { method: 'POST', headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' }, body: '{}' })).json()) as { id: string };
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(OBSERVER);
    const page = await context.newPage();
    // Signed in the way the app does it: stored tokens, then the session cookie (e2e/browser.ts signIn).
    await page.goto(`${product.webUrl}/terms`);
    await page.evaluate((a) => localStorage.setItem('sprout.auth', JSON.stringify({ idToken: a.idToken, refreshToken: a.refreshToken, expiresAt: Date.now() + a.expiresIn * 1000, user: a.user })), account);
    await page.evaluate(async (token) => (await fetch('/api/login', { method: 'POST', credentials: 'include', headers: { authorization: `Bearer ${token}` } })).status, account.idToken);
    await page.goto(`${product.webUrl}/build/${project.id}`);
    // The starter's preview first, so its load is not taken for a run's.
    await page.waitForFunction(() => (window as unknown as Window).__loads.length > 0, null, { timeout: 60_000 });

    const api = { url: product.apiUrl, token: account.idToken, project: project.id };
    await measuredRun(page, model, 0, api);
    const done: StreamingRun[] = [];
    for (let r = 1; r <= runs(short); r++) {
      const x = await measuredRun(page, model, r, api);
      done.push(x);
      console.log(
        `  run ${r}: ${x.chunks}/${PROSE_CHUNKS} chunks in the DOM, delay p50 ${ms(x.p50Ms)}, p95 ${ms(x.p95Ms)}, max ${ms(x.maxMs)}; ` +
          `last chunk → preview loaded ${ms(x.previewMs)} (checks ${ms(x.checksMs)}; preview.ready → loaded ${ms(x.webMs)}; type check beside them ${ms(x.typeCheckMs)}, not waited for)`,
      );
    }
    await context.close();
    const med = (k: keyof StreamingRun) => median(done.map((r) => r[k]));
    return {
      runs: done,
      p95Ms: med('p95Ms'),
      previewMs: med('previewMs'),
      checksMs: med('checksMs'),
      typeCheckMs: med('typeCheckMs'),
      webMs: med('webMs'),
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
    { measure: `streaming: chunk → DOM, p95 (a chunk every ${INTERVAL_MS} ms)`, ours: ms(r.p95Ms), baseline: '', ratio: '', budget: '≤ 50 ms', ok: r.p95Ms <= 50 },
    { measure: 'streaming: last chunk → new preview loaded', ours: ms(r.previewMs), baseline: '', ratio: '', budget: '≤ 300 ms', ok: r.previewMs <= 300 },
    info('  of which: checks (build, linters)', ms(r.checksMs)),
    info('  of which: preview.ready → preview loaded (web)', ms(r.webMs)),
    info('  advisory type check (reports after the preview)', ms(r.typeCheckMs)),
  ];
}

if (isMain(import.meta.url)) {
  await prepareWebBuild();
  console.log(`\nStreaming: ${PROSE_CHUNKS} chunks every ${INTERVAL_MS} ms per run, headless Chromium on /build/{id}`);
  const r = await runStreamingBench();
  for (const row of streamingRows(r)) console.log(`  ${row.measure}: ${row.ours}${row.budget === '—' ? '' : ` (budget ${row.budget})`}`);
  if (!r.complete) {
    console.error('FAILED: a chunk never reached the page, or the preview never loaded the new version.');
    process.exitCode = 1;
  }
}
