import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { QUICK_START_CHIPS, TEMPLATE_CATEGORIES, composeTemplatePrompt } from '@sprout/core';
import { eventually, useBrowser, waitForHydration, withScreenshot } from './browser';
import { useProduct, webUrl } from './product';

// The store addresses apps/web/lib/server/config.ts uses when APP_STORE_URL / PLAY_STORE_URL are not set.
const DEFAULT_APP_STORE_URL = 'https://apps.apple.com/app/sprout-ai-app-builder';
const DEFAULT_PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=dev.sprout.app';

const browser = useBrowser();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webUrl() });
});

const input = () => page.getByTestId('prompt-input');
const send = () => page.getByTestId('prompt-send');
const counter = () => page.getByTestId('prompt-counter');

async function openHome(): Promise<void> {
  await page?.close();
  page = await context.newPage();
  await page.goto(`${webUrl()}/`);
  await waitForHydration(page, '[data-testid="prompt-input"]');
}

/** Puts `text` on the system clipboard and pastes it with the keyboard, as a person would. */
async function paste(text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toHaveLength(text.length);
  await input().focus();
  await page.keyboard.press('Control+V');
}

describe('home page', () => {
  it('shows the headline, subline, placeholder and an experiment bucket', async () => {
    await openHome();
    await withScreenshot(page, 'home-basics', async () => {
      expect(await page.locator('h1').first().textContent()).toContain('Finally launch your ideas');
      expect(await page.getByText('Turn your ideas into fully functional apps, games, and websites', { exact: true }).count()).toBeGreaterThan(0);
      expect(await input().getAttribute('placeholder')).toBe('Describe what you want to build...');
      expect(await input().evaluate((el) => el.tagName)).toBe('TEXTAREA');
      await eventually(() => page.locator('[data-experiment-bucket]').getAttribute('data-experiment-bucket')).toMatch(/^(original|variant1)$/);
    });
  });

  it('disables send for blank and whitespace-only text and enables it for real text', async () => {
    await openHome();
    await withScreenshot(page, 'home-blank', async () => {
      expect(await input().inputValue()).toBe('');
      expect(await send().isDisabled()).toBe(true);
      await input().fill('   \n\t  \n ');
      expect(await send().isDisabled()).toBe(true);
      await input().fill('A to-do app');
      await eventually(() => send().isDisabled()).toBe(false);
      await input().fill(' ');
      await eventually(() => send().isDisabled()).toBe(true);
      // Ctrl+Enter on blank text does nothing. The proof: the page's next navigation is the one the
      // next send (with text) starts, and it carries that text.
      const navigations: URL[] = [];
      page.on('request', (r) => {
        if (r.isNavigationRequest() || (r.headers().rsc === '1' && !r.headers()['next-router-prefetch'])) navigations.push(new URL(r.url()));
      });
      await input().focus();
      await page.keyboard.press('Control+Enter');
      expect(new URL(page.url()).pathname).toBe('/');
      await input().fill('A to-do app');
      await eventually(() => send().isDisabled()).toBe(false);
      await page.keyboard.press('Control+Enter');
      await page.waitForURL((u) => u.pathname === '/register');
      expect(navigations.length).toBeGreaterThan(0);
      expect(navigations.map((u) => [u.pathname, u.searchParams.get('prompt')])).toEqual(navigations.map(() => ['/register', 'A to-do app']));
    });
  });

  it('shows the counter from 1900 characters, not before', async () => {
    await openHome();
    await withScreenshot(page, 'home-counter', async () => {
      await input().fill('a'.repeat(1899));
      expect(await input().inputValue()).toHaveLength(1899);
      expect(await counter().count()).toBe(0);
      await input().press('End');
      await page.keyboard.type('b');
      await eventually(() => counter().textContent()).toBe('1900/2000');
      await page.keyboard.press('Backspace');
      await eventually(() => counter().count()).toBe(0);
    });
  });

  it('ignores typing past 2000 characters and keeps everything else working', async () => {
    await openHome();
    await withScreenshot(page, 'home-type-cap', async () => {
      await input().fill('a'.repeat(1998));
      await input().press('End');
      await page.keyboard.type('bcdef');
      await eventually(() => input().inputValue()).toBe(`${'a'.repeat(1998)}bc`);
      expect(await counter().textContent()).toBe('2000/2000');
      // At exactly the limit the prompt is still sendable.
      expect(await send().isDisabled()).toBe(false);
      // Editing keeps working: delete two characters and type two others.
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Backspace');
      await page.keyboard.type('xyz');
      await eventually(() => input().inputValue()).toBe(`${'a'.repeat(1998)}xy`);
      expect(await counter().textContent()).toBe('2000/2000');
    });
  });

  it('keeps exactly 2000 characters of a 2500-character paste', async () => {
    await openHome();
    await withScreenshot(page, 'home-paste-cap', async () => {
      const text = Array.from({ length: 2500 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
      await paste(text);
      await eventually(() => input().inputValue()).toBe(text.slice(0, 2000));
      expect(await counter().textContent()).toBe('2000/2000');
      expect(await send().isDisabled()).toBe(false);
    });
  });

  it('fits a paste into the room left without cutting the text already there', async () => {
    await openHome();
    await withScreenshot(page, 'home-paste-room', async () => {
      await input().fill('x'.repeat(1500));
      await input().press('End');
      await paste('y'.repeat(2500));
      await eventually(() => input().inputValue()).toBe(`${'x'.repeat(1500)}${'y'.repeat(500)}`);
    });
  });

  it('submits with Ctrl+Enter, not Enter (signed out and new here: to sign-up, keeping the prompt)', async () => {
    await openHome();
    const prompt = 'A habit tracker with streaks & reminders?\nWith a weekly chart';
    await withScreenshot(page, 'home-ctrl-enter', async () => {
      await input().fill('A habit tracker with streaks & reminders?');
      // The home prompt keeps Enter for a new line; Ctrl/Cmd+Enter sends (docs/architecture.md#the-prompt).
      await input().press('End');
      await input().press('Enter');
      await page.keyboard.type('With a weekly chart');
      expect(await input().inputValue()).toBe(prompt);
      expect(new URL(page.url()).pathname).toBe('/');
      await input().press('Control+Enter');
      await page.waitForURL((u) => u.pathname === '/register');
      const url = new URL(page.url());
      expect(url.searchParams.get('prompt')).toBe(prompt);
      expect(url.searchParams.get('redirectUrl')).toBe('/');
    });
  });

  it('fills the prompt with each quick-start chip', async () => {
    await openHome();
    expect(QUICK_START_CHIPS.length).toBe(4);
    await withScreenshot(page, 'home-chips', async () => {
      for (const chip of QUICK_START_CHIPS) {
        await page.getByTestId(`chip-${chip.id}`).click();
        await eventually(() => input().inputValue()).toBe(chip.prompt);
        expect(await input().evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await send().isDisabled()).toBe(false);
      }
    });
  });

  it('composes "Build me {label} for {For} that {That}" from a template in every category', async () => {
    await openHome();
    expect(TEMPLATE_CATEGORIES.map((c) => c.id)).toEqual(['b2b app', 'client portal', 'consumer app', 'internal tool', 'landing page']);
    await withScreenshot(page, 'home-templates', async () => {
      for (const [index, category] of TEMPLATE_CATEGORIES.entries()) {
        await page.getByTestId(`template-category-${index}`).click();
        const pick = index % category.templates.length;
        const template = category.templates[pick]!;
        // Only the active category's templates are visible.
        await page.locator(`[data-testid="template-${pick}"]:visible`).click();
        const expected = composeTemplatePrompt(category.label, template.for, template.that);
        expect(expected).toBe(`Build me ${category.label} for ${template.for} that ${template.that}`);
        await eventually(() => input().inputValue()).toBe(expected);
      }
    });
  });

  it('links to the app stores at the configured default addresses', async () => {
    await openHome();
    expect(await page.getByTestId('app-store-link').getAttribute('href')).toBe(DEFAULT_APP_STORE_URL);
    expect(await page.getByTestId('play-store-link').getAttribute('href')).toBe(DEFAULT_PLAY_STORE_URL);
  });
});

describe('home page with configured store links', () => {
  const product = useProduct({
    APP_STORE_URL: 'https://apps.apple.com/us/app/e2e-configured/id123',
    PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=e2e.configured',
  });

  it('uses APP_STORE_URL and PLAY_STORE_URL', async () => {
    const other = await browser.newPage();
    await other.goto(`${product.webUrl}/`);
    expect(await other.getByTestId('app-store-link').getAttribute('href')).toBe('https://apps.apple.com/us/app/e2e-configured/id123');
    expect(await other.getByTestId('play-store-link').getAttribute('href')).toBe('https://play.google.com/store/apps/details?id=e2e.configured');
    await other.close();
  });
});
