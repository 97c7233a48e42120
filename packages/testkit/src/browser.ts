import { accessSync, constants } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_CANDIDATES, pickChromium } from '@sprout/core';
import type { Session } from '@sprout/core/contract';
import { recordBrowserSteps } from './browser-steps';
import { scaledTimeout } from './timeouts';

function canRun(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Debian's Chromium builds the API may pick (core's CHROMIUM_CANDIDATES) that are installed here. */
export const installedChromiums = (): string[] => CHROMIUM_CANDIDATES.filter(canRun);

/** The Chromium tests drive: CHROMIUM_PATH, else the one the API picks (core's pickChromium: Debian's headless shell first). */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH || pickChromium(canRun);

/** Debian's Chromium (never a downloaded browser), headless, with what this machine needs. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright's own limit for an action, a navigation or a wait, on an unloaded machine. */
const PLAYWRIGHT_TIMEOUT = 30_000;

/**
 * Chromium whose contexts (and pages made without one) ask for reduced motion unless a test says
 * otherwise (the web app then draws no spinner frames while a test waits: fewer frames for the
 * machine to render, and nothing a test could catch mid-animation) and wait as long as the machine's load needs:
 * Playwright's 30 s for a click, a navigation or a `waitFor`, grown with the load when the context
 * is made (`scaledTimeout`); a test's own `timeout` option still wins. Their waiting calls are
 * recorded (browser-steps.ts) for the report of a test that fails.
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...extraArgs] });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    context.setDefaultTimeout(scaledTimeout(PLAYWRIGHT_TIMEOUT));
    context.on('page', recordBrowserSteps);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage({ reducedMotion: 'reduce', ...options });
    page.setDefaultTimeout(scaledTimeout(PLAYWRIGHT_TIMEOUT));
    recordBrowserSteps(page);
    return page;
  };
  return browser;
}

/**
 * Signs a browser context in the way the app does: the tokens stored as the sign-in form stores
 * them, then the session cookie from the web app's /api/login. Returns the page it used (on /terms).
 */
export async function signInPage(context: BrowserContext, webUrl: string, account: Session): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${webUrl}/terms`);
  await page.evaluate((a) => {
    localStorage.setItem(
      'sprout.auth',
      JSON.stringify({ idToken: a.idToken, refreshToken: a.refreshToken, expiresAt: Date.now() + a.expiresIn * 1000, user: a.user }),
    );
  }, account);
  const status = await page.evaluate(
    async (token) => (await fetch('/api/login', { method: 'POST', credentials: 'include', headers: { authorization: `Bearer ${token}` } })).status,
    account.idToken,
  );
  if (status !== 200) throw new Error(`/api/login answered ${status}`);
  return page;
}

/** A new context signed in as `account`, and its first page. */
export async function signedInContext(
  browser: Browser,
  webUrl: string,
  account: Session,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await signInPage(context, webUrl, account);
  return { context, page };
}

export { freezeChromium } from './frozen-chromium';
