// The first preview of a project the server has never built, measured as a person gets it: the
// server's build (a warm server: vendor files on disk, other projects built before) and then the
// page loaded in headless Chromium (a warm browser: the shared vendor files in its cache) until the
// app's last component is on screen. The page's files are served by a plain HTTP server from the
// build result, so the figure is the preview's own cost, not the API's routing or sign-in. The tab
// is open before the page's clock starts, as the person's workspace is: opening one through the
// automation protocol alone takes 100–200 ms here, which no person waits for.
//
// Beside it, in the same run and browser: the floor (a page holding only the awaited heading, from
// the same server, through the same steps) and the same project bundled as it is published (its
// page only), so the figure can be read against what any page and a single bundle cost here.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  /** Baselines per run: a page with only the heading; the production bundle's page (not its build). */
  emptyPage: number[];
  bundledPage: number[];
}

type Shown = Pick<BuildSuccess, 'html' | 'assets'>;

// What BENCH_VERBOSE prints from inside the page: when its files arrived, and for the project's
// modules how long each waited in the browser for a connection before it was sent (stall) against
// how long the server took to answer (ttfb). A string, so that the TypeScript runner adds nothing
// to it that the page lacks.
const PAGE_TIMINGS = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const res = performance.getEntriesByType('resource');
  const q = (a) => { const v = [...a].sort((x, y) => x - y); return 'p50 ' + Math.round(v[v.length >> 1]) + ' ms, p90 ' + Math.round(v[Math.floor(v.length * 0.9)]) + ' ms'; };
  const own = res.filter((r) => r.name.includes('${BASE}'));
  return 'DOMContentLoaded ' + Math.round(nav.domContentLoadedEventEnd) + ' ms, ' + res.length + ' files, last file ' +
    Math.round(Math.max(...res.map((r) => r.responseEnd))) + ' ms, shown ' + Math.round(performance.now()) + ' ms; ' + own.length +
    ' project modules: stall ' + q(own.map((r) => r.requestStart - r.startTime)) + ', ttfb ' + q(own.map((r) => r.responseStart - r.requestStart));
})()`;

/** Serves the build being measured: its page, its files, and the vendor cache. */
async function serveBuild(builder: PreviewBuilder): Promise<{ server: Server; url: string; show: (b: Shown) => void }> {
  let build: Shown | null = null;
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

/** A new tab that has finished starting (its renderer idle), as the person's open workspace is. */
async function idleTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  // Bounded: a tab the browser deems hidden may never be idle.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 500 })));
  return page;
}

export async function measureFirstPreview(builder: PreviewBuilder, runs: number, total = 200): Promise<FirstPreview> {
  const { server, url, show } = await serveBuild(builder);
  let browser: Browser | null = null;
  let context: BrowserContext | null = null;
  const out: FirstPreview = { files: 0, server: [], browser: [], total: [], emptyPage: [], bundledPage: [] };
  // Opens the page in a tab made beforehand; resolves when the heading's pixels are on screen.
  const showHeading = async (page: Page, heading: string) => {
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.getByText(heading, { exact: true }).waitFor({ timeout: 30_000 });
    // The frame after the one that rendered it: its pixels are on screen.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return { page, started, shown: performance.now() };
  };
  try {
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const projects: ProjectFile[][] = [];
    // One warm-up (JIT, vendor files into the browser's cache), then the measured runs.
    for (let run = -1; run < runs; run++) {
      const files: ProjectFile[] = largeProject(total, `run ${run} ${Date.now()}`);
      out.files = files.length;
      const started = performance.now();
      const result = await builder.build(files, { mode: 'preview', assetBase: BASE, vendorBase: VENDOR, scope: `first-preview-${run}-${Date.now()}` });
      if (!result.ok) throw new Error(`the ${total}-file project did not build: ${result.errors[0]?.message}`);
      const built = performance.now();
      show(result);
      // The tab is opened after the build (in a deployment the browser is not on the server's
      // machine; here a tab starting up would slow the build) and off the clock.
      const loaded = await showHeading(await idleTab(context), lastFeature(files));
      const page = loaded.page;
      if (process.env.BENCH_VERBOSE === '1') console.log(await page.evaluate(PAGE_TIMINGS));
      await page.close();
      if (run < 0) continue;
      projects.push(files);
      out.server.push(built - started);
      out.browser.push(loaded.shown - loaded.started);
      out.total.push(built - started + loaded.shown - loaded.started);
    }
    // The baselines, after the measured runs so that their builds never share the machine with a
    // measured one: the same projects, each bundled (built untimed), and an empty page; one warm-up.
    for (const [run, files] of [largeProject(total, `baseline warm-up ${Date.now()}`), ...projects].entries()) {
      const heading = lastFeature(files);
      const bundled = await builder.build(files, { mode: 'production', assetBase: BASE });
      if (!bundled.ok) throw new Error(`the ${total}-file project did not bundle: ${bundled.errors[0]?.message}`);
      show(bundled);
      const whole = await showHeading(await idleTab(context), heading);
      await whole.page.close();
      show({ html: `<!doctype html><html><body><h1>${heading}</h1></body></html>`, assets: new Map() });
      const empty = await showHeading(await idleTab(context), heading);
      await empty.page.close();
      if (run === 0) continue;
      out.bundledPage.push(whole.shown - whole.started);
      out.emptyPage.push(empty.shown - empty.started);
    }
    return out;
  } finally {
    await context?.close();
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
