import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Sprout } from '@sprout/core/contract';
import { asPerson, DESKTOP, eventually, limit, openProject, useBrowser } from './browser';
import { apiCall, apiUrl, registerViaApi } from './product';

// What an app's functions do with nobody on its pages: a `webhook` function takes a POST from outside
// (another service, here this test's process) and the owner sees its effect in the Data panel; a
// scheduled function runs on its own within a minute of its time, and its log shows in the Functions
// panel. Both on the preview (test data, test secrets), in the shared product.

const browser = useBrowser();

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8" /><title>Orders</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n';
const MAIN_TSX = "import { createRoot } from 'react-dom/client';\nimport App from './App';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n";
const APP_TSX = 'export default function App() {\n  return <h1>Orders</h1>;\n}\n';
const RULES = JSON.stringify({
  collections: { orders: { create: 'nobody', read: 'nobody', update: 'nobody', delete: 'nobody', fields: { item: { type: 'string', required: true } } } },
});
// A payment provider's callback: checked against the shared secret it was given, then stored.
const HOOK = `export const access = 'webhook';
export default async function (req: Request, ctx: any) {
  if (req.headers.get('x-hook-secret') !== ctx.env.HOOK_SECRET) return new Response('Not signed', { status: 401 });
  if (req.headers.get('cookie')) return new Response('A webhook never gets cookies', { status: 400 });
  const { item } = await req.json();
  await ctx.db.collection('orders').add({ item });
  ctx.log('order paid:', item);
  return { received: true };
}
`;
const HEARTBEAT = `export const schedule = '* * * * *';
export default async function (req: Request, ctx: any) {
  ctx.log('heartbeat due at', req.headers.get('x-sprout-schedule'));
  return null;
}
`;
const HOOK_SECRET = 'whsec_e2e_4f1a9c3b7d2e';

/** A POST from outside the app (no page, no browser) to the project's preview origin. */
function postFromOutside(sproutId: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const api = new URL(apiUrl());
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: api.port,
        method: 'POST',
        path: '/_sprout/v1/functions/payment-hook',
        headers: { host: `${sproutId}.preview.localhost:${api.port}`, 'content-type': 'application/json', 'content-length': data.length, ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describe('functions with nobody on the app’s pages', () => {
  it('a webhook from outside lands in the Data panel; a schedule runs on its own and its log shows', { timeout: limit(180_000) }, async () => {
    const account = await registerViaApi('functions-outside');
    const created = await apiCall<Sprout>('POST', '/v1/sprouts', account.idToken, {
      displayName: 'Orders',
      files: [
        { name: 'client/index.html', content: INDEX_HTML },
        { name: 'client/src/main.tsx', content: MAIN_TSX },
        { name: 'client/src/App.tsx', content: APP_TSX },
        { name: 'sprout.data.json', content: RULES },
        { name: 'functions/payment-hook.ts', content: HOOK },
        { name: 'functions/heartbeat.ts', content: HEARTBEAT },
      ],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id;
    const secret = await apiCall('PUT', `/build/v1/sprouts/${id}/secrets/test/HOOK_SECRET`, account.idToken, { value: HOOK_SECRET });
    expect(secret.status).toBe(200);

    await asPerson(browser, account, { shot: 'functions-outside', ...DESKTOP }, async (page: Page) => {
      await openProject(page, id);
      await page.getByTestId('tab-data').click();
      const data = page.getByTestId('data-panel');
      await data.getByTestId('collection-orders').waitFor();
      await data.getByText('No data yet — when your app saves something, it shows up here.').waitFor();

      // Unsigned: refused by the function. Signed, with a cookie that must not reach it: stored.
      expect((await postFromOutside(id, { item: 'Forged' }, {})).status).toBe(401);
      const paid = await postFromOutside(id, { item: 'Blue mug' }, { 'x-hook-secret': HOOK_SECRET, cookie: 'sprout_preview=stolen' });
      expect(paid, paid.text).toEqual({ status: 200, text: '{"received":true}' });
      const rows = page.getByTestId('document-row');
      await eventually(() => rows.count(), 15_000).toBe(1);
      expect(await rows.first().textContent()).toContain('Blue mug');

      // The schedule ran by itself (every minute; the first run within seconds of the project), logged.
      await page.getByTestId('tab-functions').click();
      const panel = page.getByTestId('functions-panel');
      const heartbeat = panel.getByTestId('function-call').filter({ hasText: 'heartbeat' }).filter({ hasText: 'on schedule' });
      await eventually(() => heartbeat.count(), 90_000).toBeGreaterThan(0);
      expect(await heartbeat.first().getByTestId('call-log').textContent()).toMatch(/^heartbeat due at \d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
      const hook = panel.getByTestId('function-call').filter({ hasText: 'payment-hook' });
      await eventually(() => hook.count()).toBe(2);
      expect(await hook.first().getByTestId('call-log').textContent()).toBe('order paid: Blue mug');
    });
  });
});
