import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestDb } from '@sprout/db/testing';
import { createVersion, finishRun, getVersionFiles, insertRun, newId, runtimeErrorFingerprint, seenRuntimeErrorFingerprints, type DbHandle } from '@sprout/db';
import { freePort, scaledTimeout } from '@sprout/testkit';
import { launchChromium } from '@sprout/testkit/browser';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { RUNTIME_ERRORS_PATH } from './runtime-reports';

// The bridge's runtime-error reports, for real: the API on a port, Chromium, and a stand-in for the
// web app that frames the preview and records what the frame posts to it, as the project page does.

let port: number;
let webPort: number;
let webServer: http.Server;
let db: DbHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let token: string;
let sproutId: string;
const hostSaw: { method: string; url: string; status: number; cookie?: string; origin?: string }[] = [];
const web = () => `http://localhost:${webPort}`;

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, any>;
}

// An app that throws when its button is pressed, and that has put a fetch of its own in the
// browser's place first, one that refuses the reports (the bridge reports with the browser's own,
// taken before the app ran).
const APP = (label: string) =>
  [
    'const real = window.fetch;',
    "window.fetch = (input, init) => (String(input).includes('runtime-errors') ? Promise.reject(new Error('the app’s own fetch')) : real(input, init));",
    '',
    'export default function App() {',
    '  return (',
    '    <main>',
    `      <h1>${label}</h1>`,
    `      <button onClick={() => { throw new Error('${label} broke'); }}>Break</button>`,
    '    </main>',
    '  );',
    '}',
    '',
  ].join('\n');

beforeAll(async () => {
  port = await freePort();
  webPort = await freePort();
  webServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sprout</title><body></body>'));
  await new Promise<void>((resolve) => webServer.listen(webPort, '127.0.0.1', resolve));
  db = await createTestDb();
  const config = loadConfig({ API_PORT: String(port), API_HOST: '127.0.0.1', WEB_URL: web(), PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent' });
  app = await buildApp({ config, db, logger: false });
  app.addHook('onResponse', async (req, reply) => {
    if (req.url === RUNTIME_ERRORS_PATH)
      hostSaw.push({ method: req.method, url: req.url, status: reply.statusCode, cookie: req.headers.cookie, origin: req.headers.origin });
  });
  await app.listen({ port, host: '127.0.0.1' });
  token = (await api('POST', '/v1/auth/register', { email: 'reports@example.com', password: 'correct horse battery', displayName: 'R' })).idToken;
  const files = {
    'client/index.html':
      '<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8" /><title>Thrower</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n',
    'client/src/main.tsx':
      "import { createRoot } from 'react-dom/client';\nimport App from './App';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n",
    'client/src/App.tsx': APP('Version one'),
  };
  sproutId = (await api('POST', '/v1/sprouts', { files: Object.entries(files).map(([name, content]) => ({ name, content })) })).id;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await db?.close();
  await new Promise((resolve) => webServer?.close(resolve));
});

const currentVersion = async () => (await api('GET', `/v1/sprouts/${sproutId}`)).currentVersionId as string;
const seenIn = async (versionId: string, message: string) =>
  (await seenRuntimeErrorFingerprints(db.db, versionId, [runtimeErrorFingerprint(message)])).size === 1;

type Posted = { type: string; message: string; load?: string; retold?: true };

/** The errors the frame has posted to the stand-in project page so far, once there are `n`. */
async function errorsPosted(page: Page, n: number): Promise<Posted[]> {
  const handle = await page.waitForFunction((count) => ((window as any).errors.length >= count ? (window as any).errors : null), n, {
    timeout: scaledTimeout(30_000),
  });
  return (await handle.jsonValue()) as Posted[];
}

/** The stand-in project page with the preview framed, recording the errors the frame posts; once `heading` shows. */
async function framedPreview(heading: string | RegExp) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${web()}/build/${sproutId}`);
  const url = (await api('POST', `/build/v1/sprouts/${sproutId}/preview-session`, {})).url as string;
  await page.evaluate((src) => {
    (window as any).errors = [];
    window.addEventListener('message', (e) => {
      if (e.data?.source === 'sprout-preview' && e.data.type === 'error') (window as any).errors.push(e.data);
    });
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    document.body.append(frame);
  }, url);
  const frame = page.frameLocator('iframe');
  await frame.getByRole('heading', { name: heading }).waitFor({ timeout: scaledTimeout(30_000) });
  return { context, page, frame };
}

/** A version announcement to the frame, as the project page posts it. */
async function announce(page: Page, versionId: string) {
  await page.evaluate(
    ({ id, origin }) => document.querySelector('iframe')!.contentWindow!.postMessage({ source: 'sprout-parent', type: 'version', versionId: id }, origin),
    { id: versionId, origin: `http://${sproutId}.preview.localhost:${port}` },
  );
}

/** A run of the current version whose candidate (App showing `label`) is built, not yet a version. */
async function runWithCandidate(label: string) {
  const base = await currentVersion();
  const files = (await getVersionFiles(db.db, base)).map((f) => (f.path === 'client/src/App.tsx' ? { ...f, content: APP(label) } : f));
  const owner = (await api('GET', '/v1/me')).id as string;
  const run = await insertRun(db.db, { id: newId(), sproutId, userId: owner, model: 'offline', baseVersionId: base });
  const candidate = newId();
  expect((await app.services.buildPreview(sproutId, candidate, files)).ok).toBe(true);
  return { owner, files, run, candidate };
}

/**
 * The run makes its candidate the version and the page hears of it: the error the page posted
 * untagged is told again with the version's tag, recorded for it first (the repair the page asks
 * for finds the record). Returns the retold error.
 */
async function becomesVersion(page: Page, made: Awaited<ReturnType<typeof runWithCandidate>>, untagged: Posted): Promise<Posted> {
  const { files, run, candidate } = made;
  await db.db.transaction((tx) => createVersion(tx, { sproutId, files, source: 'test', id: candidate }));
  await finishRun(db.db, run.id, { status: 'succeeded', resultVersionId: candidate, tokensIn: 0, tokensInCached: 0, tokensOut: 0, fixRounds: 0 });
  await announce(page, candidate);
  const retold = (await errorsPosted(page, 2))[1]!;
  expect(retold).toMatchObject({ message: untagged.message, retold: true });
  expect(await app.services.previewTokens.verify(retold.load!, 'load', sproutId)).toMatchObject({ versionId: candidate });
  expect(await seenIn(candidate, untagged.message)).toBe(true);
  return retold;
}

describe('the bridge’s runtime-error reports', () => {
  it('tell the preview host, for the version on screen, before the Sprout page hears of them', async () => {
    const { context, page, frame } = await framedPreview('Version one');
    const one = await currentVersion();

    await frame.getByRole('button', { name: 'Break' }).click();
    const [first] = await errorsPosted(page, 1);
    expect(first!.message).toContain('Version one broke');
    // Recorded already when the Sprout page hears of it: the repair it asks for finds the record.
    expect(await seenIn(one, first!.message)).toBe(true);
    expect(await seenIn(one, 'Uncaught Error: never thrown')).toBe(false);
    // From the page's own origin, with the person's preview cookie.
    expect(hostSaw).toEqual([
      expect.objectContaining({
        method: 'POST',
        status: 204,
        origin: `http://${sproutId}.preview.localhost:${port}`,
        cookie: expect.stringContaining('sprout_preview'),
      }),
    ]);

    // A new version, applied in place: its errors are recorded for it, not for the one before.
    const files = (await getVersionFiles(db.db, one)).map((f) => (f.path === 'client/src/App.tsx' ? { ...f, content: APP('Version two') } : f));
    const two = (await db.db.transaction((tx) => createVersion(tx, { sproutId, files, source: 'test' }))).id;
    await announce(page, two);
    await frame.getByRole('heading', { name: 'Version two' }).waitFor({ timeout: scaledTimeout(30_000) });
    await frame.getByRole('button', { name: 'Break' }).click();
    const second = (await errorsPosted(page, 2)).at(-1)!;
    expect(second.message).toContain('Version two broke');
    expect(second.load).not.toBe(first!.load);
    expect(await seenIn(two, second.message)).toBe(true);
    expect(await seenIn(one, second.message)).toBe(false);
    expect(hostSaw.map((h) => h.status)).toEqual([204, 204]);
    await context.close();
  });
  it('keeps an error hit on a run’s candidate (no tag yet) and tells it with the tag once the candidate is the version', async () => {
    const { context, page, frame } = await framedPreview('Version two');
    const made = await runWithCandidate('Candidate three');
    const { owner, files, candidate } = made;
    await announce(page, candidate);
    await frame.getByRole('heading', { name: 'Candidate three' }).waitFor({ timeout: scaledTimeout(30_000) });

    // Hit before the page has the version's tag (the run has just made it one): posted for the logs, untagged.
    const before = hostSaw.length;
    await frame.getByRole('button', { name: 'Break' }).click();
    const [untagged] = await errorsPosted(page, 1);
    expect(untagged).toMatchObject({ message: expect.stringContaining('Candidate three broke') });
    expect(untagged!.load).toBeUndefined();
    expect(hostSaw.length).toBe(before);

    await becomesVersion(page, made, untagged!);
    expect(hostSaw.slice(before).map((h) => h.status)).toEqual([204]);

    // A candidate that never becomes a version: its errors are never told for the one shown after it.
    const failing = await insertRun(db.db, { id: newId(), sproutId, userId: owner, model: 'offline', baseVersionId: candidate });
    const dropped = newId();
    const droppedFiles = files.map((f) => (f.path === 'client/src/App.tsx' ? { ...f, content: APP('Dropped four') } : f));
    expect((await app.services.buildPreview(sproutId, dropped, droppedFiles)).ok).toBe(true);
    await announce(page, dropped);
    await frame.getByRole('heading', { name: 'Dropped four' }).waitFor({ timeout: scaledTimeout(30_000) });
    await frame.getByRole('button', { name: 'Break' }).click();
    await errorsPosted(page, 3);
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
    await frame.getByRole('heading', { name: 'Candidate three' }).waitFor({ timeout: scaledTimeout(30_000) });
    await frame.getByRole('button', { name: 'Break' }).click();
    const after = await errorsPosted(page, 4);
    expect(after.map((e) => e.message.includes('Dropped four'))).toEqual([false, false, true, false]);
    expect(after.filter((e) => e.retold)).toHaveLength(1);
    expect(await seenIn(candidate, after[2]!.message)).toBe(false);
    await context.close();
  });

  it('tags the errors of a page first loaded as a run’s candidate (by name, no tag) once that candidate is the version', async () => {
    // Whichever version the tests before left current.
    const { context, page, frame } = await framedPreview(/^(Version|Candidate) /);
    const made = await runWithCandidate('Candidate five');
    const { candidate } = made;
    // The project page framed the preview while the run was checking its candidate: the frame's
    // first page is the candidate, by name, and the server gives such a page no tag.
    await page.evaluate((src) => {
      document.querySelector('iframe')!.src = src;
    }, `http://${sproutId}.preview.localhost:${port}/?version=${candidate}`);
    await frame.getByRole('heading', { name: 'Candidate five' }).waitFor({ timeout: scaledTimeout(30_000) });
    const before = hostSaw.length;
    await frame.getByRole('button', { name: 'Break' }).click();
    const [untagged] = await errorsPosted(page, 1);
    expect(untagged!.load).toBeUndefined();

    const retold = await becomesVersion(page, made, untagged!);

    // The same error hit again is posted with the tag at once (the host has it already).
    await frame.getByRole('button', { name: 'Break' }).click();
    expect((await errorsPosted(page, 3))[2]).toMatchObject({ message: untagged!.message, load: retold.load });
    expect(hostSaw.slice(before).map((h) => h.status)).toEqual([204]);
    await context.close();
  });
});
