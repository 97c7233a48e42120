import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser';

const REDUCE = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

describe('the test browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('asks for reduced motion in contexts and pages, unless a test asks otherwise', async () => {
    const context = await browser.newContext();
    expect(await (await context.newPage()).evaluate(REDUCE)).toBe(true);
    await context.close();
    const page = await browser.newPage();
    expect(await page.evaluate(REDUCE)).toBe(true);
    await page.close();
    const moving = await browser.newContext({ reducedMotion: 'no-preference' });
    expect(await (await moving.newPage()).evaluate(REDUCE)).toBe(false);
    await moving.close();
  });
});
