// npm run bench:web — what the browser downloads first and how fast the home page starts, on the
// production build of the web app (bench/web-build.ts) beside the real API: first-load JavaScript
// of `/`, `/build` and `/build/{id}` — every script the page's HTML loads, fetched from
// `next start` and gzipped (Next 16 no longer prints sizes) — and the server's time to first byte
// of `/` once warm (median). Baseline: an empty Next app of the same versions (bench/next-baseline.ts).
import { gzipSync } from 'node:zlib';
import { ApiClient, startProduct } from '@sprout/testkit';
import { withNextBaseline } from './next-baseline';
import { isMain, median, ms, SHORT, type Row } from './summary';
import { prepareWebBuild } from './web-build';

/**
 * `/` is budgeted against the framework's floor measured in the same run (at most 40 KB over an
 * empty Next app of the same versions), the other pages in absolute terms.
 */
const BUDGETS: Record<string, { kb: number } | { overFloorKb: number }> = { '/': { overFloorKb: 40 }, '/build': { kb: 180 }, '/build/{id}': { kb: 300 } };
const budgetKb = (page: string, floorKb: number) => {
  const b = BUDGETS[page]!;
  return 'kb' in b ? b.kb : floorKb + b.overFloorKb;
};
const budgetText = (page: string) => {
  const b = BUDGETS[page]!;
  return 'kb' in b ? `≤ ${b.kb} KB` : `≤ floor + ${b.overFloorKb} KB`;
};

export interface WebBench {
  firstLoadKb: Record<string, number>;
  ttfbMs: number;
  baseline: { firstLoadKb: number; ttfbMs: number };
}

/** gzip size in KB of every script the page's HTML loads (each chunk counted once). */
async function firstLoadKb(base: string, path: string, cookie = ''): Promise<number> {
  const html = await (await fetch(`${base}${path}`, { headers: { cookie } })).text();
  // Module browsers skip `nomodule` scripts (the legacy polyfills): they are not downloaded.
  const tags = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!).filter((attrs) => !/\bnomodule\b/i.test(attrs));
  const srcs = [...new Set(tags.flatMap((attrs) => /\bsrc="([^"]+)"/.exec(attrs)?.[1] ?? []))];
  let bytes = 0;
  for (const src of srcs) bytes += gzipSync(new Uint8Array(await (await fetch(new URL(src, base))).arrayBuffer())).byteLength;
  return Math.round((bytes / 1024) * 10) / 10;
}

/** Median time to the response headers of GET `url`, after a warm-up. */
async function ttfb(url: string, samples: number): Promise<number> {
  for (let i = 0; i < 5; i++) await (await fetch(url)).text();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    const res = await fetch(url);
    times.push(performance.now() - start);
    await res.text();
  }
  return median(times);
}

export async function runWebBench(short = SHORT): Promise<WebBench> {
  const samples = short ? 10 : 20;
  const baseline = await withNextBaseline(async (url) => ({ firstLoadKb: await firstLoadKb(url, '/'), ttfbMs: await ttfb(`${url}/`, samples) }));
  const product = await startProduct({ LOG_LEVEL: 'error' });
  try {
    const client = new ApiClient(product.apiUrl);
    const { idToken } = await client.register({ email: 'bench@web.test', displayName: 'Bench' });
    // The signed-in pages need the session cookie the app sets after sign-in.
    const login = await fetch(`${product.webUrl}/api/login`, { method: 'POST', headers: { authorization: `Bearer ${idToken}`, origin: product.webUrl } });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const sprout = await client.createSprout(idToken);
    const firstLoad: Record<string, number> = {};
    for (const [name, path] of [
      ['/', '/'],
      ['/build', '/build'],
      ['/build/{id}', `/build/${sprout.id}`],
    ] as const)
      firstLoad[name] = await firstLoadKb(product.webUrl, path, cookie);
    return { firstLoadKb: firstLoad, ttfbMs: await ttfb(`${product.webUrl}/`, samples), baseline };
  } finally {
    await product.stop();
  }
}

export function webRows(r: WebBench): Row[] {
  const empty = `${r.baseline.firstLoadKb} KB (empty Next app)`;
  return [
    ...Object.entries(r.firstLoadKb).map(([page, kb]) => ({
      measure: `web: first-load JS ${page} (gzip)`,
      ours: `${kb} KB`,
      baseline: empty,
      ratio: `+${Math.round(kb - r.baseline.firstLoadKb)} KB`,
      budget: budgetText(page),
      ok: kb <= budgetKb(page, r.baseline.firstLoadKb),
    })),
    {
      measure: 'web: TTFB of / (warm, median)',
      ours: ms(r.ttfbMs),
      baseline: `${ms(r.baseline.ttfbMs)} (empty Next app)`,
      ratio: `${(r.ttfbMs / r.baseline.ttfbMs).toFixed(1)}×`,
      budget: '≤ 30 ms',
      ok: r.ttfbMs <= 30,
    },
  ];
}

if (isMain(import.meta.url)) {
  await prepareWebBuild();
  const r = await runWebBench();
  console.log('\nWeb: first-load JavaScript (gzip) and time to first byte of / (warm, median)');
  for (const [page, kb] of Object.entries(r.firstLoadKb))
    console.log(
      `  ${page.padEnd(12)} ${kb} KB   (+${(kb - r.baseline.firstLoadKb).toFixed(1)} KB over the floor; budget ${budgetText(page)}: ${budgetKb(page, r.baseline.firstLoadKb)} KB)`,
    );
  console.log(`  empty Next app: ${r.baseline.firstLoadKb} KB`);
  console.log(`  TTFB /       ${ms(r.ttfbMs)}   (empty Next app ${ms(r.baseline.ttfbMs)})`);
}
