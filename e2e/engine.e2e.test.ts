import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ChatMessage, MessageSent, Sprout, VersionList } from '@sprout/core/contract';
import { FakeModelServer } from '@sprout/engine/testing';
import { ApiClient, followRun, type TestAccount } from '@sprout/testkit';
import { signedInContext } from '@sprout/testkit/browser';
import { useFixture } from '@sprout/testkit/vitest';
import { eventually, limit, turnPlanOff, useBrowser, waitForHydration, withScreenshot } from './browser';
import { useProduct } from './product';

// The project page with a real model provider: a fake OpenAI-compatible server on 127.0.0.1 answers
// in the edit protocol, the API runs the whole engine (stream → apply → checks → version), and the
// browser shows files streaming into the chat, the app in the preview, a follow-up, a restore from
// the history, and a provider failure that leaves the project as it was.

const fake = useFixture(
  'the fake model server',
  () => FakeModelServer.start('openai'),
  (f) => f.close(),
);
// No retries: a scripted 500 is one failed request, as a user would see a provider outage.
const product = useProduct(() => ({ SPROUT_MODEL: `openai-compatible:${fake.url}#fake-coder`, MODEL_MAX_RETRIES: '0' }));
const browser = useBrowser();

const client = () => new ApiClient(product.apiUrl);
const api = <T>(method: string, path: string, token: string, body?: unknown) => client().call<T>(method, path, { token, body });
const register = (email?: string): Promise<TestAccount> => client().register({ email, tag: 'engine', displayName: 'E2E engine' });
const signedIn = (account: TestAccount, options: Parameters<Browser['newContext']>[0]) => signedInContext(browser, product.webUrl, account, options);

const app = (title: string, tagline: string) => `import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const friends = ['Ada', 'Grace', 'Linus', 'Margaret'];

export default function App() {
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="text-3xl font-bold">${title}</h1>
      <p className="mt-2 text-muted-foreground">${tagline}</p>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Friends</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2">
            {friends.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          <Button className="mt-4">Split the bill</Button>
        </CardContent>
      </Card>
    </main>
  );
}
`;

const answer = (prose: string, content: string, summary: string) =>
  `${prose}\n\n<sprout-write path="client/src/App.tsx">\n${content}</sprout-write>\n\nThe preview shows it now.\n\n<sprout-summary>${summary}</sprout-summary>\n`;

const frameOf = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');
const lastStatus = (page: Page) => page.getByTestId('run-status').last().getAttribute('data-status');
const appCard = (page: Page) => page.locator('[data-testid="file-card"][data-path="client/src/App.tsx"]');
const versions = async (account: TestAccount, id: string) => (await api<VersionList>('GET', `/build/v1/sprouts/${id}/versions`, account.idToken)).json;

/** The text of the newest user message the fake model was asked to answer. */
function lastRequestText(): string {
  const body = fake.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
  const user = body.messages.filter((m) => m.role === 'user').at(-1)!;
  return typeof user.content === 'string' ? user.content : JSON.stringify(user.content);
}

async function send(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  expect(await page.getByTestId('chat-send').isEnabled()).toBe(true);
  await input.press('Control+Enter');
}

describe('project page with a model', () => {
  it('streams a prompt into files and the preview, follows up, restores, and survives a provider failure', { timeout: limit(240_000) }, async () => {
    const account = await register();
    const created = await api<Sprout>('POST', '/v1/sprouts', account.idToken, {});
    expect(created.status).toBe(201);
    const id = created.json.id;
    const { context, page } = await signedIn(account, { viewport: { width: 1440, height: 900 } });
    const prompt = 'A tip jar that splits the bill between friends';

    await withScreenshot(page, 'engine-flow', async () => {
      // A slow stream (7 characters every 40 ms): the file card must appear while it is written.
      fake.reply({
        text: answer('I will build a **tip jar** for you.', app('Tip Jar Deluxe', 'Split it fairly.'), 'Built the tip jar'),
        chunkSize: 7,
        delayMs: 40,
      });
      await page.goto(`${product.webUrl}/build/${id}?prompt=${encodeURIComponent(prompt)}`);
      // Not put there by the create flow: the page asks before it sends.
      await page.getByTestId('first-prompt-send').click();

      const card = appCard(page);
      await card.waitFor({ timeout: limit(30_000) });
      expect(await card.getAttribute('data-status')).toBe('writing');
      expect(await lastStatus(page)).toBe('running');
      expect(await page.getByTestId('chat-stop').isVisible()).toBe(true);
      // Prose streams as markdown: the bold text is rendered as <strong> (by the renderer the page
      // fetches once idle; on a busy machine it may arrive after the first lines, which show plain).
      await page.locator('[data-role="assistant"] strong', { hasText: 'tip jar' }).waitFor({ timeout: limit(30_000) });

      await eventually(() => lastStatus(page), 60_000).toBe('finished');
      expect(await card.getAttribute('data-status')).toBe('written');
      // Model and tokens are engineer details, folded away until asked for.
      expect(await page.getByTestId('run-meta').count()).toBe(0);
      await page.getByTestId('run-meta-toggle').last().click();
      const meta = (await page.getByTestId('run-meta').last().textContent())!;
      expect(meta).toContain('fake-coder');
      expect(meta).toMatch(/in · .* out tokens/);
      // The person's first build is Version 1 (the starter is the start), in the chat and the history.
      expect(await page.getByTestId('run-summary').last().textContent()).toContain('Built the tip jar · Version 1');
      await frameOf(page)
        .getByRole('heading', { name: 'Tip Jar Deluxe' })
        .waitFor({ timeout: limit(30_000) });
      // The first prompt went to the model exactly once, as written.
      expect(fake.requests).toHaveLength(1);
      expect(lastRequestText()).toContain(prompt);
      expect(await page.getByTestId('chat-send').count()).toBe(1);

      // A follow-up changes the app.
      fake.reply({ text: answer('Renaming it.', app('Tip Jar Supreme', 'Split it fairly.'), 'Renamed the app'), chunkSize: 40, delayMs: 5 });
      await send(page, 'Rename it to Tip Jar Supreme');
      await frameOf(page)
        .getByRole('heading', { name: 'Tip Jar Supreme' })
        .waitFor({ timeout: limit(60_000) });
      await eventually(() => lastStatus(page), 30_000).toBe('finished');
      expect(fake.requests).toHaveLength(2);
      expect((await versions(account, id)).versions.map((v) => v.number)).toEqual([3, 2, 1]);

      // History: restore version 2 (a new version 4; nothing is deleted).
      await page.getByTestId('tab-history').click();
      const items = page.getByTestId('version-item');
      await eventually(() => items.count()).toBe(3);
      expect(await items.first().getAttribute('data-version-number')).toBe('3');
      expect(await items.first().getAttribute('data-current')).toBe('true');
      // Numbered as in the chat: the two builds are v2 and v1, the starter is the start.
      expect(await items.allTextContents()).toEqual([expect.stringContaining('v2'), expect.stringContaining('v1'), expect.stringContaining('Start')]);
      await page.locator('[data-testid="version-item"][data-version-number="2"]').getByTestId('version-restore').click();
      await page.getByTestId('version-restore-confirm').click();
      await eventually(() => items.count()).toBe(4);
      expect(await items.first().getAttribute('data-version-number')).toBe('4');
      expect(await items.first().getAttribute('data-current')).toBe('true');
      const afterRestore = await versions(account, id);
      expect(afterRestore.versions[0]).toMatchObject({ number: 4, source: 'restore' });
      await page.getByTestId('tab-preview').click();
      await frameOf(page)
        .getByRole('heading', { name: 'Tip Jar Deluxe' })
        .waitFor({ timeout: limit(30_000) });

      // The code panel shows the restored file (CodeMirror, loaded when the tab opens).
      await page.getByTestId('tab-code').click();
      await page.locator('[data-testid="file-item"][data-path="client/src/App.tsx"]').click();
      await eventually(() => page.getByTestId('code-editor').textContent(), 20_000).toContain('Tip Jar Deluxe');

      // A provider failure: a clear message with Retry; the project stays on version 4.
      await page.getByTestId('tab-preview').click();
      fake.reply({ status: 500, error: 'The fake model fell over' });
      await send(page, 'Make the heading purple');
      await eventually(() => lastStatus(page), 30_000).toBe('failed');
      const failed = page.locator('[data-testid="run-status"][data-status="failed"]').last();
      expect(await failed.getAttribute('role')).toBe('alert');
      expect((await failed.getByTestId('run-error').textContent())!.length).toBeGreaterThan(10);
      expect(await page.getByTestId('chat-retry').isVisible()).toBe(true);
      const afterFailure = await versions(account, id);
      expect(afterFailure.currentVersionId).toBe(afterRestore.currentVersionId);
      expect(afterFailure.versions).toHaveLength(4);
      expect(await page.getByTestId('preview-panel').getAttribute('data-version-id')).toBe(afterRestore.currentVersionId);
      await frameOf(page).getByRole('heading', { name: 'Tip Jar Deluxe' }).waitFor();

      // Retry sends the same text again.
      fake.reply({ text: answer('Purple it is.', app('Tip Jar Purple', 'Split it fairly.'), 'Made it purple'), chunkSize: 40, delayMs: 5 });
      await page.getByTestId('chat-retry').click();
      await frameOf(page)
        .getByRole('heading', { name: 'Tip Jar Purple' })
        .waitFor({ timeout: limit(60_000) });
      expect(lastRequestText()).toContain('Make the heading purple');
      await eventually(() => lastStatus(page), 30_000).toBe('finished');
    });
    await context.close();

    // Later, on a phone: the stored conversation, and a reply's files on request (replayed events).
    const phone = await signedIn(account, { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    await withScreenshot(phone.page, 'engine-phone', async () => {
      await phone.page.goto(`${product.webUrl}/build/${id}`);
      await waitForHydration(phone.page, '[data-testid="chat-input"]');
      const replies = phone.page.locator('[data-testid="chat-message"][data-role="assistant"]');
      await eventually(() => replies.count()).toBe(4);
      expect(await phone.page.locator('[data-testid="chat-message"][data-role="user"]').count()).toBe(4);
      expect(await phone.page.getByTestId('chat-retry').count()).toBe(0);
      await replies.first().getByTestId('run-details').click();
      await replies.first().locator('[data-testid="file-card"][data-path="client/src/App.tsx"][data-status="written"]').waitFor();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const input = (await phone.page.getByTestId('chat-input').boundingBox())!;
      expect(input.x + input.width).toBeLessThanOrEqual(375);
    });
    await phone.context.close();
  });

  it('fixes an error the preview reports at runtime, resumes after a dropped connection, re-attaches after a reload, and stops a reply mid-stream', {
    timeout: limit(180_000),
  }, async () => {
    const account = await register();
    const id = (await api<Sprout>('POST', '/v1/sprouts', account.idToken, {})).json.id;
    const { context, page } = await signedIn(account, { viewport: { width: 1280, height: 800 } });
    // It opens without errors (the server's render check passes it); the error comes when the person
    // uses it, in their preview, which reports it back.
    const broken = [
      'export default function App() {',
      '  return (',
      '    <main>',
      '      <h1>Broken tips</h1>',
      "      <button onClick={() => { throw new Error('tip total is not a number'); }}>Add tip</button>",
      '    </main>',
      '  );',
      '}',
      '',
    ].join('\n');
    const fixed = 'export default function App() {\n  return <h1>Tips fixed</h1>;\n}\n';

    await withScreenshot(page, 'engine-runtime-fix', async () => {
      fake.reply(
        { text: answer('Here is the app.', broken, 'Built the tips'), chunkSize: 50 },
        { text: answer('The total was not a number; fixed.', fixed, 'Fixed the runtime error'), chunkSize: 50 },
      );
      const before = fake.requests.length;
      await page.goto(`${product.webUrl}/build/${id}?prompt=${encodeURIComponent('Tips calculator')}`);
      await page.getByTestId('first-prompt-send').click();
      await frameOf(page)
        .getByRole('heading', { name: 'Broken tips' })
        .waitFor({ timeout: limit(60_000) });
      await eventually(() => lastStatus(page), 30_000).toBe('finished');
      await frameOf(page).getByRole('button', { name: 'Add tip' }).click();
      // The preview's error goes back to Sprout as a free fix round, shown as its own reply.
      await frameOf(page)
        .getByRole('heading', { name: 'Tips fixed' })
        .waitFor({ timeout: limit(60_000) });
      await eventually(() => lastStatus(page), 30_000).toBe('finished');
      expect(fake.requests.length - before).toBe(2);
      expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain('tip total is not a number');
      const replies = page.locator('[data-testid="chat-message"][data-role="assistant"]');
      expect(await replies.count()).toBe(2);
      expect(await replies.last().getByTestId('run-fix').textContent()).toContain('the preview reported');
      expect(await page.locator('[data-testid="chat-message"][data-role="user"]').count()).toBe(1);

      // The connection drops mid-reply: the chat reconnects with Last-Event-ID and misses nothing.
      // (The page's first connection to the run's events is cut after a dozen frames, as a network would.)
      await page.evaluate(() => {
        const w = window as unknown as { __events: (string | null)[] };
        const real = window.fetch.bind(window);
        w.__events = [];
        window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
          const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
          if (!/^\/build\/v1\/runs\/[a-z0-9]+\/events$/.test(url.pathname)) return real(input, init);
          w.__events.push((init?.headers as Record<string, string> | undefined)?.['last-event-id'] ?? null);
          const res = await real(input, init);
          if (w.__events.length > 1 || !res.body) return res;
          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          let frames = 0;
          const body = new ReadableStream<Uint8Array>({
            async pull(controller) {
              const { value, done } = await reader.read();
              if (done) return controller.close();
              controller.enqueue(value);
              frames += (decoder.decode(value, { stream: true }).match(/\n\n/g) ?? []).length;
              if (frames >= 12) {
                void reader.cancel();
                controller.error(new TypeError('network error'));
              }
            },
          });
          return new Response(body, { status: res.status, headers: res.headers });
        };
      });
      const prose = 'Making the heading friendlier and adding a longer paragraph so the reply takes a moment to arrive.';
      fake.reply({ text: answer(prose, app('Friendly tips', 'Split it fairly.'), 'Friendlier heading'), chunkSize: 7, delayMs: 20 });
      await send(page, 'Make it friendlier');
      await eventually(() => replies.count()).toBe(3);
      await frameOf(page)
        .getByRole('heading', { name: 'Friendly tips' })
        .waitFor({ timeout: limit(60_000) });
      await eventually(() => lastStatus(page), 30_000).toBe('finished');
      const lastIds = await page.evaluate(() => (window as unknown as { __events: (string | null)[] }).__events);
      expect(lastIds).toHaveLength(2);
      expect(lastIds[0]).toBeNull();
      expect(Number(lastIds[1])).toBeGreaterThan(5);
      // Every streamed character exactly once: the prose and the file as the model wrote them.
      expect(await replies.last().locator('p', { hasText: 'Making the heading' }).first().textContent()).toBe(prose);
      await replies.last().locator('[data-testid="file-card"] button').first().click();
      expect(await replies.last().locator('[data-testid="file-card"] pre').first().textContent()).toBe(app('Friendly tips', 'Split it fairly.'));

      // Stop while a file streams: nothing is applied, the project stays as it was.
      const current = (await versions(account, id)).currentVersionId;
      fake.reply({
        text: 'Adding a chart.\n\n<sprout-write path="client/src/App.tsx">\nexport default function App() {\n  return <h1>Chart',
        chunkSize: 10,
        delayMs: 20,
        hold: true,
      });
      await send(page, 'Add a chart');
      await replies
        .last()
        .locator('[data-testid="file-card"][data-status="writing"]')
        .waitFor({ timeout: limit(30_000) });
      // A reload in the middle re-attaches to the running reply (GET /runs/active, then its events from the start).
      await page.reload();
      await waitForHydration(page, '[data-testid="chat-input"]');
      await replies
        .last()
        .locator('[data-testid="file-card"][data-status="writing"]')
        .waitFor({ timeout: limit(30_000) });
      expect(await replies.last().textContent()).toContain('Adding a chart.');
      expect(await lastStatus(page)).toBe('running');
      await page.getByTestId('chat-stop').click();
      await eventually(() => lastStatus(page), 30_000).toBe('stopped');
      expect(await replies.last().locator('[data-testid="file-card"]').getAttribute('data-status')).toBe('skipped');
      expect((await versions(account, id)).currentVersionId).toBe(current);
      expect(await page.getByTestId('chat-send').count()).toBe(1);
      await frameOf(page).getByRole('heading', { name: 'Friendly tips' }).waitFor();
    });
    await context.close();
  });

  it('attaches an image to a message (enableImageUploads)', { timeout: limit(120_000) }, async () => {
    // Image uploads are a flag; a course engineer turns it on in the developer toolbar (kept in the browser).
    const staff = await register('staff@e2e.test');
    let engineer = await register();
    expect((await api('PUT', `/v1/admin/users/${engineer.user.id}/roles`, staff.idToken, { roles: ['course_engineer'] })).status).toBe(200);
    engineer = await client().refresh(engineer);
    const id = (await api<Sprout>('POST', '/v1/sprouts', engineer.idToken, {})).json.id;
    const { context, page } = await signedIn(engineer, { viewport: { width: 1280, height: 800 } });
    await withScreenshot(page, 'engine-image', async () => {
      await page.evaluate(() => localStorage.setItem('sprout.devToolbar', JSON.stringify({ flags: { enableImageUploads: true } })));
      await page.goto(`${product.webUrl}/build/${id}`);
      await waitForHydration(page, '[data-testid="chat-input"]');
      await page.getByTestId('chat-attach').waitFor();
      await page.getByTestId('chat-attach-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await page.locator('[data-testid="chat-attachment"][data-status="ready"]').waitFor({ timeout: limit(15_000) });

      fake.reply({ text: answer('Using your logo.', app('Logo Tips', 'With a logo.'), 'Added the logo'), chunkSize: 60 });
      const before = fake.requests.length;
      await turnPlanOff(page);
      await send(page, 'Use this image as the logo');
      await eventually(() => lastStatus(page), 60_000).toBe('finished');
      expect(await page.getByTestId('chat-attachment').count()).toBe(0);
      // The message shows the image, and the model received it as an image part.
      const thumb = page.locator('[data-testid="chat-message"][data-role="user"] img');
      await thumb.waitFor();
      expect(await thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(fake.requests.length - before).toBe(1);
      expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain('data:image/png;base64,');
      const stored = await api<{ messages: ChatMessage[] }>('GET', `/build/v1/sprouts/${id}/messages`, engineer.idToken);
      expect(stored.json.messages.find((m) => m.role === 'user')!.attachments).toEqual([expect.objectContaining({ mimeType: 'image/png' })]);
    });
    await context.close();
  });

  it('opens the paywall when the day’s messages are used up, and keeps the message in the input', { timeout: limit(120_000) }, async () => {
    const account = await register();
    const id = (await api<Sprout>('POST', '/v1/sprouts', account.idToken, {})).json.id;
    // The Free plan's 5 daily messages, used through the API (each reply must end before the next).
    // Each changes the app: a reply that changes nothing may be given back (docs/architecture.md#what-a-run-costs).
    for (let i = 0; i < 5; i++) {
      fake.reply({ text: answer('Changed.', app(`Tip Jar ${i + 1}`, 'Split it fairly.'), `Renamed it to Tip Jar ${i + 1}`), chunkSize: 400 });
      const sent = await api<MessageSent>('POST', `/build/v1/sprouts/${id}/messages`, account.idToken, { text: `Message ${i + 1}` });
      expect(sent.status).toBe(202);
      await followRun(product.apiUrl, account.idToken, sent.json.runId);
    }
    const { context, page } = await signedIn(account, { viewport: { width: 1280, height: 800 } });
    await withScreenshot(page, 'engine-paywall', async () => {
      await page.goto(`${product.webUrl}/build/${id}`);
      await waitForHydration(page, '[data-testid="chat-input"]');
      await eventually(() => page.locator('[data-testid="chat-message"][data-role="user"]').count()).toBe(5);
      const before = fake.requests.length;
      await send(page, 'One more thing');
      await page.getByTestId('paywall').waitFor({ timeout: limit(15_000) });
      expect(new URL(page.url()).searchParams.get('modal')).toBe('paywall-messages-daily');
      // The refused message is not in the chat; it is back in the input to send later.
      expect(await page.locator('[data-testid="chat-message"][data-role="user"]').count()).toBe(5);
      expect(await page.getByTestId('chat-input').inputValue()).toBe('One more thing');
      expect(fake.requests.length).toBe(before);
    });
    await context.close();
  });
});

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
