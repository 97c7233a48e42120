// npm run bench:prerender — what prerendering adds to a publish: the API in-process (PGlite), the
// starter app published again after each manual edit (a new version: a production build every time),
// with PRERENDER on and, as the baseline in the same run, on an API with it off. The first publish of
// each API is left out of the medians (it prebundles packages and, with prerendering, starts
// Chromium) and reported apart. --short: 2 runs.
import { createTestApp, type TestApp, writeProjectFiles } from '@sprout/api/testing';
import { isMain, median, ms, runs, SHORT, timed, times, type Row } from './summary';

const RUNS = (short: boolean) => Number(process.env.BENCH_RUNS ?? (short ? 2 : runs(false)));

export interface PrerenderBench {
  runs: number;
  /** The first publish of the process with prerendering (Chromium starts). */
  firstMs: number;
  /** A publish of a new version with prerendering (median). */
  withMs: number;
  /** Baseline: the same publish with PRERENDER=off (median). */
  withoutMs: number;
  /** The page's HTML as a crawler gets it holds the app's heading. */
  prerendered: boolean;
}

const app = (n: number) => `export default function App() {\n  return <main className="p-6"><h1>Bench page ${n}</h1><a href="/about">About</a></main>;\n}\n`;

async function publishes(t: TestApp, n: number): Promise<{ first: number; each: number[]; html: string }> {
  const owner = await t.register();
  const id = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: {} })).json().id as string;
  const publish = async () => {
    const res = await t.api('POST', `/build/v1/sprouts/${id}/publish`, { token: owner.idToken, body: {} });
    if (res.statusCode !== 200) throw new Error(`publish failed: ${res.statusCode} ${res.body}`);
    return res.json().publicUrl as string;
  };
  await writeProjectFiles(t, owner, id, { 'client/src/App.tsx': app(0) });
  let url = '';
  const first = await timed(async () => void (url = await publish()));
  const each: number[] = [];
  for (let i = 1; i <= n; i++) {
    await writeProjectFiles(t, owner, id, { 'client/src/App.tsx': app(i) });
    each.push(await timed(publish));
  }
  const html = (await t.app.inject({ url: '/', headers: { host: new URL(url).host } })).body;
  return { first, each, html };
}

export async function runPrerenderBench(short = SHORT): Promise<PrerenderBench> {
  const n = RUNS(short);
  const on = await createTestApp({ LOG_LEVEL: 'warn', PRERENDER: 'on' });
  const off = await createTestApp({ LOG_LEVEL: 'warn', PRERENDER: 'off' });
  try {
    if (!(await on.app.services.chromium.probe()).ok) throw new Error('Chromium is not installed (apt-get install chromium)');
    const withIt = await publishes(on, n);
    const without = await publishes(off, n);
    return {
      runs: n,
      firstMs: withIt.first,
      withMs: median(withIt.each),
      withoutMs: median(without.each),
      prerendered: withIt.html.includes(`Bench page ${n}`),
    };
  } finally {
    await Promise.all([on.close(), off.close()]);
  }
}

export function prerenderRows(r: PrerenderBench): Row[] {
  return [
    { measure: 'publish with prerendering: first of the process (Chromium starts)', ours: ms(r.firstMs), baseline: '', ratio: '', budget: '—', ok: null },
    {
      measure: 'publish of a new version with prerendering vs without (PRERENDER=off)',
      ours: ms(r.withMs),
      baseline: ms(r.withoutMs),
      ratio: times(r.withMs / r.withoutMs),
      budget: '≤ +2000 ms',
      ok: r.withMs - r.withoutMs <= 2000,
    },
  ];
}

if (isMain(import.meta.url)) {
  console.log(`\nPrerendering at publish: the starter app, a new version each time, ${RUNS(SHORT)} runs`);
  const r = await runPrerenderBench();
  for (const row of prerenderRows(r))
    console.log(
      `  ${row.measure}: ${row.ours}${row.baseline ? ` (baseline ${row.baseline}, ${row.ratio})` : ''}${row.budget === '—' ? '' : ` (budget ${row.budget})`}`,
    );
  if (!r.prerendered) {
    console.error('FAILED: the published page holds no prerendered content');
    process.exitCode = 1;
  }
}
