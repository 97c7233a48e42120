import type { BrowserContext, Page, Request } from 'playwright-core';
import type { BuildResult } from '@sprout/preview';
import { answerThroughApi, MAX_CHECK_REQUESTS, type Dispatch } from './check-requests';
import { localAnswer, type VendorAnswers } from './check-static';
import { functionFailure } from './function-failures';
import { budgetIssue, exceptionIssue, formatConsoleArgs, IssueList, moduleIssue, reactConsoleIssue, type ExceptionDetails } from './page-issues';
import { SourceLocator } from './stack-locations';

/** Frames one checked page may open. */
const MAX_CHECK_FRAMES = 20;
/** What of a page's console is kept, for a model that views the preview (the engine's view_preview tool). */
const MAX_CONSOLE_LINES = 50;
const MAX_CONSOLE_CHARS = 300;

/** One message a checked page logged. */
export interface ConsoleLine {
  type: string;
  text: string;
}

export interface WatchOptions {
  /** The project's preview origin (`http://{id}.preview.localhost:3001`). */
  origin: string;
  /** The check session's cookie (`name=value`), added to every request the API answers. */
  cookie: string;
  dispatch: Dispatch;
  versionId: string;
  build: BuildResult & { ok: true };
  /** Vendor files earlier checks were sent (the render check's own register). */
  vendor: VendorAnswers;
}

/** A page of a checked candidate and what it has done wrong so far. */
export interface WatchedPage {
  page: Page;
  issues: IssueList;
  /** Uncaught errors, unhandled rejections and React's error reports so far, as messages. */
  errors(): string[];
  /** What the page logged so far (console.log, .warn, .error, …): the first MAX_CONSOLE_LINES, each cut at MAX_CONSOLE_CHARS. */
  console(): ConsoleLine[];
  /** The budget the page went past, once it has (the page is closed then), or null. */
  overBudget(): string | null;
  /** Settles when the page goes past a budget: whoever waits on the page stops waiting. */
  stopped: Promise<void>;
  /** Resolves once none of the page's calls of the app's functions is in flight, or after `ms`. */
  functionsIdle(ms: number): Promise<void>;
}

const FUNCTION_CALL = /^\/_sprout\/v1\/functions\//;

/** Whether `#root` (or the body, for a page without one) shows anything: text, or an element with a size. */
export const ROOT_HAS_CONTENT = () => {
  const root = document.getElementById('root') ?? document.body;
  if (!root) return false;
  if ((root.innerText ?? '').trim() !== '') return true;
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0) return true;
  }
  return false;
};

/**
 * Opens a page in `context` whose every request the API answers in-process (check-requests.ts), and
 * records what a person would have seen go wrong on it: uncaught errors and unhandled rejections
 * (from DevTools' own reports, which tell the two apart and carry structured frames, placed in
 * project files with the build's source maps), React's error messages in the console, and scripts
 * or stylesheets of the origin that did not load. The caller navigates.
 */
export async function watchPage(context: BrowserContext, o: WatchOptions): Promise<WatchedPage> {
  const ownFiles = `/_sprout/build/${o.versionId}/`;
  const issues = new IssueList();
  // A page past a budget is closed at once: it has failed its check already, and each second more
  // of 300 frames loading or memory filling is a second of the browser every check shares.
  let budget: string | null = null;
  let page: Page | null = null;
  let onStop = () => {};
  const stopped = new Promise<void>((resolve) => {
    onStop = resolve;
  });
  const overBudget = (message: string) => {
    if (budget !== null) return;
    budget = message;
    issues.add(budgetIssue(message));
    onStop();
    void page?.close().catch(() => undefined);
  };
  await answerThroughApi(context, {
    origin: o.origin,
    cookie: o.cookie,
    dispatch: o.dispatch,
    local: (path) => localAnswer(path, ownFiles, o.build.assets, o.vendor),
    keep: (path, res) => o.vendor.keep(path, res),
    answered: (path, res) => issues.add(functionFailure(path, res)),
    overBudget: () => overBudget(`The page made more than ${MAX_CHECK_REQUESTS} requests while it was checked; the rest were refused.`),
  });
  // A context the pool made ahead has its blank page already (chromium-pool.ts, `spares`).
  page = context.pages()[0] ?? (await context.newPage());
  // Frames each load the page's files again: a page opening them in a loop is stopped at the limit.
  let frames = 0;
  page.on('frameattached', () => {
    if (++frames > MAX_CHECK_FRAMES) overBudget(`The page opened more than ${MAX_CHECK_FRAMES} frames while it was checked.`);
  });
  // Out of memory (the check browser's heap is capped) or any other renderer crash.
  page.on('crash', () => overBudget('The page crashed while it was checked (it may have run out of memory).'));
  const buildBase = `${o.origin}${ownFiles}`;
  const locator = new SourceLocator(o.origin, (url) => {
    const map = url.startsWith(buildBase) ? o.build.assets.get(`${url.slice(buildBase.length)}.map`) : undefined;
    return map ? Buffer.from(map.body).toString('utf8') : null;
  });
  const devtools = await context.newCDPSession(page);
  devtools.on('Runtime.exceptionThrown', (event) => issues.add(exceptionIssue(event.exceptionDetails as ExceptionDetails, locator)));
  await devtools.send('Runtime.enable');
  const logged: ConsoleLine[] = [];
  devtools.on('Runtime.consoleAPICalled', (event) => {
    const text = formatConsoleArgs(event.args);
    if (logged.length < MAX_CONSOLE_LINES) logged.push({ type: event.type, text: text.slice(0, MAX_CONSOLE_CHARS) });
    if (event.type === 'error') issues.add(reactConsoleIssue(text, locator, event.stackTrace?.callFrames));
  });
  const ownFile = (request: Request) => {
    const url = new URL(request.url());
    const type = request.resourceType();
    return url.origin === o.origin && (type === 'script' || type === 'stylesheet') && url.pathname !== '/favicon.ico' ? { path: url.pathname, type } : null;
  };
  // One issue per file: a module answered 404 is also reported as a failed request after it.
  const failed = new Set<string>();
  const fileFailed = (request: Request, why: string) => {
    const file = ownFile(request);
    if (!file || failed.has(file.path)) return;
    failed.add(file.path);
    issues.add(moduleIssue(file.path, file.type, why));
  };
  page.on('response', (response) => {
    if (response.status() >= 400) fileFailed(response.request(), `${response.status()} ${response.statusText()}`.trim());
  });
  page.on('requestfailed', (request) => fileFailed(request, request.failure()?.errorText ?? 'the request failed'));
  // The app's functions answer after the page has rendered (a function's first call starts its
  // runtime, seconds on a busy server): what they answer is judged too (function-failures.ts).
  const calling = new Set<Request>();
  let idle = () => {};
  const isFunctionCall = (request: Request) => {
    const url = new URL(request.url());
    return url.origin === o.origin && FUNCTION_CALL.test(url.pathname);
  };
  const ended = (request: Request) => {
    if (calling.delete(request) && calling.size === 0) idle();
  };
  page.on('request', (request) => {
    if (isFunctionCall(request)) calling.add(request);
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const functionsIdle = (ms: number) =>
    calling.size === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          idle = () => {
            clearTimeout(timer);
            resolve();
          };
        });
  const errors = () => issues.items.filter((i) => i.kind === 'error' || i.kind === 'rejection' || i.kind === 'react').map((i) => i.message);
  return { page, issues, errors, console: () => [...logged], overBudget: () => budget, stopped, functionsIdle };
}
