// npm run bench:web — what the browser downloads first and how fast the home page starts (issue 9
// §5), on the built web app (`npm run build:web`) beside the real API: first-load JavaScript of `/`,
// `/build` and `/build/{id}` (the scripts each page's HTML references, gzipped as served over the
// wire), and the server's time to first byte for `/` once warm (median).
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { startProduct } from '../e2e/servers';

const TTFB_SAMPLES = Number(process.env.BENCH_RUNS ?? 20);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface WebBench {
  firstLoadKb: Record<string, number>;
  ttfbMs: number;
}

/** gzip size in KB of every script the page's HTML loads (each chunk counted once). */
async function firstLoadKb(base: string, path: string, cookie: string): Promise<number> {
  const html = await (await fetch(`${base}${path}`, { headers: { cookie } })).text();
  // Module browsers skip `nomodule` scripts (the legacy polyfills): they are not downloaded.
  const tags = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!).filter((attrs) => !/\bnomodule\b/i.test(attrs));
  const srcs = [...new Set(tags.flatMap((attrs) => /\bsrc="([^"]+)"/.exec(attrs)?.[1] ?? []))];
  let bytes = 0;
  for (const src of srcs) {
    const body = new Uint8Array(await (await fetch(new URL(src, base))).arrayBuffer());
    bytes += gzipSync(body).byteLength;
  }
  return Math.round((bytes / 1024) * 10) / 10;
}

export async function runWebBench(): Promise<WebBench> {
  const product = await startProduct({ LOG_LEVEL: 'error' });
  try {
    const reg = await fetch(`${product.apiUrl}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@web.test', password: 'correct horse battery', displayName: 'Bench' }),
    });
    const { idToken } = (await reg.json()) as { idToken: string };
    const login = await fetch(`${product.webUrl}/api/login`, { method: 'POST', headers: { authorization: `Bearer ${idToken}`, origin: product.webUrl } });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const sprout = (await (await fetch(`${product.apiUrl}/v1/sprouts`, { method: 'POST', headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' }, body: '{}' })).json()) as { id: string };
    const firstLoad: Record<string, number> = {};
    for (const [name, path] of [['/', '/'], ['/build', '/build'], ['/build/{id}', `/build/${sprout.id}`]] as const) firstLoad[name] = await firstLoadKb(product.webUrl, path, cookie);

    for (let i = 0; i < 5; i++) await (await fetch(`${product.webUrl}/`)).text();
    const samples: number[] = [];
    for (let i = 0; i < TTFB_SAMPLES; i++) {
      const start = performance.now();
      const res = await fetch(`${product.webUrl}/`);
      samples.push(performance.now() - start);
      await res.text();
    }
    return { firstLoadKb: firstLoad, ttfbMs: Math.round(median(samples) * 10) / 10 };
  } finally {
    await product.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const r = await runWebBench();
  console.log('\nWeb: first-load JavaScript (gzip) and time to first byte of / (warm, median)');
  for (const [page, kb] of Object.entries(r.firstLoadKb)) console.log(`  ${page.padEnd(12)} ${kb} KB`);
  console.log(`  TTFB /       ${r.ttfbMs} ms`);
}
