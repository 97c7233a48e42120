import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { createTestDb } from '@sprout/db/testing';
import { createVersion, finishRun, getVersionFiles, insertRun, newId, type DbHandle } from '@sprout/db';
import { freePort, scaledTimeout } from '@sprout/testkit';
import { launchChromium } from '@sprout/testkit/browser';
import { buildApp } from '../app';
import { loadConfig } from '../config';

// Hot updates, for real: the API on a port, Chromium, and a stand-in for the web app that frames the
// preview and announces each new version to it the way the project page does (postMessage).

let port: number;
let webPort: number;
let webServer: http.Server;
let db: DbHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let token: string;
let sproutId: string;
const web = () => `http://localhost:${webPort}`;

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, any>;
}

const FILES: Record<string, string> = {
  'client/index.html':
    '<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8" /><title>Hot</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n',
  'client/src/main.tsx':
    "import { createRoot } from 'react-dom/client';\nimport App from './App';\nimport './index.css';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n",
  'client/src/index.css': "@import 'tailwindcss';\n",
  'client/src/Title.tsx': 'export function Title() {\n  return <h1 className="text-xl">Hot app</h1>;\n}\n',
  'client/src/App.tsx': [
    "import { useState } from 'react';",
    "import { Title } from './Title';",
    '',
    'export default function App() {',
    '  const [count, setCount] = useState(0);',
    '  return (',
    '    <main>',
    '      <Title />',
    '      <p>Label one</p>',
    '      <button onClick={() => setCount((c) => c + 1)}>Count: {count}</button>',
    '    </main>',
    '  );',
    '}',
    '',
  ].join('\n'),
};

beforeAll(async () => {
  port = await freePort();
  webPort = await freePort();
  webServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sprout</title><body></body>'));
  await new Promise<void>((resolve) => webServer.listen(webPort, '127.0.0.1', resolve));
  db = await createTestDb();
  const config = loadConfig({ API_PORT: String(port), API_HOST: '127.0.0.1', WEB_URL: web(), PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent' });
  app = await buildApp({ config, db, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  token = (await api('POST', '/v1/auth/register', { email: 'hmr@example.com', password: 'correct horse battery', displayName: 'H' })).idToken;
  sproutId = (await api('POST', '/v1/sprouts', { files: Object.entries(FILES).map(([name, content]) => ({ name, content })) })).id;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await db?.close();
  await new Promise((resolve) => webServer?.close(resolve));
});

/** A new version with these files changed, as a run or an edit makes one; announced to the preview like the project page does. */
async function newVersion(page: Page, changes: Record<string, string>): Promise<string> {
  const current = (await api('GET', `/v1/sprouts/${sproutId}`)).currentVersionId as string;
  const files = (await getVersionFiles(db.db, current)).map((f) => (f.path in changes ? { ...f, content: changes[f.path]! } : f));
  const version = await db.db.transaction((tx) => createVersion(tx, { sproutId, files, source: 'test' }));
  await announce(page, version.id);
  return version.id;
}

type Update = { versionId: string; outcome: string; files: string[]; reason: string | null };

async function updateFor(page: Page, versionId: string): Promise<Update> {
  const handle = await page.waitForFunction((id) => (window as any).updates.find((u: Update) => u.versionId === id), versionId, {
    timeout: scaledTimeout(30_000),
  });
  return (await handle.jsonValue()) as Update;
}

/** The frame's first `n` reports about `versionId`. */
async function updatesFor(page: Page, versionId: string, n: number): Promise<Update[]> {
  const handle = await page.waitForFunction(
    ([id, count]) => {
      const found = (window as any).updates.filter((u: Update) => u.versionId === id);
      return found.length >= count ? found : null;
    },
    [versionId, n] as const,
    { timeout: scaledTimeout(30_000) },
  );
  return (await handle.jsonValue()) as Update[];
}

const frameOf = async (page: Page): Promise<Frame> => (await (await page.$('iframe'))!.contentFrame())!;

/** The stand-in project page with the preview framed, recording what the frame reports; resolves once the app shows. */
async function framedPreview(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${web()}/build/${sproutId}`);
  const url = (await api('POST', `/build/v1/sprouts/${sproutId}/preview-session`, {})).url as string;
  await page.evaluate((src) => {
    (window as any).updates = [];
    (window as any).errors = [];
    window.addEventListener('message', (e) => {
      if (e.data?.source === 'sprout-preview-update') (window as any).updates.push(e.data);
      if (e.data?.source === 'sprout-preview' && e.data.type === 'error') (window as any).errors.push(e.data);
    });
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    document.body.append(frame);
  }, url);
  await page
    .frameLocator('iframe')
    .locator('h1')
    .first()
    .waitFor({ timeout: scaledTimeout(30_000) });
  return { context, page };
}

/** Posts a version announcement to the frame as the project page does, with a module list when given. */
function announce(page: Page, versionId: string, manifest?: unknown) {
  const target = `http://${sproutId}.preview.localhost:${port}`;
  return page.evaluate(
    ({ id, list, origin }) =>
      document
        .querySelector('iframe')!
        .contentWindow!.postMessage({ source: 'sprout-parent', type: 'version', versionId: id, ...(list ? { manifest: list } : {}) }, origin),
    { id: versionId, list: manifest, origin: target },
  );
}

describe('hot updates in the preview', () => {
  it('re-renders changed components in place, keeps their state, swaps CSS, and reloads only when it must', async () => {
    const { context, page } = await framedPreview();
    const frame = page.frameLocator('iframe');
    const button = frame.getByRole('button', { name: /^Count: / });
    await frame.getByText('Label one').waitFor();
    for (let i = 0; i < 3; i++) await button.click();
    await frame.getByRole('button', { name: 'Count: 3' }).waitFor();
    // A mark on the document: gone if the page is ever loaded again.
    await (await frameOf(page)).evaluate(() => ((window as any).__mark = 'same document'));
    const mark = async () => (await frameOf(page)).evaluate(() => (window as any).__mark ?? 'new document');

    // The label changes, the counter still says 3, the document is the same.
    const withThrow = FILES['client/src/App.tsx']!.replace('Label one', 'Label two').replace(
      '    </main>',
      "      <button onClick={() => { throw new Error('thrown after a hot update'); }}>Throw</button>\n    </main>",
    );
    const two = await newVersion(page, { 'client/src/App.tsx': withThrow });
    expect(await updateFor(page, two)).toEqual({
      source: 'sprout-preview-update',
      versionId: two,
      outcome: 'hot',
      files: ['client/src/App.tsx'],
      reason: null,
    });
    await frame.getByText('Label two').waitFor();
    expect(await button.textContent()).toBe('Count: 3');
    expect(await mark()).toBe('same document');
    // An error in the updated code is placed in the project file by the new module's source map.
    await frame.getByRole('button', { name: 'Throw' }).click();
    const error = await page.waitForFunction(() => (window as any).errors.find((e: { message: string }) => e.message.includes('thrown after a hot update')));
    expect(((await error.jsonValue()) as { location: unknown }).location).toMatchObject({ file: 'client/src/App.tsx', line: 11 });

    // Back to earlier code (a restore): its module ran in this page before, and is run again.
    const back = await newVersion(page, { 'client/src/App.tsx': FILES['client/src/App.tsx']! });
    expect(await updateFor(page, back)).toMatchObject({ outcome: 'hot', files: ['client/src/App.tsx'] });
    await frame.getByText('Label one').waitFor();
    expect(await button.textContent()).toBe('Count: 3');
    expect(await mark()).toBe('same document');

    // A child component, with a new Tailwind class: its stylesheet is swapped too, no reload.
    const three = await newVersion(page, {
      'client/src/Title.tsx': FILES['client/src/Title.tsx']!.replace('text-xl">Hot app', 'text-xl underline">Hotter app'),
    });
    expect(await updateFor(page, three)).toMatchObject({ outcome: 'hot', files: ['client/src/Title.tsx', 'client/src/index.css'] });
    await frame.getByRole('heading', { name: 'Hotter app' }).waitFor();
    await expect.poll(async () => (await frameOf(page)).evaluate(() => getComputedStyle(document.querySelector('h1')!).textDecorationLine)).toBe('underline');
    expect(await button.textContent()).toBe('Count: 3');
    expect(await frame.locator('link[data-sprout-style]').count()).toBe(1);

    // CSS alone: swapped in place.
    const four = await newVersion(page, { 'client/src/index.css': "@import 'tailwindcss';\nh1 { color: rgb(1, 2, 3); }\n" });
    expect(await updateFor(page, four)).toMatchObject({ outcome: 'hot', files: ['client/src/index.css'] });
    await expect.poll(async () => (await frameOf(page)).evaluate(() => getComputedStyle(document.querySelector('h1')!).color)).toBe('rgb(1, 2, 3)');
    expect(await mark()).toBe('same document');
    expect(await button.textContent()).toBe('Count: 3');

    // A rename: the page's title and the app's heading change, and still no reload.
    const renamed = await newVersion(page, {
      'client/index.html': FILES['client/index.html']!.replace('<title>Hot</title>', '<title>Northwind &amp; Co</title>'),
      'client/src/Title.tsx': FILES['client/src/Title.tsx']!.replace('Hot app', 'Northwind & Co'),
    });
    expect(await updateFor(page, renamed)).toMatchObject({ outcome: 'hot', files: ['client/src/Title.tsx', 'client/index.html'] });
    await frame.getByRole('heading', { name: 'Northwind & Co' }).waitFor();
    expect(await (await frameOf(page)).evaluate(() => document.title)).toBe('Northwind & Co');
    expect(await button.textContent()).toBe('Count: 3');
    expect(await mark()).toBe('same document');

    // Dark: a class on <html> (the way the offline builder switches themes), moved in place; a class
    // the app set on <html> itself stays.
    await (await frameOf(page)).evaluate(() => document.documentElement.classList.add('app-set'));
    const html = (await getVersionFiles(db.db, renamed)).find((f) => f.path === 'client/index.html')!.content;
    const dark = await newVersion(page, { 'client/index.html': html.replace('<html lang="en">', '<html lang="en" class="dark">') });
    expect(await updateFor(page, dark)).toMatchObject({ outcome: 'hot', files: ['client/index.html'] });
    expect(await (await frameOf(page)).evaluate(() => [...document.documentElement.classList].sort())).toEqual(['app-set', 'dark']);
    expect(await button.textContent()).toBe('Count: 3');
    expect(await mark()).toBe('same document');
    // Light again: the tag has no class attribute at all, and "dark" goes (the app's own class stays).
    const light = await newVersion(page, { 'client/index.html': html });
    expect(await updateFor(page, light)).toMatchObject({ outcome: 'hot', files: ['client/index.html'] });
    expect(await (await frameOf(page)).evaluate(() => [...document.documentElement.classList].sort())).toEqual(['app-set']);
    expect(await mark()).toBe('same document');

    // Hooks that changed: the state no longer fits, so the component is mounted again (its hook
    // signature differs) instead of being handed it; still no reload, and nothing thrown.
    const withHook = FILES['client/src/App.tsx']!.replace(
      '  const [count, setCount] = useState(0);',
      "  const [count, setCount] = useState(0);\n  const [note] = useState('hooks changed');",
    ).replace('Label one', '{note}');
    const hooks = await newVersion(page, { 'client/src/App.tsx': withHook });
    expect(await updateFor(page, hooks)).toMatchObject({ outcome: 'hot', files: ['client/src/App.tsx'] });
    await frame.getByText('hooks changed').waitFor();
    expect(await button.textContent()).toBe('Count: 0');
    expect(await mark()).toBe('same document');
    expect(await page.evaluate(() => (window as any).errors.length)).toBe(1);

    // A module that now exports something other than components cannot be swapped: the page
    // reloads at the same address (path, query and hash), and says why.
    await (await frameOf(page)).evaluate(() => history.pushState({}, '', '/tasks/12?tab=2#notes'));
    const five = await newVersion(page, {
      'client/src/App.tsx': `${FILES['client/src/App.tsx']!.replace('Label one', 'Label five')}export const LIMIT = 3;\n`,
    });
    const reload = await updateFor(page, five);
    expect(reload).toMatchObject({ outcome: 'reload', files: [] });
    expect(reload.reason).toContain('client/src/App.tsx: its exports changed (added LIMIT)');
    await frame.getByText('Label five').waitFor();
    await expect.poll(mark).toBe('new document');
    expect(await (await frameOf(page)).evaluate(() => location.pathname + location.search + location.hash)).toBe('/tasks/12?tab=2#notes');
    expect(await button.textContent()).toBe('Count: 0');

    // A package the page has not used yet: its import map already names every allowed package.
    await button.click();
    const seven = await newVersion(page, {
      'client/src/Title.tsx': "import { format } from 'date-fns';\n\nexport function Title() {\n  return <h1>{format(new Date(0), 'yyyy')}</h1>;\n}\n",
    });
    expect(await updateFor(page, seven)).toMatchObject({ outcome: 'hot', files: ['client/src/Title.tsx'] });
    await frame.getByRole('heading', { name: /^19(69|70)$/ }).waitFor();
    expect(await button.textContent()).toBe('Count: 1');
    // One it does not name (a subpath never imported before) cannot join it: reload, saying which.
    const eight = await newVersion(page, {
      'client/src/Title.tsx': "import { enUS } from 'date-fns/locale';\n\nexport function Title() {\n  return <h1>{enUS.code}</h1>;\n}\n",
    });
    expect((await updateFor(page, eight)).reason).toBe('the new version uses a package the page has not loaded (date-fns/locale)');
    await frame.getByRole('heading', { name: 'en-US' }).waitFor();

    // The entry file cannot be re-run in place.
    await button.click();
    const six = await newVersion(page, { 'client/src/main.tsx': `${FILES['client/src/main.tsx']!}console.info('entry changed');\n` });
    expect((await updateFor(page, six)).reason).toBe('client/src/main.tsx is the entry file');
    await expect.poll(async () => button.textContent()).toBe('Count: 0');
    await context.close();
  });
  it('shows a run’s candidate while the server checks it, reports nothing as a version for it, and takes the tag once it is one', async () => {
    const { context, page } = await framedPreview();
    const frame = page.frameLocator('iframe');
    const loadTag = async () => (await frameOf(page)).evaluate(() => document.querySelector('meta[name="sprout-load"]')!.getAttribute('content'));

    const current = (await api('GET', `/v1/sprouts/${sproutId}`)).currentVersionId as string;
    const files = (await getVersionFiles(db.db, current)).map((f) =>
      f.path === 'client/src/Title.tsx' ? { ...f, content: 'export function Title() {\n  return <h1>Candidate title</h1>;\n}\n' } : f,
    );
    // A run's candidate: built, not stored, while its run goes on (a candidate is shown only then).
    const owner = (await api('GET', '/v1/me')).id as string;
    const run = await insertRun(db.db, { id: newId(), sproutId, userId: owner, model: 'offline', baseVersionId: current });
    const candidate = newId();
    expect((await app.services.buildPreview(sproutId, candidate, files)).ok).toBe(true);
    await announce(page, candidate);
    expect((await updatesFor(page, candidate, 1))[0]).toMatchObject({ outcome: 'hot' });
    await frame.getByRole('heading', { name: 'Candidate title' }).waitFor();
    // No load tag while it is a candidate: an error on it cannot start a repair of a version.
    expect(await loadTag()).toBe('');

    // It became the version (same id): announced again, the page takes that version's tag.
    await db.db.transaction((tx) => createVersion(tx, { sproutId, files, source: 'test', id: candidate }));
    await finishRun(db.db, run.id, { status: 'succeeded', resultVersionId: candidate, tokensIn: 0, tokensInCached: 0, tokensOut: 0, fixRounds: 0 });
    await announce(page, candidate);
    await updatesFor(page, candidate, 2);
    const verified = await app.services.previewTokens.verify((await loadTag())!, 'load', sproutId);
    expect(verified).toMatchObject({ versionId: candidate });

    // A candidate that never becomes a version (its run fails): the page goes back to the current one, with its tag.
    const failing = await insertRun(db.db, { id: newId(), sproutId, userId: owner, model: 'offline', baseVersionId: candidate });
    const dropped = newId();
    const other = files.map((f) => (f.path === 'client/src/Title.tsx' ? { ...f, content: 'export function Title() {\n  return <h1>Dropped</h1>;\n}\n' } : f));
    expect((await app.services.buildPreview(sproutId, dropped, other)).ok).toBe(true);
    await announce(page, dropped);
    await frame.getByRole('heading', { name: 'Dropped' }).waitFor();
    expect(await loadTag()).toBe('');
    await finishRun(db.db, failing.id, {
      status: 'failed',
      error: 'x',
      errorCode: 'attempt_failed',
      tokensIn: 0,
      tokensInCached: 0,
      tokensOut: 0,
      fixRounds: 2,
    });
    await announce(page, candidate);
    await updatesFor(page, candidate, 3);
    await frame.getByRole('heading', { name: 'Candidate title' }).waitFor();
    expect(await app.services.previewTokens.verify((await loadTag())!, 'load', sproutId)).toMatchObject({ versionId: candidate });
    await context.close();
  });

  it('applies a candidate announced with its module list without asking for the list, and asks when the list is not usable', async () => {
    const { context, page } = await framedPreview();
    const frame = page.frameLocator('iframe');
    const asked: string[] = [];
    context.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/_sprout/version/')) asked.push(new URL(r.url()).pathname.slice('/_sprout/version/'.length));
    });
    const current = (await api('GET', `/v1/sprouts/${sproutId}`)).currentVersionId as string;
    // These candidates are a run's, shown while it goes on.
    const run = await insertRun(db.db, { id: newId(), sproutId, userId: (await api('GET', '/v1/me')).id as string, model: 'offline', baseVersionId: current });
    const titled = (title: string) =>
      getVersionFiles(db.db, current).then((files) =>
        files.map((f) => (f.path === 'client/src/Title.tsx' ? { ...f, content: `export function Title() {\n  return <h1>${title}</h1>;\n}\n` } : f)),
      );

    const pushed = newId();
    const built = await app.services.buildPreview(sproutId, pushed, await titled('Pushed title'));
    if (!built.ok || !built.manifest) throw new Error('the candidate did not build');
    await announce(page, pushed, built.manifest);
    expect((await updatesFor(page, pushed, 1))[0]).toMatchObject({ outcome: 'hot', files: ['client/src/Title.tsx'] });
    await frame.getByRole('heading', { name: 'Pushed title' }).waitFor();
    expect(asked).toEqual([]);

    // A list naming a file outside the build folder, or another version's list, is not used: the frame asks.
    const hostile = newId();
    const other = await app.services.buildPreview(sproutId, hostile, await titled('Asked title'));
    if (!other.ok || !other.manifest) throw new Error('the candidate did not build');
    const title = other.manifest.modules['client/src/Title.tsx']!;
    await announce(page, hostile, {
      ...other.manifest,
      modules: { ...other.manifest.modules, 'client/src/Title.tsx': { ...title, name: '../../v1/evil.js' } },
    });
    expect((await updatesFor(page, hostile, 1))[0]).toMatchObject({ outcome: 'hot' });
    await frame.getByRole('heading', { name: 'Asked title' }).waitFor();
    const third = newId();
    expect((await app.services.buildPreview(sproutId, third, await titled('Third title'))).ok).toBe(true);
    await announce(page, third, built.manifest);
    await frame.getByRole('heading', { name: 'Third title' }).waitFor();
    expect(asked).toEqual([hostile, third]);

    // Offline with the list in hand: the module cannot be fetched, so the page is kept (no reload to
    // the browser's error page) and says so; back online, the same announcement applies.
    const offline = newId();
    const later = await app.services.buildPreview(sproutId, offline, await titled('Offline title'));
    if (!later.ok || !later.manifest) throw new Error('the candidate did not build');
    await (await frameOf(page)).evaluate(() => ((window as any).__mark = 'same document'));
    await context.setOffline(true);
    await announce(page, offline, later.manifest);
    expect((await updatesFor(page, offline, 1))[0]).toMatchObject({ outcome: 'unreachable' });
    await context.setOffline(false);
    await announce(page, offline, later.manifest);
    await frame.getByRole('heading', { name: 'Offline title' }).waitFor();
    expect(await (await frameOf(page)).evaluate(() => (window as any).__mark)).toBe('same document');
    await finishRun(db.db, run.id, { status: 'stopped', tokensIn: 0, tokensInCached: 0, tokensOut: 0, fixRounds: 0 });
    await context.close();
  });
});
