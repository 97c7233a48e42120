import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEmails, clearDataset, getVersionFiles, newId } from '@sprout/db';
import type { ProjectFile } from '@sprout/preview';
import { scaledTimeout } from '@sprout/testkit';
import { loadConfig } from '../config';
import { CHECK_BUILD_GONE } from '../previews/check-cookie';
import { cachedPreviewBuild } from '../previews/preview-builds';
import { type Session, useTestApp } from '../testing';
import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import { CHECK_STOPPED, CHROMIUM_MISSING, ChromiumPool, type PoolAnswer } from './chromium-pool';
import { createRenderCheck, RENDER_CHECK_OFF, type RenderCheck, type RenderCheckDeps, type RenderCheckResult } from './render-check';

// The real thing: the API (in-process, PGlite), the preview builder, Debian's Chromium. One app and
// one pool (the app's own, concurrency 2) for the whole file.
const t = useTestApp({ RENDER_CHECK: 'on', RENDER_CHECK_CONCURRENCY: '2' });
let owner: Session;
let sproutId: string;
let starter: ProjectFile[];

beforeAll(async () => {
  owner = await t.register();
  const sprout = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: {} })).json();
  sproutId = sprout.id;
  starter = await getVersionFiles(t.db.db, sprout.currentVersionId);
});

/** Builds a candidate version (never stored) as a run does, with some files replaced; returns its id. */
async function candidate(changes: Record<string, string> = {}): Promise<string> {
  const versionId = newId();
  const files = [...starter.filter((f) => !(f.path in changes)), ...Object.entries(changes).map(([path, content]) => ({ path, content }))];
  const built = await t.app.services.buildPreview(sproutId, versionId, files);
  if (!built.ok) throw new Error(`the candidate does not build: ${JSON.stringify(built.errors)}`);
  return versionId;
}

const check = (versionId: string, extra: Partial<Parameters<RenderCheck>[0]> = {}) =>
  t.app.services.renderCheck({ sproutId, ownerId: owner.user.id, versionId, ...extra });

/** The app's own services, with some of the render check's settings changed. */
function checkerWith(change: Partial<RenderCheckDeps['config']>, pool = t.app.services.chromium): RenderCheck {
  const { config, previews, previewTokens, candidateRules } = t.app.services;
  return createRenderCheck({
    config: { ...config.renderCheck, previewDomain: config.previewDomain, appProtocol: config.appProtocol, ...change },
    pool,
    previewTokens,
    candidateRules,
    candidateBuild: async (id, versionId) => cachedPreviewBuild(previews, config.webOrigin, id, versionId),
    dispatch: (request) => t.app.inject({ ...request, method: request.method as 'GET' }),
    clearCheckData: (id) => clearDataset(t.db.db, { sproutId: id, dataset: 'check' }),
    checkEmails: (id) => checkEmails(t.db.db, id),
  });
}

const lineOf = (source: string, needle: string) => source.split('\n').findIndex((l) => l.includes(needle)) + 1;

/** Width and height of a baseline or progressive JPEG, from its frame header. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let i = 2;
  while (i < jpeg.length) {
    const marker = jpeg[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) return { height: jpeg.readUInt16BE(i + 5), width: jpeg.readUInt16BE(i + 7) };
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  throw new Error('not a JPEG');
}

function failed(result: RenderCheckResult) {
  if (result.status !== 'failed') throw new Error(`expected a failed check, got ${JSON.stringify({ ...result, thumbnail: undefined })}`);
  return result;
}

describe('a version that renders', () => {
  it('passes, with a small JPEG thumbnail of the page', async () => {
    const result = await check(await candidate());
    expect(result.status).toBe('passed');
    if (result.status !== 'passed') return;
    expect(result.durationMs).toBeGreaterThan(0);
    expect([...result.thumbnail.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(jpegSize(result.thumbnail)).toEqual({ width: 320, height: 200 });
    expect(result.thumbnail.length).toBeLessThan(40_000);
  });

  it('keeps what the page logged, for a model that views the preview', async () => {
    const app = `console.log('tasks loaded', 3);\nconsole.warn('slow');\n\nexport default function App() {\n  return <h1>Tasks</h1>;\n}\n`;
    const result = await check(await candidate({ 'client/src/App.tsx': app }));
    expect(result).toMatchObject({ status: 'passed' });
    if (result.status !== 'passed') return;
    expect(result.console).toEqual(
      expect.arrayContaining([
        { type: 'log', text: 'tasks loaded 3' },
        { type: 'warning', text: 'slow' },
      ]),
    );
  });
});

describe('a version that is broken at run time fails the check', () => {
  it('a component that throws on first render: its message, in client/src/App.tsx at the line', async () => {
    const app = `const tasks: string[] | null = null as string[] | null;

export default function App() {
  const open = tasks!.filter((t) => t.length > 0);
  return <ul>{open.map((t) => <li key={t}>{t}</li>)}</ul>;
}
`;
    const result = failed(await check(await candidate({ 'client/src/App.tsx': app })));
    expect(result.issues).toContainEqual({
      kind: 'error',
      message: "Uncaught TypeError: Cannot read properties of null (reading 'filter')",
      file: 'client/src/App.tsx',
      line: lineOf(app, '.filter('),
      column: expect.any(Number),
    });
    // The error is why the page is empty: it is not also reported as blank.
    expect(result.issues.map((i) => i.kind)).not.toContain('blank');
    expect(result.thumbnail).toBeInstanceOf(Buffer);
  });

  it('"Too many re-renders"', async () => {
    const app = `import { useState } from 'react';

export default function App() {
  const [count, setCount] = useState(0);
  setCount(count + 1);
  return <h1>{count}</h1>;
}
`;
    const result = failed(await check(await candidate({ 'client/src/App.tsx': app })));
    expect(result.issues[0]).toMatchObject({ kind: 'error', message: expect.stringContaining('Too many re-renders') });
  });

  it('an unhandled rejection in an effect', async () => {
    const app = `import { useEffect, useState } from 'react';

async function loadTasks(): Promise<string[]> {
  throw new Error('Could not load the tasks');
}

export default function App() {
  const [tasks, setTasks] = useState<string[]>([]);
  useEffect(() => {
    loadTasks().then(setTasks);
  }, []);
  return <h1>{tasks.length} tasks</h1>;
}
`;
    const result = failed(await check(await candidate({ 'client/src/App.tsx': app })));
    expect(result.issues).toEqual([
      {
        kind: 'rejection',
        message: 'Unhandled promise rejection: Error: Could not load the tasks',
        file: 'client/src/App.tsx',
        line: lineOf(app, 'throw new Error'),
        column: expect.any(Number),
      },
    ]);
  });

  it('a rejection from parsing a page that is not JSON says what the parser said', async () => {
    const app = `import { useEffect, useState } from 'react';

export default function App() {
  const [items, setItems] = useState<string[]>([]);
  useEffect(() => {
    fetch('/not-an-api').then((res) => res.json()).then(setItems);
  }, []);
  return <h1>{items.length} items</h1>;
}
`;
    const result = failed(await check(await candidate({ 'client/src/App.tsx': app })));
    expect(result.issues[0]).toMatchObject({ kind: 'rejection', message: expect.stringMatching(/^Unhandled promise rejection: SyntaxError: .*JSON/) });
  });

  it('an import of a module file that is not there', async () => {
    const app = `import { useEffect, useState } from 'react';

export default function App() {
  const [chart, setChart] = useState<string>('loading');
  useEffect(() => {
    const url = '/modules/chart.js';
    import(/* @vite-ignore */ url).then((m) => setChart(String(m.default)));
  }, []);
  return <h1>Chart: {chart}</h1>;
}
`;
    const result = failed(await check(await candidate({ 'client/src/App.tsx': app })));
    expect(result.issues).toContainEqual({
      kind: 'module',
      message: 'Failed to load the script /modules/chart.js: 404 Not Found',
      file: null,
      line: null,
      column: null,
    });
    expect(result.issues.filter((i) => i.kind === 'module')).toHaveLength(1);
  });

  it("React's own error report, for an error an error boundary caught", async () => {
    const app = `import { Component, type ReactNode } from 'react';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p>Something went wrong.</p> : this.props.children;
  }
}

function Chart(): ReactNode {
  throw new Error('No data for the chart');
}

export default function App() {
  return (
    <Boundary>
      <Chart />
    </Boundary>
  );
}
`;
    const result = failed(await check(await candidate({ 'client/src/App.tsx': app })));
    expect(result.issues).toEqual([
      {
        kind: 'react',
        message: expect.stringMatching(/^Error: No data for the chart[\s\S]*The above error occurred in the <Chart> component/),
        file: 'client/src/App.tsx',
        line: lineOf(app, "throw new Error('No data"),
        column: expect.any(Number),
      },
    ]);
  });

  it('an app that renders nothing is blank', async () => {
    const result = failed(await check(await candidate({ 'client/src/App.tsx': 'export default function App() {\n  return null;\n}\n' })));
    expect(result.issues).toEqual([{ kind: 'blank', message: expect.stringContaining('#root is empty'), file: null, line: null, column: null }]);
  });

  it('a page that never stops working times out, and the pool carries on', async () => {
    const app = `import { useEffect } from 'react';

export default function App() {
  useEffect(() => {
    for (;;) {}
  }, []);
  return <h1>Busy</h1>;
}
`;
    const result = failed(
      // Time for the page to load on a loaded machine: one still loading at the limit is skipped; the loop starts once it has loaded.
      await checkerWith({ timeoutMs: scaledTimeout(3000) })({ sproutId, ownerId: owner.user.id, versionId: await candidate({ 'client/src/App.tsx': app }) }),
    );
    expect(result.issues.map((i) => i.kind)).toEqual(['timeout']);
    expect((await check(await candidate())).status).toBe('passed');
  });
});

describe('a busy server', () => {
  it('skips a page that is only slow to load, rather than failing the app', async () => {
    // The API answers the page later than the whole check may take, as a server with no time to spare.
    // (The candidate's own modules come from its build in memory, not through the API: check-static.ts.)
    const slow: RenderCheckDeps['dispatch'] = async (request) => {
      await new Promise((r) => setTimeout(r, 1500));
      return t.app.inject({ ...request, method: request.method as 'GET' });
    };
    const { config, previews, previewTokens, candidateRules } = t.app.services;
    const checker = createRenderCheck({
      config: { ...config.renderCheck, previewDomain: config.previewDomain, appProtocol: config.appProtocol, timeoutMs: 1000 },
      pool: t.app.services.chromium,
      previewTokens,
      candidateRules,
      candidateBuild: async (id, versionId) => cachedPreviewBuild(previews, config.webOrigin, id, versionId),
      dispatch: slow,
      clearCheckData: (id) => clearDataset(t.db.db, { sproutId: id, dataset: 'check' }),
      checkEmails: (id) => checkEmails(t.db.db, id),
    });
    const result = await checker({ sproutId, ownerId: owner.user.id, versionId: await candidate() });
    expect(result).toEqual({ status: 'skipped', reason: 'The page took longer than 1 s to load on the server.' });
  });
});

describe('the app backend under the check', () => {
  const app = `import { useEffect, useState } from 'react';
import { db, useCollection } from '@/lib/sprout';

const notes = db.collection<{ text: string }>('notes');

export default function App() {
  const { data, loading, error } = useCollection<{ text: string }>('notes');
  const [saved, setSaved] = useState(false);
  if (error) throw error;
  if (document.cookie.includes('sprout_render_check')) throw new Error('the check token reached the page');
  useEffect(() => {
    notes.add({ text: 'written during the render check' }).then(() => setSaved(true));
  }, []);
  return (
    <main>
      <h1>Notes</h1>
      <p>{loading ? 'Loading' : \`\${data.length} notes\`}</p>
      {saved && <p>Saved</p>}
    </main>
  );
}
`;

  it("works as the owner's preview: reads and writes succeed, in the test data", async () => {
    const result = await check(await candidate({ 'client/src/App.tsx': app }));
    expect(result.status === 'skipped' ? result.reason : result.status === 'failed' ? result.issues : 'passed').toBe('passed');
    const stored = await t.api('GET', `/build/v1/sprouts/${sproutId}/data/test/collections/notes`, { token: owner.idToken });
    expect(stored.statusCode).toBe(200);
    expect(JSON.stringify(stored.json())).toContain('written during the render check');
  });

  it("follows the candidate's own data rules when it brings them", async () => {
    const versionId = await candidate({ 'client/src/App.tsx': app });
    const rules = JSON.stringify({ collections: { notes: { create: 'nobody' } } });
    const result = failed(await check(versionId, { dataRules: rules }));
    // The client library throws the backend's refusal: the rejection is placed where it is thrown.
    expect(result.issues).toEqual([
      {
        kind: 'rejection',
        message: 'Unhandled promise rejection: SproutError: Sign in to add to "notes", or ask the app\'s owner.',
        file: 'client/src/lib/sprout.ts',
        line: expect.any(Number),
        column: expect.any(Number),
      },
    ]);
  });
});

describe('the checked page reaches nothing but its own origin', () => {
  let server: http.Server;
  const seen: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(200, { 'access-control-allow-origin': '*' }).end('pong');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server?.close(resolve)));

  it('requests to other hosts (the server’s own network included) are refused and do not fail the check', async () => {
    const port = (server.address() as AddressInfo).port;
    const app = `import { useEffect, useState } from 'react';

export default function App() {
  const [answer, setAnswer] = useState('asking');
  useEffect(() => {
    fetch('http://127.0.0.1:${port}/fetch').then((r) => r.text()).then(setAnswer, () => setAnswer('refused'));
    fetch('http://localhost:${port}/localhost').catch(() => undefined);
    new WebSocket('ws://127.0.0.1:${port}/socket').onerror = () => undefined;
  }, []);
  return (
    <main>
      <h1>{answer}</h1>
      <img src="http://127.0.0.1:${port}/image.png" alt="" />
    </main>
  );
}
`;
    const result = await check(await candidate({ 'client/src/App.tsx': app }));
    expect(result.status).toBe('passed');
    expect(seen).toEqual([]);
  });
});

describe('checks share one browser, a few at a time', () => {
  it('six checks at once with a concurrency of 2 all complete', async () => {
    const versionId = await candidate();
    const pool = t.app.services.chromium;
    let maxActive = 0;
    let maxQueued = 0;
    const sampler = setInterval(() => {
      const s = pool.stats();
      maxActive = Math.max(maxActive, s.active);
      maxQueued = Math.max(maxQueued, s.queued);
    }, 2);
    const launchesBefore = pool.stats().launches;
    try {
      const results = await Promise.all(Array.from({ length: 6 }, () => check(versionId)));
      expect(results.map((r) => r.status)).toEqual(Array(6).fill('passed'));
    } finally {
      clearInterval(sampler);
    }
    expect(maxActive).toBeLessThanOrEqual(2);
    expect(maxQueued).toBeGreaterThan(0);
    // Each slot is free once its context has closed, which the answers do not wait for.
    await expect.poll(() => pool.stats().active).toBe(0);
    expect(pool.stats()).toEqual({ active: 0, queued: 0, launches: launchesBefore });
  });
});

describe('behaviour checks beside the render check', () => {
  it('run with a pool of one: they never hold the slot the render check needs to load its page', async () => {
    // The render check asks for the slot first; here its request arrives late (as the order of two
    // file-system probes may make it), so the behaviour check is first in line: the order in which a
    // pool of one once deadlocked (the behaviour check held the slot, waiting for the render's page).
    class LateFirstRequest extends ChromiumPool {
      private first = true;
      override async withContext<T>(...args: Parameters<ChromiumPool['withContext']>): Promise<PoolAnswer<T>> {
        if (this.first) {
          this.first = false;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        return super.withContext(...(args as [BrowserContextOptions, (context: BrowserContext) => Promise<T>, AbortSignal?]));
      }
    }
    const one = new LateFirstRequest({ executablePath: t.app.services.config.renderCheck.chromiumPath, concurrency: 1 });
    const checker = checkerWith({}, one);
    try {
      const result = await checker({
        sproutId,
        ownerId: owner.user.id,
        versionId: await candidate(),
        checks: [{ file: 'checks/title.json', name: 'Shows the title', steps: [{ do: 'expectText', text: 'Sprout starter' }] }],
      });
      expect(result.status).toBe('passed');
      expect(result.status === 'passed' ? result.checks?.map((c) => [c.name, c.ok]) : null).toEqual([['Shows the title', true]]);
    } finally {
      await one.close();
    }
  });
});

describe('what the check cannot judge is skipped, never failed', () => {
  it('without Chromium (CHROMIUM_PATH=/nonexistent)', async () => {
    const config = loadConfig({ CHROMIUM_PATH: '/nonexistent/chromium' });
    const pool = new ChromiumPool({ executablePath: config.renderCheck.chromiumPath, concurrency: config.renderCheck.concurrency });
    expect(await pool.probe()).toEqual({ ok: false, reason: CHROMIUM_MISSING });
    expect(await checkerWith({}, pool)({ sproutId, ownerId: owner.user.id, versionId: await candidate() })).toEqual({
      status: 'skipped',
      reason: 'Chromium is not installed on the server (apt-get install chromium)',
    });
    await pool.close();
  });

  it('a version that was never built (or left the build cache)', async () => {
    expect(await check(newId())).toEqual({ status: 'skipped', reason: CHECK_BUILD_GONE });
  });

  it('with RENDER_CHECK=off', async () => {
    expect(loadConfig({ RENDER_CHECK: 'off' }).renderCheck.enabled).toBe(false);
    expect(await checkerWith({ enabled: false })({ sproutId, ownerId: owner.user.id, versionId: await candidate() })).toEqual({
      status: 'skipped',
      reason: RENDER_CHECK_OFF,
    });
  });

  it('a check stopped by its run', async () => {
    const stopped = new AbortController();
    stopped.abort();
    expect(await check(await candidate(), { signal: stopped.signal })).toEqual({ status: 'skipped', reason: CHECK_STOPPED });
  });
});
