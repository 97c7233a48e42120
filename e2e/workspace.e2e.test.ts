import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FakeModelServer } from '@sprout/engine/testing';
import { ApiClient } from '@sprout/testkit';
import { signedInContext } from '@sprout/testkit/browser';
import { useFixture } from '@sprout/testkit/vitest';
import { eventually, limit, turnPlanOff, useBrowser, waitForHydration, withScreenshot } from './browser';
import { counterApp, counterProject, previewFrameOf } from './counter-project';
import { useProduct } from './product';

// The project page never contradicts itself. A network drop mid-reply: the preview
// says it is offline (never "Latest version" over an old build) and catches up by itself once back;
// publishing without a network ends at once with a clear error and Esc closes the dialog. On a
// phone: markdown renders while it streams, the starter stays covered while the first reply builds,
// the App tab shows a dot for a new version, the header has Projects and Pricing, a long name keeps
// its end. On a desktop: the chat split moves with the keyboard and is remembered, a file card opens
// its file in Code, a version chosen in History shows in the preview with its changes.

const fake = useFixture(
  'the fake model server',
  () => FakeModelServer.start('openai'),
  (f) => f.close(),
);
const product = useProduct(() => ({ SPROUT_MODEL: `openai-compatible:${fake.url}#fake-coder`, MODEL_MAX_RETRIES: '0', FLAG_DEFAULTS: 'enableDiffView=true' }));
const browser = useBrowser();
const client = () => new ApiClient(product.apiUrl);

const DESKTOP = { viewport: { width: 1440, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 } };

const answer = (label: string) =>
  `I changed **the label** to ${label}.\n\n<sprout-write path="client/src/App.tsx">\n${counterApp(label)}</sprout-write>\n\n<sprout-summary>Label ${label}</sprout-summary>\n`;

const status = (page: Page) => page.getByTestId('preview-status').getAttribute('data-status');
const lastRunStatus = (page: Page) => page.getByTestId('run-status').last().getAttribute('data-status');

async function send(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  await page.getByTestId('chat-send').click();
}

describe('the project page', () => {
  it('after a network drop mid-reply says it is offline, then catches up by itself; publishing offline fails at once', {
    timeout: limit(240_000),
  }, async () => {
    const account = await client().register({ tag: 'drop', displayName: 'Network drop' });
    const sprout = await counterProject(client(), account);
    const { context, page } = await signedInContext(browser, product.webUrl, account, DESKTOP);
    await withScreenshot(page, 'workspace-network-drop', async () => {
      await page.goto(`${product.webUrl}/build/${sprout.id}`);
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Label one' })
        .waitFor({ timeout: limit(30_000) });
      await eventually(() => status(page)).toBe('ready');

      // A slow reply: the preview follows it, then the network goes while it is being written.
      fake.reply({ text: answer('Label two'), chunkSize: 12, delayMs: 60 });
      await turnPlanOff(page);
      await send(page, 'Change the label to Label two');
      await eventually(() => page.getByTestId('preview-status-label').textContent(), 30_000).toMatch(/^Building…/);
      const runId = (await page.locator('[data-testid="chat-message"][data-role="assistant"]').last().getAttribute('data-run-id'))!;
      await context.setOffline(true);
      await eventually(() => status(page)).toBe('offline');

      // The reply ends on the server meanwhile; the page, offline, still shows the old build and says so.
      await eventually(
        async () => (await client().call<{ status: string }>('GET', `/build/v1/runs/${runId}`, { token: account.idToken })).json.status,
        120_000,
      ).toBe('succeeded');
      expect(await status(page)).toBe('offline');
      expect(await previewFrameOf(page).getByRole('heading').textContent()).toBe('Label one');

      // Publishing without a network ends at once, saying why; Esc closes the dialog.
      await page.getByTestId('publish-button').click();
      await page.getByTestId('publish-dialog').waitFor();
      await page.getByTestId('publish-confirm').click();
      await eventually(() => page.getByTestId('publish-error').textContent()).toContain('You are offline');
      await page.keyboard.press('Escape');
      await page.getByTestId('publish-dialog').waitFor({ state: 'detached' });

      // Back online: the reply's stream resumes and the preview shows the new version, then says so.
      await context.setOffline(false);
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Label two' })
        .waitFor({ timeout: limit(60_000) });
      await eventually(() => status(page), 30_000).toBe('ready');
      await eventually(() => lastRunStatus(page), 30_000).toBe('finished');

      // Esc closes the dialog while publishing too: the publish goes on and says how it ended.
      await page.getByTestId('publish-button').click();
      await page.getByTestId('publish-confirm').click();
      await page.keyboard.press('Escape');
      await page.getByTestId('publish-dialog').waitFor({ state: 'detached' });
      await page
        .locator('[data-sonner-toast]', { hasText: 'Your app is live' })
        .first()
        .waitFor({ timeout: limit(60_000) });
    });
    await context.close();
  });

  it('on a phone: markdown renders while streaming, the starter stays covered, a new version puts a dot on App', { timeout: limit(240_000) }, async () => {
    const account = await client().register({ tag: 'phone', displayName: 'Phone person' });
    const starter = await client().createSprout(account.idToken, { displayName: 'A recipe box for the whole family with tags and weekly plans' });
    const { context, page } = await signedInContext(browser, product.webUrl, account, PHONE);
    await withScreenshot(page, 'workspace-phone', async () => {
      // A reply that stops mid-sentence, its bold still open.
      fake.reply({ text: 'I am building **a recipe bo', chunkSize: 6, delayMs: 20, hold: true });
      await page.goto(`${product.webUrl}/build/${starter.id}?prompt=${encodeURIComponent('A recipe box')}`);
      // Not put there by the create flow: the page asks before it sends.
      await page.getByTestId('first-prompt-send').click();
      const reply = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
      await reply.locator('strong', { hasText: 'a recipe bo' }).waitFor({ timeout: limit(30_000) });
      expect(await reply.textContent()).not.toContain('**');

      // The header: Projects, and the long name keeps its end.
      expect(await page.getByTestId('nav-projects').isVisible()).toBe(true);
      const name = page.getByTestId('project-name');
      expect(await name.textContent()).toContain('A recipe box for the whole family with tags and weekly plans');
      const tail = name.getByText('weekly plans', { exact: true });
      const box = (await tail.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);

      // The app side, while the first reply is under way: the starter is covered.
      await page.getByTestId('mobile-view-main').click();
      await page.getByTestId('preview-building').waitFor();
      await page.getByTestId('mobile-view-chat').click();
      await page.getByTestId('chat-stop').click();
      await eventually(() => lastRunStatus(page), 30_000).toBe('stopped');

      // A build while the chat is on screen: the App tab gets a dot, which goes when it is opened.
      fake.reply({ text: answer('Recipe Box'), chunkSize: 40, delayMs: 5 });
      await send(page, 'Build it please');
      await page.getByTestId('mobile-app-dot').waitFor({ timeout: limit(90_000) });
      // The finish card's "View app" opens it.
      await eventually(() => lastRunStatus(page), 60_000).toBe('finished');
      await page.getByTestId('view-app').last().click();
      expect(await page.getByTestId('mobile-view-main').getAttribute('data-state')).toBe('on');
      expect(await page.getByTestId('mobile-app-dot').count()).toBe(0);
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Recipe Box' })
        .waitFor({ timeout: limit(60_000) });
    });
    await context.close();

    // Signed out, a phone's header offers Pricing.
    const visitor = await browser.newContext(PHONE);
    const home = await visitor.newPage();
    await home.goto(product.webUrl);
    await waitForHydration(home, 'header a');
    expect(await home.getByTestId('nav-pricing').isVisible()).toBe(true);
    await visitor.close();
  });

  it('on a desktop: the split moves with the keyboard and is remembered; a file card opens its file in Code', { timeout: limit(240_000) }, async () => {
    const account = await client().register({ tag: 'split', displayName: 'Split' });
    const sprout = await counterProject(client(), account);
    const { context, page } = await signedInContext(browser, product.webUrl, account, DESKTOP);
    await withScreenshot(page, 'workspace-desktop', async () => {
      await page.goto(`${product.webUrl}/build/${sprout.id}`);
      const separator = page.getByTestId('workspace-separator');
      await waitForHydration(page, '[data-testid="workspace-separator"]');
      const before = Number(await separator.getAttribute('aria-valuenow'));
      await separator.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await eventually(() => separator.getAttribute('aria-valuenow')).toBe(String(before + 16 + 80));
      const chatWidth = async () => (await page.getByTestId('chat-column').boundingBox())!.width;
      expect(Math.round(await chatWidth())).toBe(before + 96);
      await page.reload();
      await waitForHydration(page, '[data-testid="workspace-separator"]');
      await eventually(() => separator.getAttribute('aria-valuenow')).toBe(String(before + 96));

      const notes = `<sprout-write path="client/src/notes/labels.ts">\nexport const labels = ['one', 'two'];\n</sprout-write>\n\n`;
      fake.reply({ text: notes + answer('Label two'), chunkSize: 40, delayMs: 5 });
      await turnPlanOff(page);
      await send(page, 'Change the label to Label two');
      await eventually(() => lastRunStatus(page), 90_000).toBe('finished');
      // The file's name stays whole in the card however narrow the chat is.
      const card = page.locator('[data-testid="file-card"][data-path="client/src/notes/labels.ts"]').last();
      expect(await card.getByText('labels.ts', { exact: true }).isVisible()).toBe(true);
      await card.getByTestId('file-card-open').click();
      expect(await page.getByTestId('tab-code').getAttribute('data-state')).toBe('active');
      await eventually(() => page.getByTestId('code-panel').getAttribute('data-selected')).toBe('client/src/notes/labels.ts');

      // History: choosing the start shows it in the preview, with its changes.
      await page.getByTestId('tab-history').click();
      const start = page.locator('[data-testid="version-item"][data-version-number="1"]');
      await start.getByTestId('version-view').click();
      await start.getByTestId('version-viewing').waitFor();
      await start.getByTestId('version-diff').waitFor();
      await start.getByTestId('version-open-preview').click();
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Label one' })
        .waitFor({ timeout: limit(30_000) });
      await eventually(() => status(page)).toBe('viewing');
      await page.getByTestId('preview-back-to-latest').click();
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Label two' })
        .waitFor({ timeout: limit(30_000) });
      await eventually(() => status(page)).toBe('ready');

      // Restoring it is said in the chat, and the reply it undid is marked.
      await page.getByTestId('tab-history').click();
      await start.getByTestId('version-restore').click();
      await page.getByTestId('version-restore-confirm').click();
      await page.getByTestId('chat-restore').waitFor({ timeout: limit(30_000) });
      expect(await page.getByTestId('chat-restore').textContent()).toContain('Restored the start');
      expect(await page.getByTestId('chat-superseded').textContent()).toContain('Undone when the start was restored');
      // History words it as the chat does (the API's summary counts versions its own way).
      await page.getByTestId('tab-history').click();
      await eventually(() => page.getByTestId('version-item').first().textContent()).toContain('Restored the start');
      await page.getByTestId('tab-preview').click();
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Label one' })
        .waitFor({ timeout: limit(30_000) });
      await eventually(() => status(page)).toBe('ready');
    });
    await context.close();
  });

  it('has one top bar: the site header and footer step aside in the workspace and come back on the list', { timeout: limit(120_000) }, async () => {
    const account = await client().register({ tag: 'bar', displayName: 'Bar person' });
    const sprout = await counterProject(client(), account, 'One bar');
    const { context, page } = await signedInContext(browser, product.webUrl, account, DESKTOP);
    await withScreenshot(page, 'workspace-one-bar', async () => {
      await page.goto(`${product.webUrl}/build`);
      await waitForHydration(page, '[data-testid="project-link"]');
      expect(await page.locator('footer').count()).toBe(1);
      // A soft navigation (the root layout does not render again) into the project.
      await page.locator(`[data-testid="project-link"][href="/build/${sprout.id}"]`).click();
      await page.getByTestId('workspace-bar').waitFor();
      await eventually(() => page.getByTestId('site-header').count()).toBe(0);
      expect(await page.locator('footer').count()).toBe(0);
      // The bar is the top of the screen and the workspace fills the rest: nothing scrolls the page.
      expect((await page.getByTestId('workspace-bar').boundingBox())!.y).toBe(0);
      expect(Math.round((await page.getByTestId('project-workspace').boundingBox())!.height)).toBe(900);
      expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBe(900);

      // The person's menu is in the bar, with the theme switch the site header carried.
      await page.getByTestId('user-menu').click();
      const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
      await page.getByTestId('theme-toggle').click();
      await eventually(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(!dark);

      // Sprout's mark goes back to the projects, where the site header and the footer are again.
      await page.getByTestId('nav-projects').click();
      await page.waitForURL(`${product.webUrl}/build`);
      await page.getByTestId('site-header').waitFor();
      expect(await page.getByTestId('workspace-bar').count()).toBe(0);
      expect(await page.locator('footer').count()).toBe(1);
    });
    await context.close();
  });
});
