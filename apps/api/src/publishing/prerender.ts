import type { FastifyBaseLogger } from 'fastify';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { pageRouteKey, PRERENDERED_ROUTES_FILE, prerenderedFileOf } from '@sprout/core';
import { answerThroughApi, type Dispatch } from '../checks/check-requests';
import type { StaticAnswer } from '../checks/check-static';
import type { ChromiumPool } from '../checks/chromium-pool';
import { ROOT_HAS_CONTENT } from '../checks/watch-page';
import type { BuiltFile } from './deployment-files';

interface PrerenderInput {
  /** The site's canonical origin: the pages load on it, as visitors will. */
  origin: string;
  ownerId: string;
  /** The new deployment's files (not live yet): served to the browser from memory. */
  files: readonly BuiltFile[];
}

/** The pages of a new deployment as rendered HTML (extra deployment files), or none when it could not be done. */
export type Prerender = (input: PrerenderInput) => Promise<BuiltFile[]>;

export interface PrerenderDeps {
  config: { enabled: boolean; timeoutMs: number; maxPages: number };
  pool: ChromiumPool;
  /** Answers the app's backend requests through the API in-process (`app.inject`), on the live data. */
  dispatch: Dispatch;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

const CONTEXT_OPTIONS: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  serviceWorkers: 'block',
  acceptDownloads: false,
  colorScheme: 'light',
  locale: 'en-US',
};
// After the load event: how long a page may take to show something, then to finish loading its data
// (done once no request has been in flight for QUIET_MS: what it fetched after mount has arrived and rendered).
const SHOW_MS = 3_000;
const SETTLE_MS = 1_500;
const QUIET_MS = 150;
const HTML = 'text/html; charset=utf-8';
// How long past its deadline a prerender may go before Chromium is taken to be hung.
const HUNG_AFTER_MS = 2_000;

const answerOf = (status: number, type: string, body: Uint8Array | string): StaticAnswer => ({
  statusCode: status,
  headers: { 'content-type': type, 'cache-control': 'no-store' },
  rawPayload: Buffer.from(body),
});
const EMPTY = answerOf(204, 'text/plain; charset=utf-8', '');

/**
 * Renders a new deployment's pages in the server's Chromium before it goes live, so the published
 * page carries its content for crawlers and link previews: the build's files answered from memory on
 * the site's own origin, the app's backend reads (GET under /_sprout/v1/) answered in-process on the
 * live data, every write and every other origin refused. Routes are found by following same-origin
 * links from `/`, at most `maxPages` of them within `timeoutMs` in all. Never throws: a failure
 * or a timeout is logged and answers no pages, and the site is served as the client renders it.
 */
export function createPrerender(deps: PrerenderDeps): Prerender {
  return async (input) => {
    if (!deps.config.enabled) return [];
    const started = performance.now();
    const deadline = started + deps.config.timeoutMs;
    try {
      const rendering = deps.pool.withContext(
        CONTEXT_OPTIONS,
        (context) => renderPages(deps, context, input, deadline),
        AbortSignal.timeout(deps.config.timeoutMs),
        input.ownerId,
      );
      // The deadline holds for every step, also those Chromium may never answer (a new context or page
      // of a browser that hangs): shortly after it, the publish goes on without pages, and the pool
      // closes the context once the step returns. (At the deadline itself, a page still loading is
      // closed, which ends its waits: that answer comes first when Chromium answers at all.)
      // Its failure after the deadline is nobody's to answer (one before it is caught below).
      rendering.then(undefined, (err: unknown) => deps.log.warn({ err, origin: input.origin }, 'prerendering ended in an error'));
      const answer = await Promise.race([rendering, afterDeadline(deadline + HUNG_AFTER_MS)]);
      const durationMs = Math.round(performance.now() - started);
      if (!answer.ok) {
        deps.log.warn({ origin: input.origin, reason: answer.reason, durationMs }, 'pages were not prerendered');
        return [];
      }
      const pages = answer.value;
      deps.log.info({ origin: input.origin, pages: pages.size, durationMs }, 'pages prerendered');
      // A start page that showed nothing is a page that failed: the site stays as the client renders it.
      if (!pages.get('/')) return [];
      const files: BuiltFile[] = [];
      for (const [route, html] of pages) if (html !== null) files.push({ path: prerenderedFileOf(route), contentType: HTML, body: Buffer.from(html, 'utf8') });
      files.push({ path: PRERENDERED_ROUTES_FILE, contentType: 'application/json', body: Buffer.from(JSON.stringify([...pages.keys()])) });
      return files;
    } catch (err) {
      deps.log.warn({ err, origin: input.origin, durationMs: Math.round(performance.now() - started) }, 'pages could not be prerendered');
      return [];
    }
  };
}

/** Resolves, at `deadline`, to the answer of a prerender that ran out of time (the timer never holds the process open). */
function afterDeadline(deadline: number): Promise<{ ok: false; reason: string }> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, reason: 'out of time' }), Math.max(0, deadline - performance.now()));
    timer.unref();
  });
}

/** Each route found, with its rendered HTML (null: it showed nothing, so visitors get the client-rendered page there). */
async function renderPages(deps: PrerenderDeps, context: BrowserContext, input: PrerenderInput, deadline: number): Promise<Map<string, string | null>> {
  const byPath = new Map(input.files.map((f) => [`/${f.path}`, f]));
  const index = byPath.get('/index.html');
  if (!index) return new Map();
  await answerThroughApi(context, {
    origin: input.origin,
    cookie: '',
    // Read-only: a page being rendered must change nothing of the live app (no writes, no visits counted).
    dispatch: (request) => (request.method === 'GET' && request.url.startsWith('/_sprout/v1/') ? deps.dispatch(request) : Promise.resolve(EMPTY)),
    local: (path) => {
      const file = byPath.get(path);
      if (file && !path.startsWith('/_prerendered/')) return answerOf(200, file.contentType, file.body);
      if (path.startsWith('/_sprout/')) return null;
      return pageRouteKey(path) ? answerOf(200, index.contentType, index.body) : answerOf(404, 'text/plain; charset=utf-8', 'Not found');
    },
  });
  const page = await context.newPage();
  let inFlight = 0;
  let lastActive = performance.now();
  const started = () => {
    inFlight++;
    lastActive = performance.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActive = performance.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  // An uncaught error while the page renders (a component that throws): it will show nothing, so its
  // wait for content ends there rather than after SHOW_MS.
  let failed = () => {};
  page.on('pageerror', () => failed());
  const quiet = async (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until && (inFlight > 0 || performance.now() - lastActive < QUIET_MS)) await new Promise((r) => setTimeout(r, 25));
  };
  const pages = new Map<string, string | null>();
  const queue = ['/'];
  const left = () => deadline - performance.now();
  // A page stuck in a loop answers nothing: closing it at the deadline ends every wait on it.
  const stop = setTimeout(() => void page.close().catch(() => undefined), Math.max(0, left()));
  try {
    while (queue.length && pages.size < deps.config.maxPages && left() > 0) {
      const route = queue.shift()!;
      if (pages.has(route)) continue;
      const errored = new Promise<void>((resolve) => {
        failed = resolve;
      });
      const rendered = await renderOne(page, input.origin, route, left, quiet, errored);
      if (!rendered) {
        // The start page did not load at all: nothing to keep.
        if (route === '/') return new Map();
        continue;
      }
      pages.set(route, rendered.html);
      for (const link of rendered.links) {
        const url = new URL(link, input.origin);
        const key = url.origin === input.origin && !url.pathname.startsWith('/_sprout/') ? pageRouteKey(url.pathname) : null;
        if (key && !pages.has(key) && !queue.includes(key)) queue.push(key);
      }
    }
    // Linked but not rendered (the page or time budget ran out): still the app's routes, served as the client renders them.
    for (const route of queue) if (!pages.has(route)) pages.set(route, null);
    return pages;
  } finally {
    clearTimeout(stop);
  }
}

async function renderOne(
  page: Page,
  origin: string,
  route: string,
  left: () => number,
  quiet: (ms: number) => Promise<void>,
  errored: Promise<void>,
): Promise<{ html: string | null; links: string[] } | null> {
  try {
    await page.goto(`${origin}${route}`, { waitUntil: 'load', timeout: Math.max(1, left()) });
  } catch {
    return null;
  }
  const shown = await Promise.race([
    page.waitForFunction(ROOT_HAS_CONTENT, undefined, { timeout: Math.max(1, Math.min(SHOW_MS, left())), polling: 50 }).then(
      () => true,
      () => false,
    ),
    errored.then(() => page.evaluate(ROOT_HAS_CONTENT).catch(() => false)),
  ]);
  // The data the page asked for once it showed: done when its requests are answered, or when the wait is over.
  if (shown) await quiet(Math.max(0, Math.min(SETTLE_MS, left())));
  const read = await page
    .evaluate(() => ({
      html: document.documentElement.outerHTML,
      links: Array.from(document.querySelectorAll('a[href]'), (a) => (a as HTMLAnchorElement).href),
    }))
    .catch(() => null);
  if (!read) return null;
  return { html: shown ? `<!doctype html>\n${read.html}` : null, links: read.links.slice(0, 200) };
}
