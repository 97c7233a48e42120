import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Sprout } from '@sprout/core/contract';
import { eventually, limit, screenshot, settle, signedInContext, useBrowser, waitForHydration, withScreenshot } from './browser';
import { createSproutsViaApi, registerViaApi, type TestAccount, webUrl } from './product';

const SITE_TITLE = 'AI App Builder & Vibe Coding Platform';

const browser = useBrowser();
let account: TestAccount;
let project: Sprout;

beforeAll(async () => {
  account = await registerViaApi('shell');
  // A long name (the limit is 100 characters) is the usual way a narrow layout breaks.
  project = (await createSproutsViaApi(account, ['Neighbourhood tool library with bookings, reminders and a waiting list for popular items']))[0]!;
});

async function signedOutContext(options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

/** Canonical links, normalised ('http://host' and 'http://host/' are the same address). */
async function canonicalHrefs(page: Page): Promise<string[]> {
  const hrefs = await page.locator('link[rel="canonical"]').evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  return hrefs.map((h) => new URL(h).href);
}

describe('title and canonical link', () => {
  const cases: { name: string; path: () => string; title: () => string; signedIn: boolean }[] = [
    { name: '/', path: () => '/', title: () => SITE_TITLE, signedIn: false },
    { name: '/pricing', path: () => '/pricing', title: () => `Pricing | ${SITE_TITLE}`, signedIn: false },
    { name: '/terms', path: () => '/terms', title: () => `Terms of Service | ${SITE_TITLE}`, signedIn: false },
    { name: '/login', path: () => '/login', title: () => `Sign in | ${SITE_TITLE}`, signedIn: false },
    { name: '/build (signed in)', path: () => '/build', title: () => `Projects | ${SITE_TITLE}`, signedIn: true },
    { name: '/build/{id} (signed in)', path: () => `/build/${project.id}`, title: () => `${project.displayName} | ${SITE_TITLE}`, signedIn: true },
  ];

  it.each(cases)('$name', async (c) => {
    const { context, page } = c.signedIn ? await signedInContext(browser, account) : await signedOutContext();
    const path = c.path();
    await withScreenshot(page, `title-${path}`, async () => {
      const res = await page.goto(`${webUrl()}${path}?utm_source=e2e&ref=canonical`);
      expect(res?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(path);
      // Server-rendered head, before any script runs.
      const html = await res!.text();
      expect(html).toContain(`<title>${c.title().replace(/&/g, '&amp;')}</title>`);
      expect(await canonicalHrefs(page)).toEqual([`${webUrl()}${path}`]);
      await settle(page);
      expect(await page.title()).toBe(c.title());
      expect(await canonicalHrefs(page)).toEqual([`${webUrl()}${path}`]);
    });
    await context.close();
  });

  it('updates the canonical link on client navigation', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await withScreenshot(page, 'canonical-client-nav', async () => {
      await page.goto(`${webUrl()}/?ref=1`);
      await waitForHydration(page, 'header a[href="/pricing"]');
      await page.locator('header a[href="/pricing"]').click();
      await page.waitForURL(`${webUrl()}/pricing`);
      await eventually(() => canonicalHrefs(page)).toEqual([`${webUrl()}/pricing`]);
      await eventually(() => page.title()).toBe(`Pricing | ${SITE_TITLE}`);
    });
    await context.close();
  });
});

describe('web app manifest', () => {
  function pngSize(bytes: Buffer): { width: number; height: number } {
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }

  it('is linked from the pages and has 192 and 512 PNG icons that load', async () => {
    const page = await browser.newPage();
    await page.goto(`${webUrl()}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifestUrl = new URL(href!, webUrl());
    expect(manifestUrl.href).toBe(`${webUrl()}/manifest.webmanifest`);

    const res = await fetch(manifestUrl);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type?: string; purpose?: string }[];
    };
    expect(manifest.name).toContain('Sprout');
    expect(manifest.short_name).toBe('Sprout');
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toMatch(/^\//);

    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png' && (i.purpose ?? 'any').includes('any'));
      expect(icon, `a ${size}x${size} image/png icon`).toBeDefined();
      const iconUrl = new URL(icon!.src, manifestUrl);
      const img = await fetch(iconUrl);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await img.arrayBuffer()))).toEqual({ width: size, height: size });
      // And the browser decodes it.
      const natural = await page.evaluate(async (src) => {
        const el = new Image();
        el.src = src;
        await el.decode();
        return { width: el.naturalWidth, height: el.naturalHeight };
      }, iconUrl.href);
      expect(natural).toEqual({ width: size, height: size });
    }
    await page.close();
  });
});

describe('375 px wide screens', () => {
  const viewport = { width: 375, height: 812 };

  async function overflow(page: Page, path: string): Promise<string | null> {
    await page.goto(`${webUrl()}${path}`);
    await settle(page);
    const landed = new URL(page.url()).pathname;
    if (landed !== path.split('?')[0]) return `${path}: ended on ${landed} instead`;
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width <= viewport.width) return null;
    const wide = await page.evaluate((max) => {
      const out: string[] = [];
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const r = el.getBoundingClientRect();
        if (r.right > max + 0.5 && out.length < 5)
          out.push(`<${el.tagName.toLowerCase()} class="${String(el.getAttribute('class') ?? '').slice(0, 80)}"> right=${Math.round(r.right)}`);
      }
      return out;
    }, viewport.width);
    return `${path}: scrollWidth ${width} > ${viewport.width} (screenshot ${await screenshot(page, `overflow-${path}`)}); widest: ${wide.join('; ')}`;
  }

  it('signed out: no horizontal scroll on /, /login, /register, /pricing, /terms, /press, /privacy', async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of ['/', '/login', '/register', '/pricing', '/terms', '/press', '/privacy']) {
      const problem = await overflow(page, path);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signed in: no horizontal scroll on /, /build, /build/{id}, /pricing, /settings', async () => {
    const { context, page } = await signedInContext(browser, account, { viewport });
    const problems: string[] = [];
    for (const path of ['/', '/build', `/build/${project.id}`, '/pricing', '/settings']) {
      const problem = await overflow(page, path);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
    // A phone keeps every action of the project's bar, in the width.
    await page.goto(`${webUrl()}/build/${project.id}`);
    for (const name of ['Share a remixable copy', 'Export code', 'Git access', 'Publish']) {
      const button = page.getByRole('button', { name, exact: true });
      await button.waitFor({ timeout: limit(15_000) });
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width, `${name}: ${JSON.stringify(box)}`).toBe(true);
    }
    await context.close();
  });
});

describe('route progress bar', () => {
  it('shows a progress bar without a spinner on client navigation', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await withScreenshot(page, 'progress-bar', async () => {
      await page.goto(`${webUrl()}/`);
      await waitForHydration(page, 'header a[href="/pricing"]');
      expect(await page.locator('#nprogress').count()).toBe(0);
      // The bar's code loads once the page is idle (features/shell/lazy-top-loader.tsx): its stylesheet says it is in place.
      await page.waitForFunction(() => [...document.querySelectorAll('style')].some((s) => s.textContent?.includes('#nprogress')), null, {
        timeout: limit(5000),
      });
      await page.evaluate(() => {
        const seen = { bar: false, spinner: false };
        (window as unknown as { __progress: typeof seen }).__progress = seen;
        new MutationObserver(() => {
          const el = document.getElementById('nprogress');
          if (!el) return;
          if (el.querySelector('.bar')) seen.bar = true;
          if (el.querySelector('.spinner')) seen.spinner = true;
        }).observe(document.documentElement, { childList: true, subtree: true });
      });
      await page.evaluate(() => {
        (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });
      await page.locator('header a[href="/pricing"]').click();
      await page.waitForURL(`${webUrl()}/pricing`);
      // A client-side navigation: the document (and our observer) survived.
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      const seen = await page.evaluate(() => (window as unknown as { __progress: { bar: boolean; spinner: boolean } }).__progress);
      expect(seen).toEqual({ bar: true, spinner: false });
      expect(await page.locator('#nprogress .spinner').count()).toBe(0);
      // The bar goes away once the page has arrived.
      await page.locator('#nprogress').waitFor({ state: 'detached' });
    });
    await context.close();
  });
});

describe('keyboard', () => {
  it('Tab reaches the prompt input and then the send button on the home page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await withScreenshot(page, 'keyboard-tab', async () => {
      await page.goto(`${webUrl()}/`);
      await waitForHydration(page, '[data-testid="prompt-send"]');
      const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? document.activeElement?.tagName ?? null);
      // Start from the first link of the page (the logo in the header).
      await page.locator('header a').first().focus();
      const path: (string | null)[] = [];
      for (let i = 0; i < 12 && (await focused()) !== 'prompt-input'; i++) {
        await page.keyboard.press('Tab');
        path.push(await focused());
      }
      expect(path.at(-1), `focus went ${path.join(' → ')}`).toBe('prompt-input');

      await page.keyboard.type('A packing list for camping trips');
      await page.keyboard.press('Tab');
      expect(await focused()).toBe('prompt-send');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/register');
      expect(new URL(page.url()).searchParams.get('prompt')).toBe('A packing list for camping trips');
    });
    await context.close();
  });
});
