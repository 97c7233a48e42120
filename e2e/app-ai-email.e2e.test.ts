import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Sprout } from '@sprout/core/contract';
import { FakeModelServer } from '@sprout/engine/testing';
import { starterFiles } from '@sprout/template';
import { ApiClient, SmtpSink, type TestAccount } from '@sprout/testkit';
import { signedInContext } from '@sprout/testkit/browser';
import { useFixture } from '@sprout/testkit/vitest';
import { eventually, limit, settle, useBrowser, withScreenshot } from './browser';
import { useProduct } from './product';

// An app's own AI and mail, in a real browser on a product of its own: a fake OpenAI-compatible
// model on 127.0.0.1 answers the app's AI (the provider seam), and a mail server on 127.0.0.1
// receives what its function sends. The owner sees the tokens in the Functions panel and under
// Billing, caps them, and the app says so; a sign-up's welcome mail arrives and the Outbox shows it.

const fake = useFixture(
  'the fake model server',
  () => FakeModelServer.start('openai'),
  (f) => f.close(),
);
const smtp = useFixture(
  'the mail server',
  () => SmtpSink.start(),
  (s) => s.close(),
);
const product = useProduct(() => ({ SPROUT_MODEL: `openai-compatible:${fake.url}#app-model`, MODEL_MAX_RETRIES: '0', SMTP_URL: smtp.url }));
const browser = useBrowser();

const APP_TSX = `import { useState, type FormEvent } from 'react';
import { ai, functions } from '@/lib/sprout';

export default function App() {
  const [idea, setIdea] = useState('');
  const [problem, setProblem] = useState('');
  const [email, setEmail] = useState('');
  const [joined, setJoined] = useState('');
  const suggest = async () => {
    setIdea('');
    setProblem('');
    try {
      for await (const text of ai.chat({ messages: [{ role: 'user', content: 'Suggest a cake' }], system: 'You are a baker.' })) setIdea((s) => s + text);
    } catch (err) {
      setProblem((err as Error).message);
    }
  };
  const join = async (e: FormEvent) => {
    e.preventDefault();
    const sent = await functions.call<{ status: string }>('welcome', { email });
    setJoined(sent.status);
  };
  return (
    <main>
      <h1>Cake Club</h1>
      <button onClick={suggest}>Suggest a cake</button>
      <p data-testid="idea">{idea}</p>
      <p role="alert">{problem}</p>
      <form onSubmit={join}>
        <label htmlFor="email">Your e-mail</label>
        <input id="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit">Join the club</button>
      </form>
      <p data-testid="joined">{joined}</p>
    </main>
  );
}
`;
const WELCOME = `export default async function (req: Request, ctx: any) {
  const { email } = await req.json();
  const sent = await ctx.email.send({ to: email, subject: 'Welcome to Cake Club', text: 'Your first slice is on us.' });
  return { status: sent.status };
}
`;

describe("an app's AI and mail", () => {
  it('streams the app’s AI from the model, counts it for the owner, stops at their cap; a sign-up’s mail arrives and the Outbox shows it', async () => {
    const client = new ApiClient(product.apiUrl);
    const account: TestAccount = await client.register({ tag: 'app-ai', displayName: 'E2E app AI' });
    const files = [
      ...starterFiles()
        .filter((f) => f.name !== 'client/src/App.tsx')
        .map((f) => ({ name: f.name, content: f.content })),
      { name: 'client/src/App.tsx', content: APP_TSX },
      { name: 'functions/welcome.ts', content: WELCOME },
    ];
    const created = await client.call<Sprout>('POST', '/v1/sprouts', { token: account.idToken, body: { displayName: 'Cake Club', files } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const { context, page } = await signedInContext(browser, product.webUrl, account, { viewport: { width: 1440, height: 900 } });
    try {
      await withScreenshot(page, 'app-ai-email', () => steps(page, created.json.id));
    } finally {
      await context.close();
    }
  });
});

async function steps(page: Page, sproutId: string) {
  await page.goto(`${product.webUrl}/build/${sproutId}`);
  await settle(page);
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await frame.getByRole('heading', { name: 'Cake Club' }).waitFor({ timeout: limit(30_000) });

  // The app's button streams the model's reply into the page; the model got the app's prompt, never a key from the page.
  fake.reply({ text: 'A lemon drizzle cake, light and sharp.', chunkSize: 5, usage: { input: 40, output: 12 } });
  await frame.getByRole('button', { name: 'Suggest a cake' }).click();
  await eventually(() => frame.getByTestId('idea').textContent(), 15_000).toBe('A lemon drizzle cake, light and sharp.');
  const asked = fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
  expect(asked.messages).toEqual([
    { role: 'system', content: 'You are a baker.' },
    { role: 'user', content: 'Suggest a cake' },
  ]);

  // The owner's Functions panel counts the tokens; a cap below them stops the app's AI with a clear message.
  await page.getByTestId('tab-functions').click();
  const section = page.getByTestId('app-ai-section');
  await eventually(() => section.getByTestId('app-ai-test').textContent(), 15_000).toContain('52 tokens');
  expect(await section.getByTestId('app-ai-test').textContent()).toContain('1 request');
  await section.getByLabel('Monthly token cap').fill('50');
  await section.getByRole('button', { name: 'Save' }).click();
  await eventually(() => section.getByTestId('app-ai-total').textContent()).toBe('52 of 50');
  await section.getByTestId('app-ai-use-default').waitFor();

  await page.getByTestId('tab-preview').click();
  const before = fake.requests.length;
  await frame.getByRole('button', { name: 'Suggest a cake' }).click();
  await eventually(() => frame.getByRole('alert').textContent(), 15_000).toBe(
    'This app has used its AI allowance for this month. Its owner can raise the limit in Sprout.',
  );
  expect(fake.requests.length).toBe(before);

  // A sign-up in the app: its function sends the welcome mail, the mail server receives it, and the Outbox shows it.
  await frame.getByLabel('Your e-mail').fill('ada@example.com');
  await frame.getByRole('button', { name: 'Join the club' }).click();
  await eventually(() => frame.getByTestId('joined').textContent(), 15_000).toBe('sent');
  const mail = smtp.received.find((m) => m.to.includes('ada@example.com'));
  expect(mail?.data).toContain('Subject: Welcome to Cake Club');
  expect(mail?.data).toContain('Your first slice is on us.');
  expect(mail?.data).toMatch(/From: "?Cake Club"? </);

  await page.getByTestId('tab-functions').click();
  const sent = page.getByTestId('outbox').getByTestId('outbox-email');
  await eventually(() => sent.count(), 15_000).toBe(1);
  expect(await sent.first().getAttribute('data-status')).toBe('sent');
  expect(await sent.first().textContent()).toContain('Welcome to Cake Club');
  expect(await sent.first().textContent()).toContain('ada@example.com');

  // Billing lists the app's tokens against its cap: the owner's usage counts their apps' AI.
  await page.goto(`${product.webUrl}/settings/billing`);
  const app = page.getByTestId('app-ai-usage-app');
  await app.first().waitFor({ timeout: limit(15_000) });
  expect(await app.count()).toBe(1);
  expect(await app.first().textContent()).toContain('Cake Club');
  expect(await app.first().textContent()).toContain('52 of 50 tokens');
}
