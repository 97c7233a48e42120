import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { createTestDb } from '@sprout/db/testing';
import { createVersion, getVersionFiles, type DbHandle } from '@sprout/db';
import { isPreviewMessage, isPreviewRoute } from '@sprout/core';
import { starterFiles } from '@sprout/template';
import { freePort, scaledTimeout } from '@sprout/testkit';
import { launchChromium } from '@sprout/testkit/browser';
import { Tally } from '@sprout/testkit/vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';

// The real thing: the API listening on a port, Chromium resolving *.localhost to it, and a stand-in
// for the web app (a plain page server) on another port of localhost.
let port: number;
let webPort: number;
let webServer: http.Server;
const apiSaw: { method: string; url: string; status: number; cookie?: string }[] = [];
let db: DbHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let token: string;
let sproutId: string;
const web = () => `http://localhost:${webPort}`;
const apiUrl = () => `http://localhost:${port}`;

async function api(method: string, path: string, body?: unknown, bearer = token) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

beforeAll(async () => {
  port = await freePort();
  webPort = await freePort();
  webServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sprout</title><body></body>'));
  await new Promise<void>((resolve) => webServer.listen(webPort, '127.0.0.1', resolve));
  db = await createTestDb();
  const config = loadConfig({ API_PORT: String(port), API_HOST: '127.0.0.1', WEB_URL: web(), PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent' });
  expect(config.previewDomain).toBe(`preview.localhost:${port}`);
  app = await buildApp({ config, db, logger: false });
  app.addHook('onResponse', async (req, reply) => {
    apiSaw.push({ method: req.method, url: req.url, status: reply.statusCode, cookie: req.headers.cookie });
  });
  await app.listen({ port, host: '127.0.0.1' });
  const session = await api('POST', '/v1/auth/register', { email: 'browser@example.com', password: 'correct horse battery', displayName: 'B' }, '');
  token = session.json.idToken;
  sproutId = (await api('POST', '/v1/sprouts', {})).json.id;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await db?.close();
  await new Promise((resolve) => webServer?.close(resolve));
});

/** A browser profile where the web app (http://localhost:port) has a cookie and local storage of its own. */
async function profileWithWebSecrets(options: { bypassCSP?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: 'sprout', value: 'web-session-secret', url: web(), sameSite: 'Lax' }]);
  const page = await context.newPage();
  await page.goto(`${web()}/`);
  await page.evaluate(() => localStorage.setItem('sprout-secret', 'web-storage-secret'));
  // The web origin itself can read both: what follows is meaningful.
  expect(await page.evaluate(() => [document.cookie, localStorage.getItem('sprout-secret')])).toEqual(['sprout=web-session-secret', 'web-storage-secret']);
  await page.close();
  return context;
}

const previewUrl = async (id = sproutId) => (await api('POST', `/build/v1/sprouts/${id}/preview-session`, {})).json.url as string;

describe('the template on its preview origin', () => {
  it('renders "Sprout starter" and opens its dialog', async () => {
    const context = await profileWithWebSecrets();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(await previewUrl());
    expect(new URL(page.url()).origin).toBe(`http://${sproutId}.preview.localhost:${port}`);
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('heading', { name: 'Sprout starter' }).waitFor();
    await page.getByTestId('starter-dialog-trigger').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Hello!');
    await dialog.getByLabel('Your name').fill('Ada');
    expect(await dialog.getByRole('heading').textContent()).toBe('Hello, Ada!');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('cannot read the web app’s cookie or storage', async () => {
    const context = await profileWithWebSecrets();
    const page = await context.newPage();
    await page.goto(await previewUrl());
    await page.getByRole('heading', { name: 'Sprout starter' }).waitFor();
    const seen = await page.evaluate(() => ({ cookie: document.cookie, storage: localStorage.getItem('sprout-secret'), keys: Object.keys(localStorage) }));
    // Its own session cookie is HttpOnly, the web app's belongs to another origin.
    expect(seen).toEqual({ cookie: '', storage: null, keys: [] });
    await context.close();
  });

  it('cannot call the API as the user: CSP stops it, and without CSP the API still answers 401', async () => {
    const attempt = (page: import('playwright-core').Page) =>
      page.evaluate(async (u) => {
        try {
          const res = await fetch(u, { credentials: 'include' });
          return `read ${res.status}`;
        } catch (e) {
          return `blocked: ${(e as Error).name}`;
        }
      }, `${apiUrl()}/v1/sprouts`);
    const strict = await profileWithWebSecrets();
    const page = await strict.newPage();
    await page.goto(await previewUrl());
    await page.getByRole('heading', { name: 'Sprout starter' }).waitFor();
    apiSaw.length = 0;
    expect(await attempt(page)).toBe('blocked: TypeError');
    expect(apiSaw.filter((r) => r.url === '/v1/sprouts')).toEqual([]);
    await strict.close();

    // With the page's CSP switched off the request reaches the API, which refuses it: the preview is
    // another site, so the browser does not even send the web app's (SameSite=Lax) session cookie,
    // and CORS keeps even the refusal from the page.
    const loose = await profileWithWebSecrets({ bypassCSP: true });
    const open = await loose.newPage();
    await open.goto(await previewUrl());
    await open.getByRole('heading', { name: 'Sprout starter' }).waitFor();
    expect(await attempt(open)).toBe('blocked: TypeError');
    expect(apiSaw.filter((r) => r.url === '/v1/sprouts')).toEqual([{ method: 'GET', url: '/v1/sprouts', status: 401, cookie: undefined }]);
    await loose.close();

    // And had a cookie come along, it would not have mattered: the API trusts bearer tokens only.
    const withCookie = await fetch(`${apiUrl()}/v1/sprouts`, {
      headers: { cookie: `sprout=web-session-secret; sprout_preview=x`, origin: `http://${sproutId}.preview.localhost:${port}` },
    });
    expect(withCookie.status).toBe(401);
    expect(withCookie.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the preview inside the web app', () => {
  it('runs in an iframe and its bridge posts console output and errors to the web origin only', async () => {
    const files = await getVersionFiles(db.db, (await api('GET', `/v1/sprouts/${sproutId}`)).json.currentVersionId);
    const app = [
      "import { useEffect } from 'react';",
      'export default function App() {',
      "  useEffect(() => { console.log('hello from the app', { n: 1 }); setTimeout(() => { throw new Error('boom'); }, 0); }, []);",
      '  return <h1>Bridged</h1>;',
      '}',
    ].join('\n');
    await db.db.transaction((tx) =>
      createVersion(tx, { sproutId, source: 'test', files: files.map((f) => (f.path === 'client/src/App.tsx' ? { ...f, content: app } : f)) }),
    );
    const context = await browser.newContext();
    const page = await context.newPage();
    // The page of the web app: a plain document on the web origin that frames the preview.
    await page.goto(`${web()}/build/${sproutId}`);
    const origin = `http://${sproutId}.preview.localhost:${port}`;
    await page.evaluate(
      ({ url }) => {
        (window as any).received = [];
        window.addEventListener('message', (e) => (window as any).received.push({ origin: e.origin, data: e.data }));
        const frame = document.createElement('iframe');
        frame.src = url;
        frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups allow-modals');
        document.body.append(frame);
      },
      { url: await previewUrl() },
    );
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'Bridged' }).waitFor();
    // Wait for the error itself, not a count: it is posted after its source map is read, and the
    // console line may come twice first (StrictMode runs effects twice in development).
    await page.waitForFunction(() => (window as any).received.some((m: { data: { type?: string } }) => m.data?.type === 'error'));
    const received = (await page.evaluate(() => (window as any).received)) as { origin: string; data: unknown }[];
    // Console output and errors, and where the app is (its route): nothing else, and only from its origin.
    expect(received.every((m) => isPreviewMessage(m, origin) || isPreviewRoute(m, origin))).toBe(true);
    expect(received.filter((m) => isPreviewRoute(m, origin)).map((m) => (m.data as { path: string }).path)).toContain('/');
    const messages = received
      .filter((m) => isPreviewMessage(m, origin))
      .map((m) => m.data as { type: string; level: string; message: string; location: unknown });
    expect(messages).toContainEqual(expect.objectContaining({ type: 'console', level: 'log', message: 'hello from the app {"n":1}' }));
    const error = messages.find((m) => m.type === 'error')!;
    expect(error.message).toContain('boom');
    // Source-mapped back to the project file.
    expect(error.location).toMatchObject({ file: 'client/src/App.tsx', line: 3 });
    await context.close();
  });
});

// Hostile code in a generated app (created through POST /v1/sprouts with files, as a model
// or an import could write it) tries everything at once, top-level and framed by the web origin.
describe('hostile code in a generated app', () => {
  const tally = new Tally('preview isolation (browser)');
  const OTHER_SECRET = 'OTHER_PROJECT_SECRET_4b1d';

  const attackApp = (otherOrigin: string) => `import { useEffect, useState } from 'react';

const OTHER = ${JSON.stringify(otherOrigin + '/')};
const API = ${JSON.stringify(apiUrl())};

async function attempt(name: string, fn: () => unknown, out: Record<string, string>) {
  try {
    out[name] = 'got: ' + String(await fn()).slice(0, 300);
  } catch (e) {
    out[name] = 'blocked: ' + (e as Error).name;
  }
}

export default function App() {
  const [results, setResults] = useState<string | null>(null);
  useEffect(() => {
    const out: Record<string, string> = {};
    (async () => {
      await attempt('cookie', () => document.cookie, out);
      await attempt('storage', () => JSON.stringify([localStorage.getItem('sprout-secret'), localStorage.getItem('sprout.auth'), Object.keys(localStorage), sessionStorage.length]), out);
      await attempt('parent cookie', () => (window.parent === window ? 'not framed' : window.parent.document.cookie), out);
      await attempt('parent storage', () => (window.parent === window ? 'not framed' : window.parent.localStorage.getItem('sprout-secret')), out);
      await attempt('parent location', () => (window.parent === window ? 'not framed' : window.parent.location.href), out);
      await attempt('other preview (cors)', async () => (await (await fetch(OTHER, { credentials: 'include' })).text()), out);
      await attempt('other preview (no-cors)', async () => { const r = await fetch(OTHER, { mode: 'no-cors', credentials: 'include' }); return r.type + ' ' + r.status + ' ' + (await r.text()); }, out);
      await attempt('other preview (frame)', () => new Promise((resolve, reject) => {
        const f = document.createElement('iframe');
        f.src = OTHER;
        f.onload = () => { try { resolve(f.contentDocument ? f.contentDocument.body.innerText : 'no document'); } catch (e) { reject(e); } };
        document.body.append(f);
        // A refused frame loads an error page: its load event is the answer, with nothing readable.
      }), out);
      await attempt('api with credentials', async () => { const r = await fetch(API + '/v1/sprouts', { credentials: 'include' }); return r.status + ' ' + (await r.text()); }, out);
      await attempt('api with the web cookie as bearer', async () => { const r = await fetch(API + '/v1/sprouts', { headers: { authorization: 'Bearer ' + document.cookie } }); return r.status + ' ' + (await r.text()); }, out);
      setResults(JSON.stringify(out));
    })();
  }, []);
  return <pre data-testid="attack">{results ?? 'running'}</pre>;
}
`;

  async function createProject(name: string, app: string) {
    const files = starterFiles().map((f) => (f.name === 'client/src/App.tsx' ? { ...f, content: app } : f));
    const res = await api('POST', '/v1/sprouts', { displayName: name, files });
    expect(res.status).toBe(201);
    return res.json.id as string;
  }

  function judge(where: string, results: Record<string, string>) {
    const leaked = (v: string) => v.includes('web-session-secret') || v.includes('web-storage-secret') || v.includes(OTHER_SECRET) || v.includes(token);
    for (const [name, value] of Object.entries(results)) {
      let ok = !leaked(value);
      if (name.startsWith('parent ')) ok &&= value === 'got: not framed' || value === 'blocked: SecurityError';
      if (name === 'cookie') ok &&= value === 'got: ';
      if (name.startsWith('api')) ok &&= value.startsWith('blocked:') || value.startsWith('got: 401');
      if (name.startsWith('other preview')) ok &&= value.startsWith('blocked:') || value === 'got: no document' || value.startsWith('got: opaque 0');
      tally.check(ok, `${where}: ${name} → ${value}`);
    }
    expect(Object.keys(results)).toHaveLength(10);
  }

  it('cannot read the web app’s cookie or storage, another project’s preview, or call the API as the user', async () => {
    const other = await createProject('Other project', `export default function App() { return <h1>${OTHER_SECRET}</h1>; }\n`);
    const otherOrigin = `http://${other}.preview.localhost:${port}`;
    const attacker = await createProject('Attacker', attackApp(otherOrigin));
    for (const bypassCSP of [false, true]) {
      const context = await profileWithWebSecrets({ bypassCSP });
      // The person also has a live preview session for the other project in this browser.
      const warm = await context.newPage();
      await warm.goto(await previewUrl(other));
      await warm.getByRole('heading', { name: OTHER_SECRET }).waitFor();
      await warm.close();

      const page = await context.newPage();
      await page.goto(await previewUrl(attacker));
      const top = await page
        .getByTestId('attack')
        .filter({ hasNotText: 'running' })
        .textContent({ timeout: scaledTimeout(20_000) });
      judge(`top-level${bypassCSP ? ', CSP bypassed' : ''}`, JSON.parse(top!));

      // Framed by the web app, as in the project page.
      await page.goto(`${web()}/build/${attacker}`);
      await page.evaluate(
        (url) => {
          const frame = document.createElement('iframe');
          frame.src = url;
          frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups allow-modals');
          document.body.append(frame);
        },
        await previewUrl(attacker),
      );
      const framed = await page
        .frameLocator('iframe')
        .getByTestId('attack')
        .filter({ hasNotText: 'running' })
        .textContent({ timeout: scaledTimeout(20_000) });
      judge(`framed${bypassCSP ? ', CSP bypassed' : ''}`, JSON.parse(framed!));
      await context.close();
    }
    tally.assertClean();
  });
});
