import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { limit, settle, useBrowser } from './browser';
import { api, useProduct } from './product';

/** A fake third party on 127.0.0.1 recording what Sprout forwards (Segment batches, Sentry events). */
function recorder(): Promise<{ server: Server; url: string; hits: { path: string; headers: Record<string, unknown>; body: any }[] }> {
  const hits: { path: string; headers: Record<string, unknown>; body: any }[] = [];
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(data || '{}') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits })),
  );
}

let third: Awaited<ReturnType<typeof recorder>>;
beforeAll(async () => {
  third = await recorder();
});
afterAll(() => {
  third?.server.close();
});
const product = useProduct(() => ({
  ANALYTICS_WRITE_KEY: 'wk_e2e',
  ANALYTICS_URL: `${third.url}/v1/batch`,
  SENTRY_DSN: `${third.url.replace('http://', 'http://pubkey@')}/42`,
}));
const browser = useBrowser();

describe('analytics and error reporting', () => {
  it('sends page views in batches to /v1/events, which forwards them with the write key', async () => {
    const page = await browser.newPage();
    await page.goto(`${product.webUrl}/terms`);
    // The page view is recorded once the page has hydrated; leaving earlier would record nothing.
    await settle(page);
    await page.goto(`${product.webUrl}/privacy`);
    await expect
      .poll(
        () => third.hits.filter((h) => h.path === '/v1/batch').flatMap((h) => h.body.batch.map((e: { properties: { path: string } }) => e.properties.path)),
        {
          timeout: limit(15_000),
        },
      )
      .toEqual(expect.arrayContaining(['/terms', '/privacy']));
    const hit = third.hits.find((h) => h.path === '/v1/batch')!;
    expect(hit.headers.authorization).toBe(`Basic ${Buffer.from('wk_e2e:').toString('base64')}`);
    await page.close();
  });

  it('keeps events queued across a reload while the API refuses them, and delivers them later', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let blocked = true;
    await context.route('**/v1/events', (route) => (blocked ? route.fulfill({ status: 503, body: '{}' }) : route.continue()));
    await page.goto(`${product.webUrl}/press`);
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('sprout.events') ?? '[]').length)).toBeGreaterThan(0);
    await page.reload();
    const queued: { properties: { path: string } }[] = await page.evaluate(() => JSON.parse(localStorage.getItem('sprout.events') ?? '[]'));
    expect(queued.map((e) => e.properties.path)).toContain('/press');
    blocked = false;
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('sprout.events') ?? '[]').length), { timeout: limit(20_000) }).toBe(0);
    await context.close();
  });

  it('tunnels window errors through /monitoring to the API and the Sentry DSN', async () => {
    const page = await browser.newPage();
    await page.goto(`${product.webUrl}/terms`);
    // The error listener is attached once the page has hydrated.
    await settle(page);
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('e2e boom');
      }),
    );
    await expect.poll(() => third.hits.find((h) => h.path === '/api/42/store/')?.body.message, { timeout: limit(15_000) }).toBe('Uncaught Error: e2e boom');
    const sentry = third.hits.find((h) => h.path === '/api/42/store/')!;
    expect(String(sentry.headers['x-sentry-auth'])).toContain('sentry_key=pubkey');
    await page.close();
  });

  it('reports an error thrown before the page has hydrated', async () => {
    const page = await browser.newPage();
    // The page's scripts are held back (its stylesheets are not): React cannot hydrate, so no listener
    // of the app is attached yet.
    const held: Route[] = [];
    let holding = true;
    await page.route('**/_next/static/chunks/*.js', (route) => (holding ? void held.push(route) : route.continue()));
    // (Not 'domcontentloaded': it waits for the held module scripts.) The server-rendered page is there.
    await page.goto(`${product.webUrl}/privacy`, { waitUntil: 'commit' });
    await page.locator('header a').first().waitFor({ state: 'attached' });
    const thrown = page.waitForEvent('pageerror', (e) => e.message === 'e2e early boom');
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('e2e early boom');
      }),
    );
    await thrown;
    expect(held.length).toBeGreaterThan(0);
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await page.unroute('**/_next/static/chunks/*.js');
    await expect
      .poll(() => third.hits.find((h) => h.path === '/api/42/store/' && h.body.message === 'Uncaught Error: e2e early boom')?.body.message, {
        timeout: limit(15_000),
      })
      .toBe('Uncaught Error: e2e early boom');
    await page.close();
  });
});
