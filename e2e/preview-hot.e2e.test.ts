import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { FakeModelServer } from '@sprout/engine/testing';
import { ApiClient } from '@sprout/testkit';
import { signedInContext } from '@sprout/testkit/browser';
import { useFixture } from '@sprout/testkit/vitest';
import { eventually, limit, turnPlanOff, useBrowser, withScreenshot } from './browser';
import { counterApp, counterProject, previewFrameOf } from './counter-project';
import { useProduct } from './product';

// A new version reaches the open preview in place (docs/architecture.md#preview-and-publishing). A
// fake OpenAI-compatible model edits a label by chat while the app's counter says 3: the label
// changes, the counter still says 3, in the same document and the same preview session. And the
// app's route (path, query and hash) survives a reload inside the preview, the reload button and a
// reload of the project page.

const fake = useFixture(
  'the fake model server',
  () => FakeModelServer.start('openai'),
  (f) => f.close(),
);
const product = useProduct(() => ({ SPROUT_MODEL: `openai-compatible:${fake.url}#fake-coder`, MODEL_MAX_RETRIES: '0' }));
const browser = useBrowser();

const client = () => new ApiClient(product.apiUrl);

const answer = (content: string) =>
  `Changing the label.\n\n<sprout-write path="client/src/App.tsx">\n${content}</sprout-write>\n\n<sprout-summary>Changed the label</sprout-summary>\n`;

async function contentFrame(page: Page): Promise<Frame> {
  const frame = await (await page.getByTestId('preview-frame').elementHandle())!.contentFrame();
  if (!frame) throw new Error('the preview iframe has no frame');
  return frame;
}
const routeIn = async (page: Page) => (await contentFrame(page)).evaluate(() => location.pathname + location.search + location.hash);

/** Clicks the app's counter up to 3 and returns its button. */
async function countToThree(page: Page) {
  const button = previewFrameOf(page).getByRole('button', { name: /^Count: / });
  for (let i = 0; i < 3; i++) await button.click();
  await previewFrameOf(page).getByRole('button', { name: 'Count: 3' }).waitFor();
  return button;
}

/** Asks by chat for the label "Label two", which the fake model writes: the project's first message, sent as a build. */
async function askForLabelTwo(page: Page): Promise<void> {
  await turnPlanOff(page);
  fake.reply({ text: answer(counterApp('Label two')), chunkSize: 40, delayMs: 5 });
  const input = page.getByTestId('chat-input');
  await input.fill('Change the label to Label two');
  await input.press('Control+Enter');
}

describe('the live preview', () => {
  it('applies a chat edit in place: the label changes and the counter still says 3', { timeout: limit(240_000) }, async () => {
    const account = await client().register({ tag: 'hot', displayName: 'Hot preview' });
    const sprout = await counterProject(client(), account);
    const { context, page } = await signedInContext(browser, product.webUrl, account, { viewport: { width: 1440, height: 900 } });
    const sessions: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/build/v1/sprouts/${sprout.id}/preview-session`)) sessions.push(r.url());
    });
    await withScreenshot(page, 'preview-hot-update', async () => {
      await page.goto(`${product.webUrl}/build/${sprout.id}`);
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Label one' })
        .waitFor({ timeout: limit(30_000) });
      const button = await countToThree(page);
      await (await contentFrame(page)).evaluate(() => ((window as unknown as { __mark: string }).__mark = 'same document'));

      await askForLabelTwo(page);
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Label two' })
        .waitFor({ timeout: limit(90_000) });
      expect(await button.textContent()).toBe('Count: 3');
      expect(await (await contentFrame(page)).evaluate(() => (window as unknown as { __mark?: string }).__mark)).toBe('same document');
      // The version reached the open preview: no new preview session, no new address.
      expect(sessions).toHaveLength(1);
      await eventually(() => page.getByTestId('run-status').last().getAttribute('data-status'), 60_000).toBe('finished');
    });
    await context.close();
  });

  it('catches up by itself when the frame could not fetch a new version while the browser was online', { timeout: limit(240_000) }, async () => {
    const account = await client().register({ tag: 'blip', displayName: 'Network blip' });
    const sprout = await counterProject(client(), account);
    const { context, page } = await signedInContext(browser, product.webUrl, account, { viewport: { width: 1440, height: 900 } });
    await withScreenshot(page, 'preview-hot-blip', async () => {
      await page.goto(`${product.webUrl}/build/${sprout.id}`);
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Label one' })
        .waitFor({ timeout: limit(30_000) });
      const button = await countToThree(page);
      // The network fails the new version's App module for 3 s from its first request, as a dropped
      // connection does: no offline or online event, and every announcement of the version (its
      // candidate, then the version itself) falls inside it, so only the page's own retry can bring
      // the version in.
      let failed = 0;
      let blipEnds = 0;
      await context.route(/\/App\.tsx\.[0-9a-f]+\.js$/, async (route) => {
        blipEnds ||= Date.now() + 3000;
        if (Date.now() < blipEnds) {
          failed += 1;
          await route.abort('connectionreset');
        } else await route.continue();
      });

      await askForLabelTwo(page);
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Label two' })
        .waitFor({ timeout: limit(60_000) });
      expect(failed).toBeGreaterThanOrEqual(2);
      // Applied in place once it could be fetched: the app kept its state.
      expect(await button.textContent()).toBe('Count: 3');
      await eventually(() => page.getByTestId('preview-status').getAttribute('data-status'), 30_000).toBe('ready');
    });
    await context.close();
  });

  it('keeps the app’s route across a reload inside the preview, the reload button and a reload of the page', { timeout: limit(180_000) }, async () => {
    const account = await client().register({ tag: 'route', displayName: 'Route' });
    const sprout = await counterProject(client(), account);
    const { context, page } = await signedInContext(browser, product.webUrl, account, { viewport: { width: 1440, height: 900 } });
    await withScreenshot(page, 'preview-route', async () => {
      await page.goto(`${product.webUrl}/build/${sprout.id}`);
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Label one' })
        .waitFor({ timeout: limit(30_000) });
      await (await contentFrame(page)).evaluate(() => history.pushState({}, '', '/tasks/12?tab=2#notes'));

      // The app reloads itself (or the person presses F5 inside it).
      await (await contentFrame(page)).evaluate(() => location.reload());
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Label one' })
        .waitFor({ timeout: limit(30_000) });
      await eventually(() => routeIn(page).catch(() => 'loading')).toBe('/tasks/12?tab=2#notes');

      // The reload button starts a new preview session: at the same route.
      const before = await page.getByTestId('preview-frame').getAttribute('src');
      await page.getByTestId('preview-reload').click();
      await eventually(() => page.getByTestId('preview-frame').getAttribute('src')).not.toBe(before);
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Label one' })
        .waitFor({ timeout: limit(30_000) });
      await eventually(() => routeIn(page).catch(() => 'loading')).toBe('/tasks/12?tab=2#notes');

      // The project page itself loaded again, in the same tab.
      await page.reload();
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Label one' })
        .waitFor({ timeout: limit(30_000) });
      await eventually(() => routeIn(page).catch(() => 'loading')).toBe('/tasks/12?tab=2#notes');
    });
    await context.close();
  });
});
