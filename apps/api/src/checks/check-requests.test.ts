import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '@sprout/testkit/browser';
import { answerThroughApi } from './check-requests';

// A small Fastify app stands in for the API: the page's requests reach it through `inject` only.
const ORIGIN = 'https://abc.preview.example.com';
const seen: { method: string; url: string; host?: string; cookie?: string; body?: unknown }[] = [];
const app = Fastify();
app.get('/', async (_req, reply) =>
  reply
    .type('text/html')
    .header('set-cookie', ['visitor=v1; Path=/; HttpOnly', 'theme=dark; Path=/'])
    .send('<!doctype html><div id="root">page</div><script type="module" src="/app.js"></script>'),
);
app.get('/app.js', async (_req, reply) =>
  reply.type('text/javascript').send(`
    window.results = {};
    window.done = (async () => {
      results.post = await (await fetch('/_sprout/v1/collections/notes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'hi' }) })).json();
      results.events = await (await fetch('/_sprout/v1/collections/notes/events')).text();
      results.outside = await fetch('https://elsewhere.example.com/x').then(() => 'reached', (e) => 'refused');
      results.socket = await new Promise((resolve) => { const ws = new WebSocket('wss://abc.preview.example.com/ws'); ws.onopen = () => resolve('open'); ws.onclose = () => resolve('closed'); });
      results.cookie = document.cookie;
    })();
  `),
);
app.post('/_sprout/v1/collections/notes', async (req) => ({ saved: req.body }));
// A form answered with 303, as the test checkout's Pay is: once to the page's own origin, once elsewhere.
app.get('/pay', async (_req, reply) =>
  reply
    .type('text/html')
    .send('<form method="post" action="/pay/done"><button>Pay</button></form><form method="post" action="/pay/away"><button>Away</button></form>'),
);
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
app.post('/pay/done', async (_req, reply) => reply.redirect('/thanks?payment=p1', 303));
app.post('/pay/away', async (_req, reply) => reply.redirect('https://elsewhere.example.com/phish', 303));
app.get('/thanks', async (req, reply) => reply.type('text/html').send(`<p>Thanks ${JSON.stringify(req.query)}</p>`));
app.addHook('onRequest', async (req) => {
  seen.push({ method: req.method, url: req.url, host: req.headers.host, cookie: req.headers.cookie });
});

let browser: Browser;
beforeAll(async () => {
  await app.ready();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app.close();
});

describe('answerThroughApi', () => {
  it('follows a form’s redirect on the page’s own origin through the API too, and never one to elsewhere', async () => {
    const context = await browser.newContext();
    await answerThroughApi(context, { origin: ORIGIN, cookie: 'c=1', dispatch: (request) => app.inject({ ...request, method: request.method as 'GET' }) });
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/pay`);
    await Promise.all([page.waitForURL(`${ORIGIN}/thanks?payment=p1`), page.getByRole('button', { name: 'Pay' }).click()]);
    expect(await page.locator('body').innerText()).toBe('Thanks {"payment":"p1"}');
    await page.goto(`${ORIGIN}/pay`);
    await page.getByRole('button', { name: 'Away' }).click();
    await page.waitForLoadState('load');
    expect(page.url()).not.toContain('elsewhere.example.com/phish');
    await context.close();
    seen.length = 0;
  });

  it('answers the page’s own origin through inject, with the check cookie first, and refuses everything else', async () => {
    const context = await browser.newContext();
    await answerThroughApi(context, {
      origin: ORIGIN,
      cookie: 'sprout_render_check=token',
      dispatch: (request) => app.inject({ ...request, method: request.method as 'GET' }),
    });
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/`);
    await page.evaluate(() => (window as unknown as { done: Promise<void> }).done);
    const results = await page.evaluate(() => (window as unknown as { results: Record<string, unknown> }).results);
    expect(results).toEqual({
      post: { saved: { text: 'hi' } },
      events: 'retry: 60000\n: render check\n\n',
      outside: 'refused',
      socket: 'closed',
      // The page sees its own cookie that is not HttpOnly; the check's is never in the browser at all.
      cookie: 'theme=dark',
    });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /', 'GET /app.js', 'POST /_sprout/v1/collections/notes']);
    expect(seen.every((r) => r.host === 'abc.preview.example.com')).toBe(true);
    expect(seen[0]!.cookie).toBe('sprout_render_check=token');
    expect(seen[2]!.cookie).toBe('sprout_render_check=token; visitor=v1; theme=dark');
    expect((await context.cookies()).map((c) => c.name).sort()).toEqual(['theme', 'visitor']);
    await context.close();
  });
});
