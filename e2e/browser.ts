import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { scaledTimeout, type TestAccount } from '@sprout/testkit';
import { launchChromium, signedInContext as signedInContextOf, signInPage } from '@sprout/testkit/browser';
import { useFixture } from '@sprout/testkit/vitest';
import { webUrl } from './product';

// What only browser tests need: Chromium, signed-in pages, screenshots, hydration, recorded
// addresses. The product over HTTP (accounts, projects, API calls) is in ./product.

/** The test file's Chromium: launched before its tests, closed after them. */
export const useBrowser = (): Browser => useFixture('Chromium', launchChromium, (b) => b.close());

/** Signs a browser context in the way the app does: stored tokens, then the session cookie via /api/login. */
export const signIn = (context: BrowserContext, account: TestAccount): Promise<Page> => signInPage(context, webUrl(), account);

// ---------------------------------------------------------------------------------------------
// Helpers for the page suites.
// ---------------------------------------------------------------------------------------------

const SHOTS_DIR = '/tmp/sprout-e2e-shots';

/** Saves a full-page screenshot for a report and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const { mkdirSync } = await import('node:fs');
  mkdirSync(SHOTS_DIR, { recursive: true });
  const file = `${SHOTS_DIR}/${name.replace(/[^a-z0-9-]+/gi, '_')}-${Date.now()}.png`;
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Runs `steps`; on failure adds a screenshot path and the page URL to the error, then rethrows it. */
export async function withScreenshot<T>(page: Page, name: string, steps: () => Promise<T>): Promise<T> {
  try {
    return await steps();
  } catch (err) {
    let where = '';
    try {
      where = `\n  page: ${page.url()}\n  screenshot: ${await screenshot(page, name)}`;
    } catch (shotErr) {
      where = `\n  (no screenshot: ${(shotErr as Error).message})`;
    }
    if (err instanceof Error) {
      err.message += where;
      throw err;
    }
    throw new Error(`${String(err)}${where}`);
  }
}

/** A new context signed in as `account`, and its first page. */
export const signedInContext = (browser: Browser, account: TestAccount, options: Parameters<Browser['newContext']>[0] = {}) =>
  signedInContextOf(browser, webUrl(), account, options);

/**
 * Runs `steps` on a page signed in as `account` in a new context with `options` (a failure gets a
 * screenshot named `shot` and the page's address), then closes the context.
 */
export async function asPerson<T>(
  browser: Browser,
  account: TestAccount,
  { shot, ...options }: { shot: string } & Parameters<Browser['newContext']>[0],
  steps: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const { context, page } = await signedInContext(browser, account, options);
  try {
    return await withScreenshot(page, shot, () => steps(page, context));
  } finally {
    await context.close();
  }
}

/** The viewport of the project-page suites. */
export const DESKTOP = { viewport: { width: 1440, height: 900 } };

/** The project page /build/{id}, loaded, hydrated and without loading placeholders. */
export async function openProject(page: Page, id: string): Promise<void> {
  await page.goto(`${webUrl()}/build/${id}`);
  await settle(page);
}

/**
 * Records every address the page shows (loads, history.pushState and history.replaceState) in
 * sessionStorage, so a test can see a URL that was only there for a moment (such as
 * /build/{id}?prompt=… before the project page removes the parameter). Read with `visitedUrls`.
 */
export async function recordUrls(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const KEY = '__e2eUrls';
    const push = (url: string) => {
      try {
        const list = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
        list.push(new URL(url, location.href).href);
        sessionStorage.setItem(KEY, JSON.stringify(list));
      } catch {
        // about:blank has no storage; nothing to record there.
      }
    };
    push(location.href);
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        original(data, unused, url);
        if (url !== undefined && url !== null) push(String(url));
      };
    }
  });
}

export async function visitedUrls(page: Page): Promise<URL[]> {
  const list = await page.evaluate(() => JSON.parse(sessionStorage.getItem('__e2eUrls') ?? '[]') as string[]);
  return list.map((u) => new URL(u));
}

/**
 * Waits until React has hydrated the element `selector` points at (its event handlers are attached),
 * so typing into a server-rendered field is not wiped by hydration and clicks reach React.
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps$'));
    },
    selector,
    { timeout: limit(30_000) },
  );
}

/**
 * A time limit for a wait in a browser test: `ms` is what an unloaded machine needs, and it grows
 * with the machine's load when the wait starts (a limit ends a hang; it never judges speed).
 */
export const limit = (ms: number): number => scaledTimeout(ms);

/**
 * expect.poll with room for a real server round trip: the config's deadline (10 s on an unloaded
 * machine, grown with its load), or `timeout` grown the same way.
 */
export function eventually<T>(fn: () => T | Promise<T>, timeout?: number) {
  return expect.poll(fn, { timeout: timeout === undefined ? undefined : limit(timeout), interval: 100 });
}

/**
 * The page has loaded, React has hydrated the shell and no loading placeholder (aria-busy) is left.
 * (Not 'networkidle': analytics use keepalive fetches, which Playwright never sees finish.)
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await waitForHydration(page, 'header a');
  await eventually(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

/** From the paywall's "See plans" through the TEST MODE checkout to "Pay" (then /checkout/complete takes the person back). */
export async function upgradeThroughTestCheckout(page: Page, tier: string): Promise<void> {
  await page.getByTestId('paywall-upgrade').click();
  await page.waitForURL((u) => u.pathname === '/pricing');
  await waitForHydration(page, `[data-testid="plan-action-${tier}"]`);
  expect(await page.getByTestId(`plan-action-${tier}`).getAttribute('data-direction')).toBe('upgrade');
  await page.getByTestId(`plan-action-${tier}`).click();

  await page.waitForURL((u) => u.pathname === '/go-to-checkout');
  await waitForHydration(page, '[data-testid="checkout-continue"]');
  expect(await page.getByTestId('checkout-summary').getAttribute('data-direction')).toBe('upgrade');
  await page.getByTestId('checkout-continue').click();

  await page.waitForURL((u) => u.pathname === '/checkout/test');
  await page.getByTestId('test-checkout').waitFor();
  expect(await page.getByTestId('test-mode-banner').textContent()).toContain('Test mode');
  expect(await page.getByTestId('test-checkout').getAttribute('data-tier')).toBe(tier);
  await page.getByTestId('test-checkout-pay').click();
}

/**
 * A new project's first message is answered with a plan (free): waits for the plan card that has not
 * been built yet, and presses its Build, as a person who accepts the plan as it stands does.
 */
export async function buildFromPlan(page: Page): Promise<void> {
  const card = page.locator('[data-testid="plan-card"][data-state="open"]').last();
  await card.getByTestId('plan-build').click({ timeout: limit(60_000) });
  await page
    .locator('[data-testid="plan-card"][data-state="built"]')
    .last()
    .waitFor({ timeout: limit(30_000) });
}

/**
 * Turns the composer's Plan switch off, which a new project's empty chat starts with on: for a test
 * of what a build does, sent as the project's first message.
 */
export async function turnPlanOff(page: Page): Promise<void> {
  const plan = page.getByRole('switch', { name: 'Plan' });
  await eventually(() => plan.getAttribute('aria-checked')).toBe('true');
  await plan.click();
  await eventually(() => plan.getAttribute('aria-checked')).toBe('false');
}
