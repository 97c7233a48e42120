import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';
import { browserStepsSince, formatBrowserSteps, type BrowserStep } from './browser-steps';

describe('formatBrowserSteps', () => {
  const since = 1_000_000;
  it('folds quick steps into a count and shows slow, failed and unfinished ones with their times', () => {
    const list: BrowserStep[] = [
      { call: 'page.goto', target: 'http://x/login', startedAt: since, endedAt: since + 200 },
      { call: 'locator.fill', target: "locator('#email')", startedAt: since + 200, endedAt: since + 300 },
      { call: 'page.waitForFunction', target: '(sel) => …', url: 'http://x/login', startedAt: since + 300, endedAt: since + 4_300 },
      { call: 'locator.waitFor', target: "getByTestId('x')", startedAt: since + 4_300, endedAt: since + 4_400, error: 'Timeout 100ms exceeded.' },
      { call: 'navigated', target: 'http://x/build', startedAt: since + 4_350, endedAt: since + 4_350, event: true },
      { call: 'locator.click', target: "getByTestId('login-submit')", startedAt: since + 4_400 },
    ];
    expect(formatBrowserSteps(list, since, since + 94_400).split('\n')).toEqual([
      '  … 2 steps under 1 s',
      '  +0.3 s  4.0 s  page.waitForFunction (sel) => …  (on http://x/login)',
      "  +4.3 s  0.1 s  locator.waitFor getByTestId('x')  → Timeout 100ms exceeded.",
      '  +4.3 s  navigated http://x/build',
      "  +4.4 s  still waiting after 90.0 s  locator.click getByTestId('login-submit')",
    ]);
  });

  it('says nothing for no steps', () => {
    expect(formatBrowserSteps([], since)).toBe('');
  });
});

describe('recording', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('records the waiting calls of pages and locators, with the error of one that failed', async () => {
    const since = Date.now();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route('http://steps.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<button id="go">Go</button>' }));
    await page.goto('http://steps.test/page');
    await Promise.all([
      page.waitForEvent('pageerror'),
      page.evaluate(() =>
        setTimeout(() => {
          throw new Error('boom in the page');
        }),
      ),
    ]);
    await page.click('#go');
    await page.getByRole('button', { name: 'Go' }).click();
    await expect(page.locator('#missing').waitFor({ timeout: 50 })).rejects.toThrow(/Timeout/);
    await context.close();

    const all = browserStepsSince(since);
    expect(all.find((s) => s.call === 'request')?.target).toBe('GET http://steps.test/page');
    expect(all.find((s) => s.call === 'navigated')?.target).toBe('http://steps.test/page');
    expect(all.find((s) => s.call === 'page error')?.target).toContain('boom in the page');
    const steps = all.filter((s) => !s.event);
    expect(steps.map((s) => s.call)).toEqual(['page.goto', 'page.waitForEvent', 'page.click', 'locator.click', 'locator.waitFor']);
    expect(steps[2]!.target).toBe('#go');
    expect(steps[0]!.url).toBe('about:blank');
    expect(steps[3]!.target).toContain('Go');
    expect(steps[4]!.error).toMatch(/Timeout 50ms exceeded/);
    expect(steps.every((s) => s.endedAt !== undefined && s.endedAt >= s.startedAt)).toBe(true);
  });
});
