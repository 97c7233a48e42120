import type { Locator, Page } from 'playwright-core';

// What the browser was doing when a test ran out of time. A Vitest timeout abandons the test's
// promise: the step that hung never throws, so the report names no step and a screenshot is never
// taken. Every waiting Playwright call is recorded here (what, on what, when, how long), and a
// failed test prints the list, the unfinished step last.

export interface BrowserStep {
  call: string;
  target: string;
  /** The page's address when the step started. */
  url?: string;
  startedAt: number;
  endedAt?: number;
  error?: string;
  /** Something the page did by itself (a navigation, an error, a failed request): always shown. */
  event?: true;
}

/** Calls that can wait (navigations, actions, waits), by the class they belong to. */
const PAGE_CALLS = [
  'goto',
  'reload',
  'goBack',
  'goForward',
  'waitForURL',
  'waitForFunction',
  'waitForSelector',
  'waitForLoadState',
  'waitForEvent',
  'fill',
  'click',
  'press',
  'textContent',
] as const;
const LOCATOR_CALLS = [
  'click',
  'dblclick',
  'fill',
  'press',
  'check',
  'uncheck',
  'hover',
  'selectOption',
  'setInputFiles',
  'waitFor',
  'textContent',
  'inputValue',
  'getAttribute',
  'isVisible',
  'count',
] as const;

/** The most steps kept: a failed test needs its last few, not a whole file's. */
const KEPT = 1_000;
const steps: BrowserStep[] = [];
const patched = new WeakSet<object>();

/** A short description of a call's first argument (a selector, an address, a function's start). */
function describeTarget(owner: string, self: unknown, args: unknown[]): string {
  const own = owner === 'locator' ? String(self) : '';
  const first = args[0];
  const arg = typeof first === 'string' ? first : typeof first === 'function' ? String(first).replace(/\s+/g, ' ') : '';
  return [own, arg].filter(Boolean).join(' ').slice(0, 160);
}

function pageUrl(owner: string, self: unknown): string | undefined {
  try {
    return (owner === 'locator' ? (self as Locator).page() : (self as Page)).url();
  } catch {
    return undefined; // a closed page has no address to show; the step is still recorded
  }
}

function wrap(prototype: Record<string, unknown>, owner: string, names: readonly string[]): void {
  if (patched.has(prototype)) return;
  patched.add(prototype);
  for (const name of names) {
    const original = prototype[name];
    if (typeof original !== 'function') continue;
    prototype[name] = async function recorded(this: unknown, ...args: unknown[]) {
      const step: BrowserStep = { call: `${owner}.${name}`, target: describeTarget(owner, this, args), url: pageUrl(owner, this), startedAt: Date.now() };
      steps.push(step);
      if (steps.length > KEPT) steps.shift();
      try {
        return await (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      } catch (err) {
        step.error = (err as Error).message?.split('\n')[0] ?? String(err);
        throw err;
      } finally {
        step.endedAt = Date.now();
      }
    };
  }
}

function record(call: string, target: string): void {
  const at = Date.now();
  steps.push({ call, target: target.replace(/\s+/g, ' ').slice(0, 240), startedAt: at, endedAt: at, event: true });
  if (steps.length > KEPT) steps.shift();
}

/**
 * Starts recording the waiting calls of every page and locator of this Playwright (once per class),
 * and what this page does by itself: the pages it asks for and where it navigates (a click that went
 * nowhere shows as neither), its uncaught errors, requests that failed and server errors.
 */
export function recordBrowserSteps(page: Page): void {
  wrap(Object.getPrototypeOf(page) as Record<string, unknown>, 'page', PAGE_CALLS);
  const locator: Locator = page.locator('html');
  wrap(Object.getPrototypeOf(locator) as Record<string, unknown>, 'locator', LOCATOR_CALLS);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) record('navigated', frame.url());
  });
  page.on('request', (req) => {
    // A page load, or the app router fetching the page it moves to (not its prefetches): when a
    // click seems to go nowhere, this says whether the page was asked for at all.
    const headers = req.headers();
    if (req.isNavigationRequest() || (headers.rsc && !headers['next-router-prefetch'])) record('request', `${req.method()} ${req.url()}`);
  });
  page.on('pageerror', (err) => record('page error', err.message));
  page.on('requestfailed', (req) => {
    const error = req.failure()?.errorText ?? '';
    // Cancelled by the page (a prefetch or a load overtaken by a navigation): routine, and many.
    if (error !== 'net::ERR_ABORTED') record('request failed', `${req.method()} ${req.url()} ${error}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 500) record(`response ${res.status()}`, `${res.request().method()} ${res.url()}`);
  });
}

/** Steps that started at or after `since` (epoch ms), oldest first. */
export const browserStepsSince = (since: number): BrowserStep[] => steps.filter((s) => s.startedAt >= since);

/**
 * The steps as lines: when each started (seconds after `since`), how long it took or that it is
 * still waiting, the call, its target and its error. Quick steps are folded into a count, so the
 * slow ones stand out.
 */
export function formatBrowserSteps(list: BrowserStep[], since: number, now = Date.now(), slowMs = 1_000): string {
  const lines: string[] = [];
  let quick = 0;
  const flush = () => {
    if (quick) lines.push(`  … ${quick} step${quick === 1 ? '' : 's'} under ${slowMs / 1000} s`);
    quick = 0;
  };
  for (const s of list) {
    const took = (s.endedAt ?? now) - s.startedAt;
    if (s.endedAt !== undefined && took < slowMs && !s.error && !s.event) {
      quick += 1;
      continue;
    }
    flush();
    const at = ((s.startedAt - since) / 1000).toFixed(1);
    if (s.event) {
      lines.push(`  +${((s.startedAt - since) / 1000).toFixed(1)} s  ${s.call} ${s.target}`);
      continue;
    }
    const state = s.endedAt === undefined ? `still waiting after ${(took / 1000).toFixed(1)} s` : `${(took / 1000).toFixed(1)} s`;
    const on = s.url && !s.target.startsWith(s.url) ? `  (on ${s.url})` : '';
    lines.push(`  +${at} s  ${state}  ${s.call} ${s.target}${on}${s.error ? `  → ${s.error}` : ''}`);
  }
  flush();
  return lines.join('\n');
}
