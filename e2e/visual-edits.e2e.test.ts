import { describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import type { ProjectFiles, Sprout, Usage, VersionList } from '@sprout/core/contract';
import { FakeModelServer } from '@sprout/engine/testing';
import { ApiClient, createSmallApp, type TestAccount } from '@sprout/testkit';
import { signedInContext } from '@sprout/testkit/browser';
import { useFixture } from '@sprout/testkit/vitest';
import { eventually, limit, turnPlanOff, useBrowser, withScreenshot } from './browser';
import { previewFrameOf } from './counter-project';
import { useProduct } from './product';

// Point and change (docs/architecture.md, Visual edits): an element picked in the preview is edited
// directly — text, colour, padding, an image — with no model call and no message counted; each group
// of changes is one version with the exact source change, hot-applied keeping the app's state, and
// undone as a version. An element drawn for each item of a list asks first. A message sent with a
// selected element puts its code first in the model's turn (a fake model at the provider seam).

const fake = useFixture(
  'the fake model server',
  () => FakeModelServer.start('openai'),
  (f) => f.close(),
);
const product = useProduct(() => ({ SPROUT_MODEL: `openai-compatible:${fake.url}#fake-coder`, MODEL_MAX_RETRIES: '0' }));
const browser = useBrowser();
const client = () => new ApiClient(product.apiUrl);

export const FRUIT_APP = `import { useState, type ComponentProps } from 'react';

const ITEMS = ['Apples', 'Pears', 'Plums'];

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <main className="p-6">
      <header className="bg-white">
        <h1 className="text-slate-900">Fruit stand</h1>
      </header>
      <button onClick={() => setCount((c) => c + 1)}>Count: {count}</button>
      <ul>
        {ITEMS.map((item) => (
          <li key={item} className="text-sm">
            {item}
          </li>
        ))}
      </ul>
      <img src="https://example.com/logo.png" alt="Logo" width="40" height="40" />
      <Tag className="text-xs">Fresh today</Tag>
    </main>
  );
}

function Tag(props: ComponentProps<'span'>) {
  return <span className="rounded bg-slate-100" {...props} />;
}
`;

const fruitProject = (account: TestAccount) =>
  createSmallApp(client(), account, { displayName: 'Fruit stand', app: FRUIT_APP, title: 'Fruit', tailwind: true });

const appSource = async (account: TestAccount, id: string) => {
  const res = await client().call<ProjectFiles>('GET', `/build/v1/sprouts/${id}/files`, { token: account.idToken });
  return { version: res.json.version, app: res.json.files.find((f) => f.path === 'client/src/App.tsx')!.content, files: res.json.files };
};
const versions = async (account: TestAccount, id: string) =>
  (await client().call<VersionList>('GET', `/build/v1/sprouts/${id}/versions`, { token: account.idToken })).json;
const usage = async (account: TestAccount) => (await client().call<Usage>('GET', '/usage', { token: account.idToken })).json;

/** Turns pick mode on and clicks `target` in the preview. */
async function pick(page: Page, target: ReturnType<FrameLocator['getByRole']>) {
  await page.getByRole('button', { name: 'Select element' }).click();
  await eventually(() => page.getByRole('button', { name: 'Select element' }).getAttribute('aria-pressed')).toBe('true');
  await target.hover();
  await target.click();
  await page.getByRole('region', { name: 'Edit element' }).waitFor();
}

const countOf = (frame: FrameLocator) => frame.getByRole('button', { name: /^Count: / }).textContent();

describe('visual edits', () => {
  it('changes text, colour and padding of a picked element as one version with the exact source change, keeping state, and undoes it', {
    timeout: limit(240_000),
  }, async () => {
    const account = await client().register({ tag: 'visual', displayName: 'Visual edits' });
    const sprout = await fruitProject(account);
    const before = await usage(account);
    const { context, page } = await signedInContext(browser, product.webUrl, account, { viewport: { width: 1440, height: 900 } });
    await withScreenshot(page, 'visual-edits', async () => {
      await page.goto(`${product.webUrl}/build/${sprout.id}`);
      const frame = previewFrameOf(page);
      const heading = frame.getByRole('heading', { name: 'Fruit stand' });
      await heading.waitFor({ timeout: limit(30_000) });
      const counter = frame.getByRole('button', { name: /^Count: / });
      for (let i = 0; i < 3; i++) await counter.click();
      await frame.getByRole('button', { name: 'Count: 3' }).waitFor();

      await pick(page, heading);
      const panel = page.getByRole('region', { name: 'Edit element' });
      await eventually(() => panel.getByTestId('edit-element-name').textContent()).toBe('App · <h1>');
      // The click selected; the app never saw it (the counter button is elsewhere, but a click on the heading reaches no handler either way).
      expect(await countOf(frame)).toBe('Count: 3');

      await panel.getByLabel('Text', { exact: true }).fill('Fresh fruit');
      // Shown at once, before any version.
      await frame.getByRole('heading', { name: 'Fresh fruit' }).waitFor({ timeout: limit(5_000) });
      await panel.getByLabel('Text colour', { exact: true }).fill('emerald-700');
      await panel.getByLabel('Padding', { exact: true }).selectOption('4');
      await panel.getByRole('button', { name: 'Save' }).click();

      await eventually(async () => (await versions(account, sprout.id)).versions.length, limit(30_000)).toBe(2);
      const saved = await appSource(account, sprout.id);
      expect(saved.version.source).toBe('visual');
      expect(saved.app).toBe(FRUIT_APP.replace('<h1 className="text-slate-900">Fruit stand</h1>', '<h1 className="text-emerald-700 p-4">Fresh fruit</h1>'));
      // The version reached the open preview in place: its classes, and the app's state.
      const h1 = frame.getByRole('heading', { name: 'Fresh fruit' });
      await eventually(() => h1.getAttribute('class'), limit(30_000)).toBe('text-emerald-700 p-4');
      await eventually(() => h1.evaluate((el) => getComputedStyle(el).paddingTop), limit(10_000)).toBe('16px');
      expect(await h1.evaluate((el) => el.getAttribute('style'))).toBeFalsy();
      expect(await countOf(frame)).toBe('Count: 3');
      // Still selected after the hot update.
      await expect(panel.isVisible()).resolves.toBe(true);

      // No model was asked and no message counted.
      expect(fake.requests).toHaveLength(0);
      expect((await usage(account)).monthlyMessages.used).toBe(before.monthlyMessages.used);

      await panel.getByRole('button', { name: 'Undo' }).click();
      await eventually(async () => (await versions(account, sprout.id)).versions.length, limit(30_000)).toBe(3);
      expect((await appSource(account, sprout.id)).app).toBe(FRUIT_APP);
      await frame.getByRole('heading', { name: 'Fruit stand' }).waitFor({ timeout: limit(30_000) });
      expect(await countOf(frame)).toBe('Count: 3');

      // Its source, at its line, in the Code tab.
      await panel.getByRole('button', { name: 'Open in code' }).click();
      await eventually(() => page.getByTestId('tab-code').getAttribute('data-state')).toBe('active');
      await eventually(() => page.locator('.cm-activeLine').textContent(), limit(15_000)).toContain('<h1 className="text-slate-900">Fruit stand</h1>');
    });
    await context.close();
  });

  it('asks before changing an element drawn for each item of a list, keeps data text out of reach, and replaces an image with an upload', {
    timeout: limit(240_000),
  }, async () => {
    const account = await client().register({ tag: 'visual-list', displayName: 'Visual list' });
    const sprout = await fruitProject(account);
    const { context, page } = await signedInContext(browser, product.webUrl, account, { viewport: { width: 1440, height: 900 } });
    await withScreenshot(page, 'visual-edits-list', async () => {
      await page.goto(`${product.webUrl}/build/${sprout.id}`);
      const frame = previewFrameOf(page);
      await frame.getByRole('heading', { name: 'Fruit stand' }).waitFor({ timeout: limit(30_000) });

      await pick(page, frame.getByRole('listitem').filter({ hasText: 'Pears' }));
      const panel = page.getByRole('region', { name: 'Edit element' });
      const notice = panel.getByTestId('edit-element-list');
      await eventually(() => notice.textContent()).toContain('drawn for each item of a list (3 on this page)');
      await expect(panel.getByLabel('Text colour', { exact: true }).isDisabled()).resolves.toBe(true);
      await panel.getByRole('button', { name: 'Change all items' }).click();
      // The item's text comes from data: changed there, not here.
      await expect(panel.getByLabel('Text', { exact: true }).isDisabled()).resolves.toBe(true);
      expect(await panel.getByTestId('edit-element-text-why').textContent()).toContain('item');
      await panel.getByLabel('Text colour', { exact: true }).fill('rose-700');
      await panel.getByRole('button', { name: 'Save' }).click();
      await eventually(async () => (await appSource(account, sprout.id)).app, limit(30_000)).toContain('<li key={item} className="text-sm text-rose-700">');
      for (const name of ['Apples', 'Pears', 'Plums']) {
        await eventually(() => frame.getByRole('listitem').filter({ hasText: name }).getAttribute('class'), limit(30_000)).toBe('text-sm text-rose-700');
      }

      // A component that passes its props on is changed where it is used, not in its own code.
      await panel.getByRole('button', { name: 'Close element editing' }).click();
      await pick(page, frame.getByText('Fresh today'));
      await eventually(() => panel.getByTestId('edit-element-name').textContent()).toBe('Tag · <span>');
      await panel.getByLabel('Text', { exact: true }).fill('Ripe today');
      await panel.getByRole('button', { name: 'Save' }).click();
      await eventually(async () => (await appSource(account, sprout.id)).app, limit(30_000)).toContain('<Tag className="text-xs">Ripe today</Tag>');
      await frame.getByText('Ripe today').waitFor({ timeout: limit(30_000) });

      await panel.getByRole('button', { name: 'Close element editing' }).click();
      await pick(page, frame.getByRole('img', { name: 'Logo' }));
      // A 1×1 PNG.
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
      await panel.getByLabel('Upload image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
      await eventually(
        async () => (await appSource(account, sprout.id)).files.some((f) => f.path.startsWith('client/src/assets/uploads/logo-')),
        limit(30_000),
      ).toBe(true);
      await eventually(() => frame.getByRole('img', { name: 'Logo' }).getAttribute('src'), limit(30_000)).toMatch(/^data:image\/png;base64,/);
    });
    await context.close();
  });

  it('sends a selected element with a message: its code opens the model’s turn', { timeout: limit(180_000) }, async () => {
    const account = await client().register({ tag: 'visual-ask', displayName: 'Visual ask' });
    const sprout = await fruitProject(account);
    const { context, page } = await signedInContext(browser, product.webUrl, account, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${product.webUrl}/build/${sprout.id}`);
    const frame = previewFrameOf(page);
    const heading = frame.getByRole('heading', { name: 'Fruit stand' });
    await heading.waitFor({ timeout: limit(30_000) });
    await pick(page, heading);
    await eventually(() => page.getByTestId('composer-element').textContent()).toContain('App · <h1>');
    fake.reply({ text: 'Nothing to change.\n\n<sprout-summary>No change</sprout-summary>\n' });
    await turnPlanOff(page);
    const input = page.getByTestId('chat-input');
    await input.fill('Make this a card with a shadow');
    await input.press('Control+Enter');
    await eventually(() => fake.requests.length, limit(60_000)).toBeGreaterThan(0);
    const body = fake.requests.at(-1)!.body as { messages: { role: string; content: string | { type: string; text?: string }[] }[] };
    const last = body.messages.at(-1)!;
    const parts = typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : last.content;
    const texts = parts.filter((p) => p.type === 'text').map((p) => p.text ?? '');
    // The turn opens with the element: its file, line and code.
    expect(texts[0]).toContain('client/src/App.tsx');
    expect(texts[0]).toContain('line 10');
    expect(texts[0]).toContain('<h1 className="text-slate-900">Fruit stand</h1>');
    expect(texts.at(-1)).toContain('Make this a card with a shadow');
    await context.close();
  });

  it('fits the same controls in a bottom sheet on a phone', { timeout: limit(120_000) }, async () => {
    const account = await client().register({ tag: 'visual-phone', displayName: 'Visual phone' });
    const sprout = await fruitProject(account);
    const { context, page } = await signedInContext(browser, product.webUrl, account, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await withScreenshot(page, 'visual-edits-phone', async () => {
      await page.goto(`${product.webUrl}/build/${sprout.id}`);
      await page.getByTestId('mobile-view-main').click();
      const frame = previewFrameOf(page);
      const heading = frame.getByRole('heading', { name: 'Fruit stand' });
      await heading.waitFor({ timeout: limit(30_000) });
      await page.getByRole('button', { name: 'Select element' }).click();
      await heading.tap();
      const panel = page.getByRole('region', { name: 'Edit element' });
      await panel.waitFor();
      const box = (await panel.boundingBox())!;
      expect(box.x).toBe(0);
      expect(box.width).toBe(390);
      expect(Math.round(box.y + box.height)).toBe(844);
      for (const label of ['Text', 'Text colour', 'Background', 'Padding']) {
        const field = (await panel.getByLabel(label, { exact: true }).boundingBox())!;
        expect(field.x).toBeGreaterThanOrEqual(0);
        expect(field.x + field.width).toBeLessThanOrEqual(390);
      }
    });
    await context.close();
  });
});
