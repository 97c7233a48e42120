import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail } from '@sprout/testkit';
import { startOidcProvider } from '@sprout/testkit/oidc';
import { useFixture } from '@sprout/testkit/vitest';
import { buildFromPlan, DESKTOP, eventually, limit, useBrowser, waitForHydration, withScreenshot } from './browser';
import { useProduct } from './product';

// A new person's first hour at 1440×900 and on a 390×844 phone,
// on the offline builder: a prompt typed signed out, one-click sign-in with a real OpenID Connect
// provider started here, the app visible, a dark-mode edit and a rename with text typed into the app
// kept, then a broken manual edit with its way back — reading the preview's status at every step.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const provider = useFixture(
  'the OIDC provider',
  () => startOidcProvider({ redirectUris: ['http://localhost/v1/auth/oidc/test/callback'] }),
  (p) => p.stop(),
);
const product = useProduct(() => ({ OIDC_PROVIDERS: `Test=${provider.issuer},${provider.clientId},${provider.clientSecret}` }));
const browser = useBrowser();

const app = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');
const status = (page: Page) => page.getByTestId('preview-status-label').textContent();
const finishedRuns = (page: Page) => page.locator('[data-testid="run-status"][data-status="finished"]');

describe('the first hour', () => {
  for (const [size, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`signed-out prompt → one-click sign-in → the app → dark and a rename keeping typed text → a broken edit and back (${size})`, async () => {
      const phone = size === 'phone';
      const login = `first-hour-${size}`;
      provider.addPerson(login, { email: uniqueEmail(`first-hour-${size}`), email_verified: true, name: 'Nora First' });
      const context = await browser.newContext(options);
      const page = await context.newPage();
      /** The part of the workspace to look at: on a phone the chat and the app are two views. */
      const show = async (part: 'chat' | 'preview' | 'code') => {
        if (phone) await page.getByTestId(part === 'chat' ? 'mobile-view-chat' : 'mobile-view-main').click();
        if (part !== 'chat') await page.getByTestId(`tab-${part}`).click();
      };
      const send = async (text: string) => {
        await show('chat');
        const before = await finishedRuns(page).count();
        await page.getByTestId('chat-input').fill(text);
        // A touch keyboard's Enter is a new line: a phone sends with the button.
        if (phone) await page.getByTestId('chat-send').click();
        else await page.getByTestId('chat-input').press('Enter');
        await page.locator('[data-testid="chat-message"][data-role="user"]').filter({ hasText: text }).waitFor();
        await finishedRuns(page)
          .nth(before)
          .waitFor({ timeout: limit(90_000) });
        await show('preview');
      };
      try {
        await withScreenshot(page, `first-hour-${size}`, async () => {
          // Signed out: the idea is typed first, then the person signs up with one click.
          await page.goto(`${product.webUrl}/`);
          await waitForHydration(page, '[data-testid="prompt-send"]');
          await page.getByTestId('prompt-input').fill('A recipe box where I save recipes and filter them by tag');
          await page.getByTestId('prompt-send').click();
          await page.waitForURL((u) => u.pathname === '/register');
          expect(await page.getByTestId('idea-saved').textContent()).toContain('Your idea is saved');
          await waitForHydration(page, '[data-testid="provider-test"]');
          await page.getByTestId('provider-test').click();
          await page.waitForURL((u) => u.origin === provider.issuer, { timeout: limit(30_000) });
          await page.fill('#login', login);
          await page.click('#provider-sign-in');
          await page.waitForURL((u) => /^\/build\/[a-z0-9]+$/.test(u.pathname), { timeout: limit(60_000) });
          // The idea is answered with a plan first (free); Build builds it.
          await show('chat');
          await buildFromPlan(page);

          // The app itself, not the starter, and the status says it is the latest version.
          await finishedRuns(page)
            .first()
            .waitFor({ timeout: limit(90_000) });
          await show('preview');
          await app(page)
            .locator('h1')
            .filter({ hasNotText: 'Sprout starter' })
            .first()
            .waitFor({ timeout: limit(30_000) });
          await eventually(() => status(page), 30_000).toBe('Latest version');
          if (phone) {
            // The app gets most of a phone's screen: at least 70 % of it, the controls the rest.
            const box = (await page.getByTestId('preview-frame').boundingBox())!;
            expect((box.width * box.height) / (390 * 844)).toBeGreaterThanOrEqual(0.7);
          }

          // Typed into the app, kept through a dark-mode edit and a rename, each applied in place.
          const typed = app(page).getByRole('textbox').first();
          await typed.fill('Typed in the first hour');
          await send('Make it dark');
          await eventually(() => app(page).locator('html').getAttribute('class')).toContain('dark');
          await eventually(() => status(page), 30_000).toBe('Latest version');
          await send('Call it Northwind Planner');
          await eventually(() => app(page).locator('title').textContent()).toContain('Northwind Planner');
          await eventually(() => status(page), 30_000).toBe('Latest version');
          expect(await typed.inputValue()).toBe('Typed in the first hour');

          // A broken manual edit: marked as it is typed, saved anyway, shown as broken, then undone.
          await show('code');
          await eventually(() => page.getByTestId('code-panel').getAttribute('data-selected')).toMatch(/\.tsx$/);
          await page.locator('[data-testid="code-editor"] .cm-content').click();
          await page.keyboard.press('ControlOrMeta+End');
          await page.keyboard.insertText('\nexport const broken = <div>;\n');
          await eventually(() => page.getByTestId('code-problems').getAttribute('data-state'), 30_000).toBe('errors');
          await page.getByTestId('code-save').click();
          await page.getByTestId('code-save-anyway').click();
          await page.getByText(/^Saved as version \d+$/).waitFor();
          await show('preview');
          const overlay = page.getByTestId('preview-build-error');
          await overlay.waitFor({ timeout: limit(30_000) });
          await eventually(() => status(page), 30_000).toBe('Build failed');
          await overlay.getByTestId('preview-build-error-back').click();
          await overlay.waitFor({ state: 'detached', timeout: limit(30_000) });
          await eventually(() => app(page).locator('title').textContent(), 30_000).toContain('Northwind Planner');
          await eventually(() => app(page).locator('html').getAttribute('class')).toContain('dark');
          await eventually(() => status(page), 30_000).toBe('Latest version');
        });
      } finally {
        await context.close();
      }
    });
  }
});
