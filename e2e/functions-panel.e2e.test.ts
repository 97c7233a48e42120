import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { QUICK_START_CHIPS } from '@sprout/core';
import type { Sprout } from '@sprout/core/contract';
import { asPerson, DESKTOP, eventually, limit, openProject, turnPlanOff, useBrowser } from './browser';
import { apiCall, outsideUrl, registerViaApi } from './product';

// The Functions panel of /build/{id}: the owner keeps a secret there, the app's page calls a server
// function that uses it to call an outside service (from the preview's own origin, as generated code
// does) and never receives it, and the panel shows the function, its calls with their log lines, and
// runs it on demand.

const browser = useBrowser();

const SECRET = 'sk_test_4b1e9f0c7a2d58e6';
const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8" /><title>Greeter</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n';
const MAIN_TSX = "import { createRoot } from 'react-dom/client';\nimport App from './App';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n";
const APP_TSX = `import { useState } from 'react';

export default function App() {
  const [answer, setAnswer] = useState('');
  const ask = async () => {
    const res = await fetch('/_sprout/v1/functions/greet', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada' }) });
    setAnswer(JSON.stringify(await res.json()));
  };
  return (
    <main>
      <h1>Greeter</h1>
      <button onClick={ask}>Ask the server</button>
      <p data-testid="answer">{answer}</p>
    </main>
  );
}
`;
const GREET = () => `export default async function (req: Request, ctx: any) {
  const { name } = await req.json();
  ctx.log('greeting', name, 'with a key of', ctx.env.GREETER_KEY.length, 'characters');
  const res = await fetch('${outsideUrl()}/quote', { headers: { 'x-api-key': ctx.env.GREETER_KEY } });
  const { quote } = await res.json();
  return { greeting: 'Hello, ' + name, quote };
}
`;

describe('functions panel', () => {
  it('keeps a secret the app’s function uses and the page never receives, and shows the function’s calls and logs', async () => {
    const account = await registerViaApi('functions');
    const created = await apiCall<Sprout>('POST', '/v1/sprouts', account.idToken, {
      displayName: 'Greeter',
      files: [
        { name: 'client/index.html', content: INDEX_HTML },
        { name: 'client/src/main.tsx', content: MAIN_TSX },
        { name: 'client/src/App.tsx', content: APP_TSX },
        { name: 'functions/greet.ts', content: GREET() },
      ],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const sprout = created.json;
    await asPerson(browser, account, { shot: 'functions-panel', ...DESKTOP }, async (page: Page) => {
      // Everything any frame of the page received in full (a stream never finishes, so it is not waited for), to look for the secret in.
      const received: string[] = [];
      let unreadable = 0;
      page.on('requestfinished', (request) => {
        // A redirect has no body, and one the browser dropped (the page moved on) is gone: counted, not read.
        void request
          .response()
          .then((res) => res?.text())
          .then(
            (text) => void (text === undefined ? unreadable++ : received.push(text)),
            () => void unreadable++,
          );
      });
      await openProject(page, sprout.id);
      const frame = page.frameLocator('[data-testid="preview-frame"]');
      await frame.getByRole('heading', { name: 'Greeter' }).waitFor({ timeout: limit(30_000) });

      await page.getByTestId('tab-functions').click();
      const panel = page.getByTestId('functions-panel');
      const fn = panel.getByTestId('function');
      await fn.first().waitFor();
      expect(await fn.first().textContent()).toContain('greet');
      expect(await fn.first().textContent()).toContain('called by the app’s pages');
      await panel.getByTestId('secrets-empty').waitFor();
      await panel.getByTestId('calls-empty').waitFor();

      // A bad name is explained before anything is sent; then the secret is saved and shown by its last 4 characters only.
      await panel.getByLabel('Name').fill('greeter key');
      await panel.getByLabel('Value').fill(SECRET);
      await panel.getByRole('button', { name: 'Save secret' }).click();
      expect(await panel.getByTestId('secret-problem').textContent()).toContain('Use capital letters');
      await panel.getByLabel('Name').fill('GREETER_KEY');
      await panel.getByRole('button', { name: 'Save secret' }).click();
      await page.locator('[data-sonner-toast]', { hasText: 'GREETER_KEY added' }).first().waitFor();
      const secret = panel.getByTestId('secret');
      await eventually(() => secret.count()).toBe(1);
      expect(await secret.first().textContent()).toContain('GREETER_KEY');
      expect(await secret.first().textContent()).toContain('••••58e6');
      // The form empties when the save's own callback runs, which may come a render after the list shows the secret.
      await eventually(() => panel.getByLabel('Value').inputValue()).toBe('');

      // The app's page calls its function, which used the key on the server.
      await page.getByTestId('tab-preview').click();
      await frame.getByRole('button', { name: 'Ask the server' }).click();
      await eventually(() => frame.getByTestId('answer').textContent(), 15_000).toBe(
        '{"greeting":"Hello, Ada","quote":"Simplicity is prerequisite for reliability."}',
      );
      // The key went from Sprout's server to the outside service, and nowhere else (checked below).
      expect(await (await fetch(`${outsideUrl()}/seen`)).json()).toContain(SECRET);

      // The call and its log lines show in the panel; Run now runs it again (no body: it fails, and says why).
      await page.getByTestId('tab-functions').click();
      const call = panel.getByTestId('function-call');
      await eventually(() => call.count(), 15_000).toBe(1);
      expect(await call.first().textContent()).toContain('answered (200)');
      expect(await call.first().getByTestId('call-log').textContent()).toBe('greeting Ada with a key of 24 characters');
      await panel.getByRole('button', { name: 'Run greet now' }).click();
      await eventually(() => call.count(), 15_000).toBe(2);
      expect(await call.first().textContent()).toContain('threw an error (500)');
      expect(await call.first().textContent()).toContain('run by hand');

      // Deleted after confirming: gone from the list.
      await panel.getByRole('button', { name: 'Delete GREETER_KEY' }).click();
      await page.getByRole('button', { name: 'Delete secret' }).click();
      await panel.getByTestId('secrets-empty').waitFor();

      expect(received.length).toBeGreaterThan(5 + unreadable);
      expect(received.some((b) => b.includes('GREETER_KEY'))).toBe(true);
      expect(received.filter((b) => b.includes(SECRET) || b.includes(SECRET.slice(8)))).toEqual([]);
    });
  });

  it('a scheduler the offline builder makes reminds on a schedule; the reply’s button fills in the secret it reads', { timeout: limit(240_000) }, async () => {
    const account = await registerViaApi('functions-schedule');
    const created = await apiCall<Sprout>('POST', '/v1/sprouts', account.idToken, { displayName: 'Bookings' });
    expect(created.status).toBe(201);
    await asPerson(browser, account, { shot: 'functions-missing-secret', ...DESKTOP }, async (page: Page) => {
      await openProject(page, created.json.id);
      await turnPlanOff(page);
      const input = page.getByTestId('chat-input');
      await input.fill(QUICK_START_CHIPS.find((c) => c.id === 'appointment-scheduler')!.prompt);
      await input.press('Control+Enter');
      await eventually(() => page.getByTestId('run-status').last().getAttribute('data-status'), 120_000).toBe('finished');

      // The reply names the secret its reminder reads; its button opens the test secrets with the name filled in.
      const missing = page.getByTestId('missing-secrets');
      await missing.waitFor();
      await missing.getByRole('button', { name: 'Add NOTIFY_WEBHOOK_URL' }).click();
      const panel = page.getByTestId('functions-panel');
      await panel.waitFor();
      expect(await panel.getAttribute('data-dataset')).toBe('test');
      expect(await panel.getByLabel('Name').inputValue()).toBe('NOTIFY_WEBHOOK_URL');
      await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('secret-value');

      // The schedule in words, and the secret it reads marked until it is set.
      const reminder = panel.getByTestId('function').filter({ hasText: 'daily-reminder' });
      await reminder.waitFor();
      expect(await reminder.textContent()).toContain('runs every day at 07:00 UTC');
      await reminder.locator('[data-missing]').filter({ hasText: 'NOTIFY_WEBHOOK_URL' }).waitFor();
      await panel.getByLabel('Value').fill('https://hooks.example.com/services/T000/B000/abcdefgh');
      await panel.getByRole('button', { name: 'Save secret' }).click();
      await page.locator('[data-sonner-toast]', { hasText: 'NOTIFY_WEBHOOK_URL added' }).first().waitFor();
      await eventually(() => reminder.locator('[data-missing]').count()).toBe(0);

      // Run now runs the schedule's function at once: nobody has booked, and its log says so.
      await panel.getByRole('button', { name: 'Run daily-reminder now' }).click();
      const call = panel.getByTestId('function-call');
      await eventually(() => call.count(), 15_000).toBe(1);
      expect(await call.first().textContent()).toContain('answered (200)');
      expect(await call.first().getByTestId('call-log').textContent()).toBe('No bookings today.');

      // The test value stays in the preview: publishing says the live app lacks it, and its button opens the live secrets with the name filled in.
      await page.getByTestId('publish-button').click();
      const notice = page.getByTestId('publish-dialog').getByTestId('publish-live-secrets');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('NOTIFY_WEBHOOK_URL');
      await notice.getByRole('button', { name: 'Add NOTIFY_WEBHOOK_URL for live' }).click();
      await page.getByTestId('publish-dialog').waitFor({ state: 'detached' });
      await eventually(() => panel.getAttribute('data-dataset')).toBe('live');
      expect(await panel.getByLabel('Name').inputValue()).toBe('NOTIFY_WEBHOOK_URL');
    });
  });
});
