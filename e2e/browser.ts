import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export const webUrl = () => inject('webUrl');
export const apiUrl = () => inject('apiUrl');

let counter = 0;
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export interface Account {
  email: string;
  password: string;
  displayName: string;
  idToken: string;
  refreshToken: string;
  expiresIn: number;
  user: { id: string; email: string; displayName: string; roles: string[]; tier: string };
}

/** Registers through the real API (fast path for tests that are not about registration). */
export async function registerViaApi(tag = 'user', email = uniqueEmail(tag)): Promise<Account> {
  const body = { email, password: 'correct horse battery', displayName: `E2E ${tag}` };
  const res = await fetch(`${apiUrl()}/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return { ...body, ...(await res.json()) };
}

/** Signs in an account an earlier test file registered (the product instance is shared by all files). */
async function loginViaApi(tag: string, email: string): Promise<Account> {
  const body = { email, password: 'correct horse battery' };
  const res = await fetch(`${apiUrl()}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const json = (await res.json()) as Omit<Account, 'password' | 'displayName'>;
  return { ...body, displayName: json.user?.displayName ?? `E2E ${tag}`, ...json };
}

/** Signs a browser context in the way the app does: stored tokens, then the session cookie via /api/login. */
export async function signIn(context: BrowserContext, account: Account): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${webUrl()}/terms`);
  await page.evaluate((a) => {
    localStorage.setItem(
      'sprout.auth',
      JSON.stringify({ idToken: a.idToken, refreshToken: a.refreshToken, expiresAt: Date.now() + a.expiresIn * 1000, user: a.user }),
    );
  }, account);
  const status = await page.evaluate(async (token) => {
    const res = await fetch('/api/login', { method: 'POST', credentials: 'include', headers: { authorization: `Bearer ${token}` } });
    return res.status;
  }, account.idToken);
  if (status !== 200) throw new Error(`/api/login answered ${status}`);
  return page;
}

export async function apiCall<T>(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${apiUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: res.status === 204 ? (undefined as T) : ((await res.json()) as T) };
}

/** A fresh ID token (and its roles/tier claims) after a server-side change to the account. */
export async function refreshAccount(account: Account): Promise<Account> {
  const res = await fetch(`${apiUrl()}/v1/auth/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken: account.refreshToken }),
  });
  if (!res.ok) throw new Error(`refresh failed: ${res.status}`);
  return { ...account, ...(await res.json()) };
}

let staff: Promise<Account> | undefined;
/** The suite's internal-staff account (the product is started with STAFF_EMAILS=staff@e2e.test). */
export function staffAccount(): Promise<Account> {
  // Every test file runs in its own module graph: the second one finds the account registered.
  staff ??= registerViaApi('staff', 'staff@e2e.test').catch((err: Error) =>
    err.message.startsWith('register failed: 409') ? loginViaApi('staff', 'staff@e2e.test') : Promise.reject(err),
  );
  return staff;
}

// ---------------------------------------------------------------------------------------------
// Helpers for the page suites (home, create, paywall, projects, shell, settings).
// ---------------------------------------------------------------------------------------------

export const SHOTS_DIR = '/tmp/sprout-e2e-shots';

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
export async function signedInContext(
  browser: Browser,
  account: Account,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await signIn(context, account);
  return { context, page };
}

export interface SproutJson {
  id: string;
  displayName: string;
  isDeploymentEnabled: boolean;
  publicUrl: string | null;
  isPinned: boolean;
  published: boolean;
  createdAt: string;
  updatedAt: string;
  currentVersionId?: string | null;
}

/** Creates projects through the real API (one after another, so their order is well defined). */
export async function createSproutsViaApi(account: Account, names: string[]): Promise<SproutJson[]> {
  const out: SproutJson[] = [];
  for (const displayName of names) {
    const res = await apiCall<SproutJson>('POST', '/v1/sprouts', account.idToken, { displayName });
    if (res.status !== 201) throw new Error(`POST /v1/sprouts answered ${res.status}: ${JSON.stringify(res.json)}`);
    out.push(res.json);
  }
  return out;
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
    { timeout: 30_000 },
  );
}

/** expect.poll with room for a real server round trip (the default gives up after one second). */
export function eventually<T>(fn: () => T | Promise<T>, timeout = 10_000) {
  return expect.poll(fn, { timeout, interval: 100 });
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
