import { describe, expect, it } from 'vitest';
import type { Sprout, Usage } from '@sprout/core/contract';
import { FakeModelServer } from '@sprout/engine/testing';
import { ApiClient, type TestAccount } from '@sprout/testkit';
import { signedInContext } from '@sprout/testkit/browser';
import { useFixture } from '@sprout/testkit/vitest';
import { eventually, limit, turnPlanOff, useBrowser, withScreenshot } from './browser';
import { previewFrameOf } from './counter-project';
import { useProduct } from './product';

// A model that uses tools, in the browser (docs/architecture.md#tools): a scripted model at the
// provider seam (an OpenAI-compatible server configured with ?tools) reads a file, runs the checks,
// sees them fail, fixes its edit and finishes within its step bound, each step shown in the chat as
// it happens; a model that goes round in circles is stopped, says so, and is not charged.

const fake = useFixture(
  'the fake model server',
  () => FakeModelServer.start('openai'),
  (f) => f.close(),
);
const product = useProduct(() => ({ SPROUT_MODEL: `openai-compatible:${fake.url}#fake-coder?tools`, MODEL_MAX_RETRIES: '0' }));
const browser = useBrowser();
const client = () => new ApiClient(product.apiUrl);
const usage = async (account: TestAccount) => (await client().call<Usage>('GET', '/usage', { token: account.idToken })).json.dailyMessages.used;

const APP = (title: string) => `export default function App() {
  return (
    <main className="p-6">
      <h1>${title}</h1>
    </main>
  );
}
`;
const write = (content: string, prose: string) =>
  `${prose}\n\n<sprout-write path="client/src/App.tsx">\n${content}</sprout-write>\n\n<sprout-summary>Called the app Plants</sprout-summary>\n`;

async function project(account: TestAccount): Promise<Sprout> {
  const res = await client().call<Sprout>('POST', '/v1/sprouts', { token: account.idToken, body: { displayName: 'Tools' } });
  expect(res.status).toBe(201);
  return res.json;
}

/** Sends the project's first message as a build (a new project's chat starts in plan mode). */
async function send(page: import('playwright-core').Page, text: string) {
  await turnPlanOff(page);
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  await input.press('Control+Enter');
}

describe('a model that uses tools', () => {
  it('reads a file, runs the checks, fixes what failed and finishes, each step shown as it happens', { timeout: limit(240_000) }, async () => {
    const account = await client().register({ tag: 'tools', displayName: 'Tools' });
    const sprout = await project(account);
    const before = await usage(account);
    const { context, page } = await signedInContext(browser, product.webUrl, account, { viewport: { width: 1440, height: 900 } });
    await withScreenshot(page, 'model-tools', async () => {
      await page.goto(`${product.webUrl}/build/${sprout.id}`);
      fake.reply(
        { text: 'Let me read the app.', toolCalls: [{ name: 'read_file', input: { path: 'client/src/App.tsx' } }], delayMs: 5 },
        { text: write(APP('Plants').replace('</main>', '</main'), 'Renaming it.'), toolCalls: [{ name: 'run_checks', input: {} }] },
        { text: write(APP('Plants'), 'The build broke: fixing the closing tag.'), toolCalls: [{ name: 'run_checks', input: {} }] },
        { text: 'Done: the app is called Plants.' },
      );
      await send(page, 'call the app Plants');
      const steps = page.getByTestId('run-tool');
      await eventually(() => steps.count(), limit(90_000)).toBe(3);
      await eventually(() => steps.allTextContents(), limit(60_000)).toEqual([
        expect.stringMatching(/^Read client\/src\/App\.tsx \(\d+ lines\)$/),
        expect.stringMatching(/^Checks: build failed/),
        'Checks: build ok',
      ]);
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Plants' })
        .waitFor({ timeout: limit(90_000) });
      await eventually(() => page.getByTestId('run-status').last().getAttribute('data-status'), limit(60_000)).toBe('finished');
      expect(fake.requests).toHaveLength(4);
      expect(await usage(account)).toBe(before + 1);
    });
    await context.close();
  });

  it('stops a model that goes round in circles, says so, and does not charge it', { timeout: limit(180_000) }, async () => {
    const account = await client().register({ tag: 'tools-loop', displayName: 'Loop' });
    const sprout = await project(account);
    const before = await usage(account);
    const { context, page } = await signedInContext(browser, product.webUrl, account, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${product.webUrl}/build/${sprout.id}`);
    const again = { toolCalls: [{ name: 'read_file', input: { path: 'client/src/App.tsx' } }] };
    fake.reply(again, again, again, again, again);
    await send(page, 'tidy the app');
    await eventually(() => page.getByTestId('run-status').last().getAttribute('data-status'), limit(90_000)).toBe('failed');
    const reply = page.getByTestId('chat-message').last();
    await eventually(() => reply.textContent(), limit(10_000)).toContain('going round in circles');
    expect(await reply.textContent()).toContain('not counted');
    expect(await usage(account)).toBe(before);
    await context.close();
  });
});
