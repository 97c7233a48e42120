import type { BrowserContextOptions } from 'playwright-core';
import type { BehaviourCheck } from '@sprout/core';
import type { BehaviourCheckResult } from '@sprout/core/contract';
import type { BuildResult } from '@sprout/preview';
import { CHECK_COOKIE } from '../previews/check-cookie';
import type { PreviewTokens } from '../previews/preview-tokens';
import { type CheckEmail, runBehaviourCheck, STEP_TIMEOUT_MS } from './behaviour-steps';
import type { Dispatch } from './check-requests';
import type { VendorAnswers } from './check-static';
import type { ChromiumPool } from './chromium-pool';
import { ROOT_HAS_CONTENT, watchPage } from './watch-page';

export type CheckToRun = BehaviourCheck & { file: string };

export interface BehaviourRunDeps {
  pool: ChromiumPool;
  previewTokens: Pick<PreviewTokens, 'sign'>;
  dispatch: Dispatch;
  contextOptions: BrowserContextOptions;
  /** Empties the project's `check` dataset, so each check starts from no app data of its own. */
  clearCheckData(sproutId: string): Promise<void>;
  /** The mail the project's functions sent in its `check` dataset (never sent anywhere), newest first. */
  checkEmails(sproutId: string): Promise<CheckEmail[]>;
  /** How long the page may take to load before the check says so. */
  loadTimeoutMs: number;
  /** Vendor files earlier checks were sent (the render check's own register). */
  vendor: VendorAnswers;
  /** The time all of a version's behaviour checks may take together (default BEHAVIOUR_BUDGET_MS). */
  budgetMs?: number;
}

/**
 * What all of a version's behaviour checks may take together. Twenty slow steps of five checks could
 * hold a shared browser slot for minutes (two such runs once made another person's reply wait a
 * minute); past the budget the rest fail, saying so, which counts toward the run like any failure.
 */
const BEHAVIOUR_BUDGET_MS = 60_000;

export interface BehaviourRunInput {
  sproutId: string;
  ownerId: string;
  versionId: string;
  origin: string;
  checks: readonly CheckToRun[];
  signal?: AbortSignal;
  /** The checks start once this has settled (never while holding a pool slot). */
  loadAfter?: Promise<unknown>;
}

const outOfTime = (check: CheckToRun, budgetMs: number): BehaviourCheckResult => ({
  file: check.file,
  name: check.name,
  ok: false,
  failedStep: null,
  step: null,
  message: `Not finished: the checks of this version took longer than ${Math.round(budgetMs / 1000)} s in all. Make the checks shorter, or the app answer faster.`,
});

const notLoaded = (check: CheckToRun, why: string): BehaviourCheckResult => ({
  file: check.file,
  name: check.name,
  ok: false,
  failedStep: null,
  step: null,
  message: `The page did not load for the check: ${why}`,
});

/**
 * Runs a candidate's behaviour checks (checks/*.json) one after another, each on a freshly loaded
 * page in a fresh browser context (its own visitor, no storage left by the one before) whose app
 * data is the project's `check` dataset, emptied first: a check's writes never reach the owner's
 * test data and one check never sees another's. Null when they could not run at all (no browser,
 * stopped, shutting down, a page too slow to load): not judged rather than failed.
 */
export async function runBehaviourChecks(
  deps: BehaviourRunDeps,
  input: BehaviourRunInput,
  build: BuildResult & { ok: true },
): Promise<BehaviourCheckResult[] | null> {
  const results: BehaviourCheckResult[] = [];
  // Before taking a pool slot: the render check this waits for may need that slot to load its page.
  await input.loadAfter;
  if (input.signal?.aborted) return null;
  const budgetMs = deps.budgetMs ?? BEHAVIOUR_BUDGET_MS;
  const spent = new AbortController();
  const timer = setTimeout(() => spent.abort(), budgetMs);
  const stopped = input.signal ? AbortSignal.any([input.signal, spent.signal]) : spent.signal;
  try {
    for (const check of input.checks) {
      if (spent.signal.aborted) {
        results.push(outOfTime(check, budgetMs));
        continue;
      }
      await deps.clearCheckData(input.sproutId);
      const answer = await deps.pool.withContext(
        deps.contextOptions,
        (context) => runOne(deps, { ...input, signal: stopped }, build, check, context),
        stopped,
        input.ownerId,
      );
      if (input.signal?.aborted) return null;
      // The budget ran out while this one ran (or waited for a slot): it did not finish either.
      if (spent.signal.aborted) {
        results.push(outOfTime(check, budgetMs));
        continue;
      }
      if (!answer.ok || answer.value === null) return null;
      results.push(answer.value);
    }
    return results;
  } finally {
    clearTimeout(timer);
    await deps.clearCheckData(input.sproutId);
  }
}

async function runOne(
  deps: BehaviourRunDeps,
  input: BehaviourRunInput,
  build: BuildResult & { ok: true },
  check: CheckToRun,
  context: Parameters<Parameters<ChromiumPool['withContext']>[1]>[0],
): Promise<BehaviourCheckResult | null> {
  const { token } = await deps.previewTokens.sign('check', input.ownerId, input.sproutId, Date.now(), input.versionId, true);
  const watched = await watchPage(context, {
    origin: input.origin,
    cookie: `${CHECK_COOKIE}=${token}`,
    dispatch: deps.dispatch,
    versionId: input.versionId,
    build,
    vendor: deps.vendor,
  });
  const { page } = watched;
  const stop = () => void page.close().catch(() => undefined);
  input.signal?.addEventListener('abort', stop, { once: true });
  try {
    try {
      const response = await page.goto(`${input.origin}/`, { waitUntil: 'load', timeout: deps.loadTimeoutMs });
      if (response?.status() !== 200) return notLoaded(check, `the preview host answered ${response?.status() ?? 'nothing'}.`);
    } catch (err) {
      const budget = watched.overBudget();
      if (budget) return notLoaded(check, budget);
      // Too slow to load on a busy server says nothing about the app: the checks are not judged.
      if ((err as Error).name === 'TimeoutError') return null;
      return notLoaded(check, (err as Error).message.split('\n')[0] ?? 'unknown error');
    }
    // The first render, so the first step does not spend its time on it; a page that shows nothing
    // is for the steps to describe ("nothing on the page matches …").
    await page.waitForFunction(ROOT_HAS_CONTENT, undefined, { timeout: STEP_TIMEOUT_MS, polling: 50 }).then(
      () => true,
      () => false,
    );
    const result = await runBehaviourCheck(page, check, { errors: watched.errors, emails: () => deps.checkEmails(input.sproutId) });
    // Its steps failed because the page was closed under them: the budget is why.
    const budget = watched.overBudget();
    return budget ? { ...result, ok: false, message: budget } : result;
  } finally {
    input.signal?.removeEventListener('abort', stop);
  }
}
