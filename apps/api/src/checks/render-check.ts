import type { FastifyBaseLogger } from 'fastify';
import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import type { BuildResult } from '@sprout/preview';
import { previewOriginOf } from '../hosting/hosts';
import type { CandidateRules } from '../previews/candidate-rules';
import { CHECK_BUILD_GONE, CHECK_COOKIE } from '../previews/check-cookie';
import type { PreviewTokens } from '../previews/preview-tokens';
import type { BehaviourCheckResult } from '@sprout/core/contract';
import { runBehaviourChecks, type CheckToRun } from './behaviour-run';
import type { CheckEmail } from './behaviour-steps';
import type { Dispatch } from './check-requests';
import { VendorAnswers } from './check-static';
import { CHECK_STOPPED, POOL_CLOSED, type ChromiumPool } from './chromium-pool';
import { blankIssue, timeoutIssue, type RenderCheckIssue } from './page-issues';
import { ROOT_HAS_CONTENT, watchPage, type ConsoleLine } from './watch-page';

export type RenderCheckResult =
  /** `thumbnail`: a JPEG of the page, 320×200 (the 1280×800 viewport at a quarter scale); `console`: what the page logged. */
  | { status: 'passed'; durationMs: number; thumbnail: Buffer; checks?: BehaviourCheckResult[]; console?: ConsoleLine[] }
  | { status: 'failed'; durationMs: number; issues: RenderCheckIssue[]; thumbnail: Buffer | null; checks?: undefined; console?: ConsoleLine[] }
  | { status: 'skipped'; reason: string };

interface RenderCheckInput {
  sproutId: string;
  /** The project's owner: the check acts as their preview (test data) on the project's preview origin. */
  ownerId: string;
  /** The candidate version, already built with `buildPreview(sproutId, versionId, files)` (it is loaded from that cache). */
  versionId: string;
  /** Stops the check (a run stopped): it answers `skipped`. */
  signal?: AbortSignal;
  /**
   * The candidate's `sprout.data.json` text (null: it has none), so its backend requests follow the
   * candidate's rules; omitted: the current version's rules apply.
   */
  dataRules?: string | null;
  /**
   * The candidate's behaviour checks (checks/*.json), run once the page rendered; their results come
   * back as `checks` (absent: none given, the render failed, or they could not run).
   */
  checks?: readonly CheckToRun[];
}

/** Loads a candidate version in headless Chromium on its preview origin and says whether it renders. */
export type RenderCheck = (input: RenderCheckInput) => Promise<RenderCheckResult>;

export interface RenderCheckDeps {
  config: { enabled: boolean; settleMs: number; timeoutMs: number; previewDomain: string; appProtocol: 'http' | 'https' };
  pool: ChromiumPool;
  previewTokens: Pick<PreviewTokens, 'sign'>;
  /** Where a candidate's data rules are held while it is checked, for its backend requests (the app's services). */
  candidateRules: Pick<CandidateRules, 'hold'>;
  /** The candidate's preview build: from memory, else built from its stored files; null when there is no such candidate (previews/preview-builds.ts `candidateBuild`). */
  candidateBuild(sproutId: string, versionId: string): Promise<BuildResult | null>;
  /** Answers a request through the API in-process (`app.inject`). */
  dispatch: Dispatch;
  /** Empties the project's `check` dataset (behaviour checks start from no app data). */
  clearCheckData(sproutId: string): Promise<void>;
  /** The mail the project's functions sent in its `check` dataset, for expectEmail steps. */
  checkEmails(sproutId: string): Promise<CheckEmail[]>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** What a version's behaviour checks may take in all (default behaviour-run.ts BEHAVIOUR_BUDGET_MS). */
  budgetMs?: number;
}

export const RENDER_CHECK_OFF = 'Render checks are turned off (RENDER_CHECK=off).';
const NOT_BUILDING = 'The version does not build; its build errors are what to fix.';

// The person's preview at a laptop's size; a quarter scale makes the picture a 320×200 thumbnail.
const CHECK_VIEWPORT = { width: 1280, height: 800 };
const THUMBNAIL_SCALE = 0.25;
const CONTEXT_OPTIONS: BrowserContextOptions = {
  viewport: CHECK_VIEWPORT,
  deviceScaleFactor: THUMBNAIL_SCALE,
  serviceWorkers: 'block',
  acceptDownloads: false,
  colorScheme: 'light',
  locale: 'en-US',
};
// How long, after the settle time, the check waits for the page's calls of the app's functions to end
// (a function's own time limit ends a stuck one sooner).
const FUNCTION_WAIT_MS = 10_000;
// An empty root after the settle time gets this much longer to show something (a slow first
// render on a busy machine) before it counts as blank: only blank pages pay for it.
const BLANK_GRACE_MS = 2_000;
// How long a page gets to answer a question before it counts as stuck, even when the budget is spent.
const PROBE_MS = 2_000;
// The thumbnail may take this long even when the budget is spent (the check itself is done by then).
const SCREENSHOT_MIN_MS = 2_000;

const TIMED_OUT = Symbol('timed out');
function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The render check: the candidate's page on the project's own preview origin, as the person's
 * iframe loads it (app backend, vendor files through the import map, public files), in a fresh
 * browser context of the shared pool. After the load event and a settle time it reports uncaught
 * errors, unhandled rejections, React's error messages, scripts and stylesheets of the origin that
 * did not load, and a blank root, placed in project files with the build's source maps, with a
 * thumbnail. Everything it cannot judge (no Chromium, no build, stopped) is `skipped`, never failed.
 */
export function createRenderCheck(deps: RenderCheckDeps): RenderCheck {
  // What the API sent this render check's pages that every later check may reuse (check-static.ts).
  const vendor = new VendorAnswers();
  return async (input) => {
    if (!deps.config.enabled) return { status: 'skipped', reason: RENDER_CHECK_OFF };
    // On a check worker the candidate was built elsewhere: its stored files are built here, once.
    const build = await deps.candidateBuild(input.sproutId, input.versionId).catch(() => null);
    if (!build) return { status: 'skipped', reason: CHECK_BUILD_GONE };
    if (!build.ok) return { status: 'skipped', reason: NOT_BUILDING };
    const release = input.dataRules === undefined ? null : deps.candidateRules.hold(input.versionId, input.dataRules);
    // The behaviour checks run beside the render check (the pool gives each its own context), so a
    // version waits for the slower of the two, not their sum; a render that fails stops them.
    const stopChecks = new AbortController();
    // Loading a page is the heavy part (parsing React and the app's modules): the checks' pages load
    // once the render check's has, during its settle time, instead of halving the cores with it.
    let pageLoadedNow = () => {};
    const pageLoaded = { promise: new Promise<void>((resolve) => (pageLoadedNow = resolve)), resolve: () => pageLoadedNow() };
    const onAbort = () => stopChecks.abort();
    input.signal?.addEventListener('abort', onAbort, { once: true });
    const behaviour = input.checks?.length
      ? runBehaviourChecks(
          { ...deps, contextOptions: CONTEXT_OPTIONS, loadTimeoutMs: deps.config.timeoutMs, vendor },
          { ...input, checks: input.checks, origin: previewOriginOf(input.sproutId, deps.config), signal: stopChecks.signal, loadAfter: pageLoaded.promise },
          build,
        ).catch((err: unknown) => {
          deps.log?.warn({ err, sproutId: input.sproutId, versionId: input.versionId }, 'behaviour checks could not run');
          return null;
        })
      : Promise.resolve(null);
    try {
      const answer = await deps.pool
        .withContext(CONTEXT_OPTIONS, (context) => checkPage(deps, vendor, context, input, build, pageLoaded.resolve), input.signal, input.ownerId)
        .finally(pageLoaded.resolve);
      if (!answer.ok || answer.value.status !== 'passed') stopChecks.abort();
      const checks = await behaviour;
      if (!answer.ok) return { status: 'skipped', reason: answer.reason };
      return answer.value.status === 'passed' && checks ? { ...answer.value, checks } : answer.value;
    } catch (err) {
      stopChecks.abort();
      await behaviour;
      if (input.signal?.aborted) return { status: 'skipped', reason: CHECK_STOPPED };
      if (deps.pool.isClosed()) return { status: 'skipped', reason: POOL_CLOSED };
      deps.log?.warn({ err, sproutId: input.sproutId, versionId: input.versionId }, 'render check could not run');
      return { status: 'skipped', reason: `The render check could not run: ${(err as Error).message?.split('\n')[0] ?? String(err)}` };
    } finally {
      input.signal?.removeEventListener('abort', onAbort);
      release?.();
    }
  };
}

async function checkPage(
  deps: RenderCheckDeps,
  vendor: VendorAnswers,
  context: BrowserContext,
  input: RenderCheckInput,
  build: BuildResult & { ok: true },
  onLoaded: () => void,
): Promise<RenderCheckResult> {
  const { settleMs, timeoutMs } = deps.config;
  const started = performance.now();
  const left = () => Math.max(0, started + timeoutMs - performance.now());
  const origin = previewOriginOf(input.sproutId, deps.config);
  const { token } = await deps.previewTokens.sign('check', input.ownerId, input.sproutId, Date.now(), input.versionId);
  const watched = await watchPage(context, {
    origin,
    cookie: `${CHECK_COOKIE}=${token}`,
    dispatch: deps.dispatch,
    versionId: input.versionId,
    build,
    vendor,
  });
  const { page, issues } = watched;
  const failedOverBudget = (): RenderCheckResult => ({
    status: 'failed',
    durationMs: Math.round(performance.now() - started),
    issues: issues.items,
    thumbnail: null,
    console: watched.console(),
  });
  const stop = () => void page.close().catch(() => undefined);
  input.signal?.addEventListener('abort', stop, { once: true });
  try {
    let loaded = true;
    try {
      const response = await page.goto(`${origin}/`, { waitUntil: 'load', timeout: Math.max(1, left()) });
      const status = response?.status() ?? 0;
      if (status === 503) return { status: 'skipped', reason: CHECK_BUILD_GONE };
      if (status !== 200) return { status: 'skipped', reason: `The preview host answered ${status} to the check.` };
    } catch (err) {
      if (input.signal?.aborted) return { status: 'skipped', reason: CHECK_STOPPED };
      if ((err as Error).name !== 'TimeoutError' && !watched.overBudget()) throw err;
      loaded = false;
    }
    if (watched.overBudget()) return failedOverBudget();

    onLoaded();
    let responsive = loaded;
    if (!loaded) {
      // Slow is not broken: a page whose script still answers was held up by a busy server, which is
      // not the app's fault; one that does not answer is stuck in a loop. (A page still navigating
      // answers with an error: that too is a page that is not stuck.)
      const answers = await within(
        page.evaluate(() => true).catch(() => true),
        PROBE_MS,
      );
      if (answers === true) return { status: 'skipped', reason: `The page took longer than ${Math.round(timeoutMs / 1000)} s to load on the server.` };
    } else {
      await Promise.race([sleep(Math.min(settleMs, left())), watched.stopped]);
      // Then the calls of the app's functions it made: a function that fails as it loads is an issue even when the page coped.
      await Promise.race([watched.functionsIdle(Math.min(FUNCTION_WAIT_MS, left())), watched.stopped]);
      if (watched.overBudget()) return failedOverBudget();
      // A page that navigates meanwhile (it reloaded itself) answers with an error: not stuck, not shown yet.
      const shown = await within(
        page.evaluate(ROOT_HAS_CONTENT).catch(() => false),
        Math.max(PROBE_MS, left()),
      );
      if (shown === TIMED_OUT) responsive = false;
      // A page that already failed is not also called blank (its error is why), so it needs no grace.
      else if (!shown && issues.items.length === 0) {
        const late = await page.waitForFunction(ROOT_HAS_CONTENT, undefined, { timeout: Math.max(1, Math.min(BLANK_GRACE_MS, left())), polling: 100 }).then(
          () => true,
          () => false,
        );
        if (!late && issues.items.length === 0) issues.add(blankIssue());
      }
    }
    if (input.signal?.aborted) return { status: 'skipped', reason: CHECK_STOPPED };
    if (watched.overBudget()) return failedOverBudget();
    if (!loaded) issues.add(timeoutIssue(`The page stopped responding while it loaded (a loop that never ends?).`));
    else if (!responsive) issues.add(timeoutIssue('The page stopped responding after it loaded (a loop that never ends?).'));

    // A page that stopped responding cannot be pictured; one that was only slow to load may be.
    const thumbnail =
      loaded && !responsive
        ? null
        : await page
            .screenshot({
              type: 'jpeg',
              quality: 60,
              scale: 'device',
              animations: 'disabled',
              caret: 'hide',
              timeout: loaded ? Math.max(SCREENSHOT_MIN_MS, left()) : 1000,
            })
            .catch(() => null);
    const durationMs = Math.round(performance.now() - started);
    if (issues.items.length === 0 && thumbnail) return { status: 'passed', durationMs, thumbnail, console: watched.console() };
    if (issues.items.length === 0) issues.add(timeoutIssue('The page stopped responding after it loaded (a loop that never ends?).'));
    return { status: 'failed', durationMs, issues: issues.items, thumbnail, console: watched.console() };
  } finally {
    input.signal?.removeEventListener('abort', stop);
  }
}
