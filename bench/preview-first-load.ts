// The first preview of a project the server has never built, measured as a person gets it: the
// server's build (a warm server: vendor files on disk, other projects built before) and then the
// page loaded in headless Chromium (a warm browser: the shared vendor files in its cache) until the
// app's last component is on screen. The page's files are served by a plain HTTP server from the
// build result, so the figure is the preview's own cost, not the API's routing or sign-in.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import type { BuildSuccess, PreviewBuilder, ProjectFile } from '@sprout/preview';
import { launchChromium } from '@sprout/testkit/browser';
import { largeProject, lastFeature } from './large-project';

const BASE = '/_sprout/build/v/';
const VENDOR = '/_sprout/vendor/';

export interface FirstPreview {
  files: number;
  /** Per run: build on the server, page load to the last component shown, and both. */
  server: number[];
  browser: number[];
  total: number[];
}

/** Serves the build being measured: its page, its files, and the vendor cache. */
async function serveBuild(builder: PreviewBuilder): Promise<{ server: Server; url: string; show: (b: BuildSuccess) => void }> {
  let build: BuildSuccess | null = null;
  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path.startsWith(BASE) && build) {
        const asset = build.assets.get(path.slice(BASE.length));
        if (asset) return res.writeHead(200, { 'content-type': asset.contentType, 'cache-control': 'max-age=31536000, immutable' }).end(asset.body);
      } else if (path.startsWith(VENDOR)) {
        const body = await builder.vendor.read(path.split('/').at(-1)!);
        if (body) return res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=31536000, immutable' }).end(body);
      } else if (build && !path.includes('.')) {
        return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(build.html);
      }
      res.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, show: (b) => (build = b) };
}

export async function measureFirstPreview(builder: PreviewBuilder, runs: number, total = 200): Promise<FirstPreview> {
  const { server, url, show } = await serveBuild(builder);
  let browser: Browser | null = null;
  let context: BrowserContext | null = null;
  const out: FirstPreview = { files: 0, server: [], browser: [], total: [] };
  try {
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // One warm-up (JIT, vendor files into the browser's cache), then the measured runs.
    for (let run = -1; run < runs; run++) {
      const files: ProjectFile[] = largeProject(total, `run ${run} ${Date.now()}`);
      out.files = files.length;
      const started = performance.now();
      const result = await builder.build(files, { mode: 'preview', assetBase: BASE, vendorBase: VENDOR, scope: `first-preview-${run}-${Date.now()}` });
      if (!result.ok) throw new Error(`the ${total}-file project did not build: ${result.errors[0]?.message}`);
      const built = performance.now();
      show(result);
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'commit' });
      await page.getByText(lastFeature(files), { exact: true }).waitFor({ timeout: 30_000 });
      // The frame after the one that rendered it: its pixels are on screen.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const shown = performance.now();
      if (process.env.BENCH_VERBOSE === '1')
        console.log(
          await page.evaluate(() => {
            const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
            const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
            const last = Math.max(...res.map((r) => r.responseEnd));
            return `dcl ${Math.round(nav.domContentLoadedEventEnd)} ms, ${res.length} files, last file ${Math.round(last)} ms, now ${Math.round(performance.now())} ms`;
          }),
        );
      await page.close();
      if (run < 0) continue;
      out.server.push(built - started);
      out.browser.push(shown - built);
      out.total.push(shown - started);
    }
    return out;
  } finally {
    await context?.close();
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
