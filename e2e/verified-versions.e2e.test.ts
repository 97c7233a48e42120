import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProjectFiles, Sprout, Usage, VersionList } from '@sprout/core/contract';
import { FakeModelServer } from '@sprout/engine/testing';
import { ApiClient, type TestAccount } from '@sprout/testkit';
import { signedInContext } from '@sprout/testkit/browser';
import { useFixture } from '@sprout/testkit/vitest';
import { starterFiles } from '@sprout/template';
import { DESKTOP, eventually, limit, settle, turnPlanOff, useBrowser, withScreenshot } from './browser';
import { useProduct } from './product';

// Verified versions in the browser (docs/architecture.md#verified-versions-and-kept-attempts): a
// reply whose app still does not build after its fix rounds fails, the preview keeps the working
// version, and the kept attempt can be opened and restored on purpose.

const fake = useFixture(
  'the fake model server',
  () => FakeModelServer.start('openai'),
  (f) => f.close(),
);
const product = useProduct(() => ({ SPROUT_MODEL: `openai-compatible:${fake.url}#fake-coder`, MODEL_MAX_RETRIES: '0' }));
const browser = useBrowser();
const client = () => new ApiClient(product.apiUrl);
const api = <T>(method: string, path: string, token: string, body?: unknown) => client().call<T>(method, path, { token, body });

const app = (title: string) => `export default function App() {\n  return <h1 className="p-6 text-3xl font-bold">${title}</h1>;\n}\n`;
const BROKEN = `import { Board } from './components/Board';\n\nexport default function App() {\n  return <Board title="Never shown" />;\n}\n`;
const answer = (content: string, summary: string) =>
  `On it.\n\n<sprout-write path="client/src/App.tsx">\n${content}</sprout-write>\n\n<sprout-summary>${summary}</sprout-summary>\n`;

const frameOf = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');
const lastStatus = (page: Page) => page.getByTestId('run-status').last().getAttribute('data-status');

async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Control+Enter');
}

describe('a broken attempt never replaces a working version', () => {
  it('keeps the working app, says why in plain words, and lets the person open and restore the attempt', { timeout: limit(180_000) }, async () => {
    const account: TestAccount = await client().register({ tag: 'verified', displayName: 'E2E verified' });
    const id = (await api<Sprout>('POST', '/v1/sprouts', account.idToken, {})).json.id;
    const { context, page } = await signedInContext(browser, product.webUrl, account, DESKTOP);
    await withScreenshot(page, 'verified-attempt', async () => {
      await page.goto(`${product.webUrl}/build/${id}`);
      await settle(page);
      fake.reply({ text: answer(app('Garden Log'), 'Built the garden log') });
      await turnPlanOff(page);
      await send(page, 'A garden log');
      await eventually(() => lastStatus(page), 60_000).toBe('finished');
      await frameOf(page)
        .getByRole('heading', { name: 'Garden Log' })
        .waitFor({ timeout: limit(30_000) });
      const working = (await api<VersionList>('GET', `/build/v1/sprouts/${id}/versions`, account.idToken)).json;

      fake.reply({ text: answer(BROKEN, 'Added a board') }, { text: answer(BROKEN, 'Added a board') }, { text: answer(BROKEN, 'Added a board') });
      await send(page, 'Add a board');
      await eventually(() => lastStatus(page), 60_000).toBe('failed');
      expect(await page.getByTestId('run-error').last().textContent()).toMatch(/did not work after 2 automatic fixes: the code did not build/);
      // Nothing moved: the same versions, the same app in the preview, the message not counted.
      expect((await api<VersionList>('GET', `/build/v1/sprouts/${id}/versions`, account.idToken)).json).toEqual(working);
      await frameOf(page).getByRole('heading', { name: 'Garden Log' }).waitFor();
      expect((await api<Usage>('GET', '/usage', account.idToken)).json.dailyMessages.used).toBe(1);

      await page.getByTestId('open-attempt').click();
      const dialog = page.getByTestId('attempt-dialog');
      await dialog.getByTestId('attempt-issues').getByText("Cannot find './components/Board'", { exact: false }).waitFor();
      await dialog.locator('[data-testid="diff-file"][data-path="client/src/App.tsx"]').waitFor();
      // Which files it changed and by how much, not its code: that is the person's once they keep it.
      expect(await dialog.getByText('Never shown', { exact: false }).count()).toBe(0);

      await dialog.getByTestId('attempt-restore').click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Restored the attempt as version', { exact: false }).waitFor();
      const after = (await api<VersionList>('GET', `/build/v1/sprouts/${id}/versions`, account.idToken)).json;
      expect(after.versions).toHaveLength(working.versions.length + 1);
      expect(after.versions[0]).toMatchObject({ source: 'restore' });
      expect(after.currentVersionId).toBe(after.versions[0]!.id);
      expect((await api<Usage>('GET', '/usage', account.idToken)).json.dailyMessages.used).toBe(2);
      const files = (await api<ProjectFiles>('GET', `/build/v1/sprouts/${id}/files`, account.idToken)).json;
      expect(files.files.find((f) => f.path === 'client/src/App.tsx')?.content).toContain('Never shown');
    });
    await context.close();
  });
});

describe('every version is opened and its checks run on the server', () => {
  const CHECK = JSON.stringify({
    name: 'Adding a plant lists it',
    steps: [
      { do: 'fill', target: { label: 'Plant' }, value: 'Basil' },
      { do: 'click', target: { role: 'button', name: 'Add plant' } },
      { do: 'expectText', text: 'Basil' },
    ],
  });
  const PLANTS = `import { useState } from 'react';

export default function App() {
  const [plants, setPlants] = useState<string[]>([]);
  const [name, setName] = useState('');
  return (
    <main className="p-6">
      <h1 className="text-3xl font-bold">Plant list</h1>
      <label htmlFor="plant">Plant</label>
      <input id="plant" value={name} onChange={(e) => setName(e.target.value)} />
      <button type="button" onClick={() => { setPlants([...plants, name]); setName(''); }}>Add plant</button>
      <ul>{plants.map((p) => <li key={p}>{p}</li>)}</ul>
    </main>
  );
}
`;
  const CRASH = `const plants: string[] | null = null as string[] | null;\n\nexport default function App() {\n  return <ul>{plants!.map((p) => <li key={p}>{p}</li>)}</ul>;\n}\n`;
  const withCheck = (content: string, summary: string) =>
    `Done.\n\n<sprout-write path="client/src/App.tsx">\n${content}</sprout-write>\n<sprout-write path="checks/add-plant.json">\n${CHECK}\n</sprout-write>\n\n<sprout-summary>${summary}</sprout-summary>\n`;

  it('a crash on the first render is fixed before the person opens the project; the chat shows the checks, history the picture', {
    timeout: limit(180_000),
  }, async () => {
    const account: TestAccount = await client().register({ tag: 'verified-checks', displayName: 'E2E checks' });
    const id = (await api<Sprout>('POST', '/v1/sprouts', account.idToken, {})).json.id;
    // Sent over the API with no page of the person's open: the server opens the app itself.
    fake.reply({ text: withCheck(CRASH, 'Listed the plants') }, { text: withCheck(PLANTS, 'Started the list empty') });
    const sent = await api<{ runId: string }>('POST', `/build/v1/sprouts/${id}/messages`, account.idToken, { text: 'A list of my plants' });
    expect(sent.status).toBe(202);
    await eventually(async () => (await api<{ status: string }>('GET', `/build/v1/runs/${sent.json.runId}`, account.idToken)).json.status, 120_000).toBe(
      'succeeded',
    );

    const { context, page } = await signedInContext(browser, product.webUrl, account, DESKTOP);
    await withScreenshot(page, 'verified-checks', async () => {
      await page.goto(`${product.webUrl}/build/${id}`);
      await settle(page);
      await frameOf(page)
        .getByRole('heading', { name: 'Plant list' })
        .waitFor({ timeout: limit(30_000) });
      // The chat tells what happened: the crash, the fix round, and the checks that now pass (a reply
      // that ended before the page opened shows its steps on request).
      await page.getByTestId('run-details').last().click();
      await page.getByTestId('behaviour-checks').last().getByText('Tested: adding a plant lists it ✓').waitFor();
      await page.getByText('Fix round 1', { exact: false }).first().waitFor();
      await page.getByTestId('tab-history').click();
      const shot = page.getByTestId('version-thumbnail').first();
      await shot.waitFor();
      expect(await shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    });
    await context.close();
  });
});

describe('"Fix it" for the security check at publish, with a model', () => {
  it('blocks an app whose rules let anyone read emails, fixes it with a free run the chat shows, then publishes', { timeout: limit(180_000) }, async () => {
    const account: TestAccount = await client().register({ tag: 'gate-fix', displayName: 'E2E gate fix' });
    const exposed = {
      collections: { signups: { create: 'anyone', read: 'anyone', update: 'creator', delete: 'creator', fields: { email: { type: 'string' } } } },
    };
    const files = [
      ...starterFiles().filter((f) => f.name !== 'sprout.data.json' && f.name !== 'client/src/App.tsx'),
      { name: 'client/src/App.tsx', content: app('Newsletter') },
      { name: 'sprout.data.json', content: `${JSON.stringify(exposed, null, 2)}\n` },
    ];
    const id = (await api<Sprout>('POST', '/v1/sprouts', account.idToken, { displayName: 'Newsletter', files })).json.id;
    const fixed = { collections: { signups: { ...exposed.collections.signups, read: 'creator' } } };
    const { context, page } = await signedInContext(browser, product.webUrl, account, DESKTOP);
    await withScreenshot(page, 'gate-fix-with-model', async () => {
      await page.goto(`${product.webUrl}/build/${id}`);
      await settle(page);
      await page.getByTestId('publish-button').click();
      const dialog = page.getByTestId('publish-dialog');
      const check = dialog.getByRole('region', { name: 'Security check' });
      await check.waitFor({ timeout: limit(60_000) });
      expect(await check.getByText('Personal data anyone can read', { exact: true }).isVisible()).toBe(true);
      expect(await dialog.getByTestId('publish-confirm').isDisabled()).toBe(true);

      const sent = fake.requests.length;
      fake.reply({
        text: `Only each person reads their own signup now.\n\n<sprout-write path="sprout.data.json">\n${JSON.stringify(fixed, null, 2)}\n</sprout-write>\n\n<sprout-summary>Kept signups private</sprout-summary>\n`,
      });
      await check.getByRole('button', { name: 'Fix it' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: limit(15_000) });
      await eventually(() => lastStatus(page), 60_000).toBe('finished');
      expect(await page.getByText('Kept signups private').first().isVisible()).toBe(true);
      // The model was asked once, with the finding (found by Sprout) as the request.
      expect(fake.requests.length - sent).toBe(1);
      expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain('can be read by anyone, and its documents hold personal data (email)');
      const usage = (await api<Usage>('GET', '/usage', account.idToken)).json;
      expect(usage.dailyMessages.used).toBe(0);

      await page.getByTestId('publish-button').click();
      await dialog.getByTestId('security-check-passed').waitFor({ timeout: limit(60_000) });
      await dialog.getByTestId('publish-confirm').click();
      await dialog.getByTestId('public-url').waitFor({ timeout: limit(60_000) });
    });
    await context.close();
  });
});
