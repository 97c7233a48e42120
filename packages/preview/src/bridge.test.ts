import { readdirSync, readFileSync } from 'node:fs';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_INCLUDES, bridgeScript, withIncludes } from './bridge';

/** Runs the bridge in a bare window stand-in and records what it posts. */
function runBridge(options: {
  framed: boolean;
  path?: string;
  /** The address's query (`?version=…` for a page loaded by name). */
  search?: string;
  height?: number;
  storageBlocked?: boolean;
  load?: string;
  /** The version the server named in the page. */
  version?: string;
  allowed?: string[];
  navigator?: unknown;
  /** How the preview host answers a runtime-error report (by default at once, 204). */
  host?: () => Promise<unknown>;
}) {
  // The hot update client replaces the tag when it applies a version.
  const tag = { load: options.load };
  const posted: { message: Record<string, unknown>; target: string }[] = [];
  // Route reports come on their own (one at start, one per change of address).
  const routes: { message: Record<string, unknown>; target: string }[] = [];
  const listeners: Record<string, ((event: unknown) => void)[]> = {};
  const logged: unknown[][] = [];
  // What the bridge told the preview host.
  const told: { url: string; init: { method: string; headers: Record<string, string>; body: string; credentials: string } }[] = [];
  const parent = {
    postMessage: (message: Record<string, unknown>, target: string) => (message.source === 'sprout-preview-route' ? routes : posted).push({ message, target }),
  };
  const window: Record<string, unknown> = {
    addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] ??= []).push(fn),
  };
  window.parent = options.framed ? parent : window;
  const console = Object.fromEntries(['log', 'info', 'warn', 'error', 'debug'].map((l) => [l, (...args: unknown[]) => logged.push([l, ...args])]));
  const scrolled: [number, number][] = [];
  Object.assign(window, { scrollX: 0, scrollY: 0, innerHeight: 800, scrollTo: (x: number, y: number) => scrolled.push([x, y]) });
  const blocked = () => {
    throw new Error('SecurityError: Access is denied for this document.');
  };
  for (const name of ['localStorage', 'sessionStorage']) {
    if (options.storageBlocked) Object.defineProperty(window, name, { get: blocked, configurable: true });
    else window[name] = { getItem: () => null };
  }
  const document = {
    documentElement: { scrollHeight: options.height ?? 4000 },
    // The page's load tag, when the server gave one.
    querySelector: (selector: string) =>
      selector === 'meta[name="sprout-load"]' && options.load
        ? { getAttribute: () => tag.load }
        : selector === 'meta[name="sprout-version"]' && options.version
          ? { getAttribute: () => options.version }
          : null,
    featurePolicy: { allowsFeature: (feature: string) => (options.allowed ?? []).includes(feature) },
  };
  const location = {
    origin: 'http://p.preview.localhost:3001',
    pathname: options.path ?? '/',
    search: options.search ?? '',
    hash: '',
    get href() {
      return `${this.origin}${this.pathname}${this.search}${this.hash}`;
    },
    reloads: 0,
    reload: () => (location.reloads += 1),
    replaced: [] as string[],
    replace: (url: string) => location.replaced.push(url),
  };
  const history = {
    pushState: (_state: unknown, _title: string, url: string) => {
      const parsed = new URL(url, 'http://p.preview.localhost:3001');
      Object.assign(location, { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash });
    },
    replaceState: () => undefined,
  };
  const context = vm.createContext({
    window,
    console,
    location,
    history,
    document,
    setTimeout,
    fetch: (url: string, init: (typeof told)[number]['init']) => {
      if (url !== '/_sprout/runtime-errors') return Promise.resolve({ ok: false });
      told.push({ url, init });
      return options.host ? options.host() : Promise.resolve({ ok: true, status: 204 });
    },
    Promise,
    JSON,
    URL,
    Date,
    Error,
    Object,
    Array,
    String,
    Node: class {},
    ...(options.navigator ? { navigator: options.navigator } : {}),
  });
  vm.runInContext(bridgeScript('http://localhost:3000/some/path'), context);
  // Everything the bridge has started (its promise queue, its timers) runs to the end: the clock is a fake one.
  const settle = () => vi.runAllTimersAsync();
  return {
    posted,
    told,
    context,
    routes,
    listeners,
    logged,
    console: context.console as Record<string, (...a: unknown[]) => void>,
    original: console,
    settle,
    scrolled,
    window,
    location,
    history: context.history as typeof history,
    parent,
    tag,
  };
}

describe('the runtime bridge', () => {
  // The bridge runs on the test's fake clock: its debounces and retries are stepped through, not waited for.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('forwards console output to the web origin only, and still logs it', async () => {
    const b = runBridge({ framed: true });
    b.console.log!('hello', { n: 1 }, [1, 2]);
    b.console.warn!('careful');
    await b.settle();
    expect(b.posted.map((p) => p.target)).toEqual(['http://localhost:3000', 'http://localhost:3000']);
    expect(b.posted[0]!.message).toMatchObject({ source: 'sprout-preview', type: 'console', level: 'log', message: 'hello {"n":1} [1,2]', location: null });
    expect(b.posted[1]!.message).toMatchObject({ level: 'warn', message: 'careful' });
    expect(b.logged).toEqual([
      ['log', 'hello', { n: 1 }, [1, 2]],
      ['warn', 'careful'],
    ]);
  });

  it('forwards uncaught errors and unhandled rejections with what is known of their location', async () => {
    const b = runBridge({ framed: true, load: 'tag-of-this-load' });
    b.listeners.error![0]!({
      message: 'Uncaught Error: boom',
      filename: 'http://p.preview.localhost:3001/_sprout/build/v/main-X.js',
      lineno: 3,
      colno: 7,
      error: null,
    });
    b.listeners.unhandledrejection![0]!({ reason: 'nope' });
    await b.settle();
    expect(b.posted.map((p) => p.message)).toEqual([
      expect.objectContaining({
        type: 'error',
        level: 'error',
        message: 'Uncaught Error: boom',
        location: { file: '/_sprout/build/v/main-X.js', line: 3, column: 7 },
        load: 'tag-of-this-load',
      }),
      expect.objectContaining({ type: 'unhandledrejection', message: 'Unhandled promise rejection: nope', location: null, load: 'tag-of-this-load' }),
    ]);
  });

  it('handles circular values and stops forwarding a flood', async () => {
    const b = runBridge({ framed: true });
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    b.console.log!(loop);
    for (let i = 0; i < 600; i++) b.console.log!(i);
    await b.settle();
    expect(b.posted[0]!.message.message).toBe('{"a":1,"self":"[Circular]"}');
    // A page served without a tag sends none.
    expect(b.posted[0]!.message).not.toHaveProperty('load');
    expect(b.posted).toHaveLength(501);
    expect(b.posted[500]!.message.message).toContain('too many messages');
  });

  it('does nothing when the page is not framed', async () => {
    const b = runBridge({ framed: false });
    // Nothing was installed that could post later: no listener, console untouched.
    expect(b.listeners).toEqual({});
    expect(b.console).toBe(b.original);
    b.console.log!('alone');
    await b.settle();
    expect(b.posted).toEqual([]);
  });

  it('reports where the app is scrolled to the web origin, and scrolls back when the web origin asks', async () => {
    const b = runBridge({ framed: true, path: '/tasks' });
    Object.assign(b.window, { scrollX: 0, scrollY: 1200 });
    b.listeners.scroll![0]!({});
    expect(b.posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(b.posted.at(-1)).toEqual({ message: { source: 'sprout-preview-scroll', path: '/tasks', x: 0, y: 1200 }, target: 'http://localhost:3000' });

    const restore = { source: 'sprout-parent', type: 'restore-scroll', path: '/tasks', x: 0, y: 1500 };
    b.listeners.message![0]!({ origin: 'http://evil.example', source: b.parent, data: restore });
    b.listeners.message![0]!({ origin: 'http://localhost:3000', source: b.parent, data: { ...restore, path: '/other' } });
    // Right origin, but not the parent window (another frame of the Sprout page): ignored.
    b.listeners.message![0]!({ origin: 'http://localhost:3000', source: {}, data: restore });
    expect(b.scrolled).toEqual([]);
    b.listeners.message![0]!({ origin: 'http://localhost:3000', source: b.parent, data: restore });
    expect(b.scrolled).toEqual([[0, 1500]]);
  });

  it('waits for the app to grow tall enough, and gives way to the person scrolling', async () => {
    const data = { source: 'sprout-parent', type: 'restore-scroll', path: '/', x: 0, y: 1500 };
    const b = runBridge({ framed: true, height: 900 });
    b.listeners.message![0]!({ origin: 'http://localhost:3000', source: b.parent, data });
    expect(b.scrolled).toEqual([]);
    for (const fn of b.listeners.wheel!) fn({});
    // Every retry it had planned has run: none scrolled.
    await b.settle();
    expect(b.scrolled).toEqual([]);

    // Left alone, it waits while the page is too short (2 s at most), then scrolls anyway.
    const alone = runBridge({ framed: true, height: 900 });
    alone.listeners.message![0]!({ origin: 'http://localhost:3000', source: alone.parent, data });
    await vi.advanceTimersByTimeAsync(1950);
    expect(alone.scrolled).toEqual([]);
    await alone.settle();
    expect(alone.scrolled).toEqual([[0, 1500]]);
  });

  it('gives the app working in-memory storage when the browser refuses it', () => {
    const b = runBridge({ framed: true, storageBlocked: true });
    const storage = b.window.localStorage as Storage;
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
    expect(storage.length).toBe(1);
    expect((b.window.sessionStorage as Storage).getItem('k')).toBeNull();
  });

  it('tells the Sprout page when the app reaches for a feature the frame was not given, and still makes the call', async () => {
    const calls: unknown[] = [];
    const navigator = {
      mediaDevices: { getUserMedia: (c: unknown) => (calls.push(c), 'media') },
      geolocation: { getCurrentPosition: () => 'here', watchPosition: () => 1 },
      clipboard: { readText: () => 'text' },
    };
    const { posted } = runBridge({ framed: true, allowed: ['microphone'], navigator });
    const asks = () => posted.filter((p) => p.message.source === 'sprout-preview-permission').map((p) => [p.message.permissions, p.target]);
    expect(navigator.mediaDevices.getUserMedia({ video: true, audio: true })).toBe('media');
    expect(calls).toEqual([{ video: true, audio: true }]);
    expect(navigator.geolocation.getCurrentPosition()).toBe('here');
    expect(navigator.clipboard.readText()).toBe('text');
    // The microphone was delegated already: only the rest is asked for, and only to the web origin.
    expect(asks()).toEqual([
      [['camera'], 'http://localhost:3000'],
      [['geolocation'], 'http://localhost:3000'],
      [['clipboard-read'], 'http://localhost:3000'],
    ]);
  });

  it('reports the app’s route (path, query and hash) on load and on every change, to the web origin only', () => {
    const b = runBridge({ framed: true, path: '/tasks' });
    expect(b.routes).toEqual([{ message: { source: 'sprout-preview-route', path: '/tasks' }, target: 'http://localhost:3000' }]);
    b.history.pushState({}, '', '/tasks/12?tab=2#notes');
    b.location.hash = '#other';
    for (const fn of b.listeners.hashchange!) fn({});
    // The same address twice is one report.
    for (const fn of b.listeners.popstate!) fn({});
    expect(b.routes.map((r) => r.message.path)).toEqual(['/tasks', '/tasks/12?tab=2#notes', '/tasks/12?tab=2#other']);
  });

  it('hands a new version from the Sprout page to the hot update client, or reloads without one', () => {
    const b = runBridge({ framed: true, version: 'v1' });
    const version = { source: 'sprout-parent', type: 'version', versionId: 'v2' };
    // The version on screen is not new: nothing to do (no reload loop on a page without the client).
    b.listeners.message![0]!({ origin: 'http://localhost:3000', source: b.parent, data: { ...version, versionId: 'v1' } });
    expect(b.location.reloads).toBe(0);
    b.listeners.message![0]!({ origin: 'http://localhost:3000', source: b.parent, data: version });
    expect(b.location.reloads).toBe(1);
    const applied: string[] = [];
    b.window.__sproutHmr = { apply: (id: string) => applied.push(id) };
    b.listeners.message![0]!({ origin: 'http://localhost:3000', source: b.parent, data: version });
    // Not from the Sprout page: nothing happens.
    b.listeners.message![0]!({ origin: 'http://evil.example', source: b.parent, data: { ...version, versionId: 'v3' } });
    b.listeners.message![0]!({ origin: 'http://localhost:3000', source: {}, data: { ...version, versionId: 'v4' } });
    b.listeners.message![0]!({ origin: 'http://localhost:3000', source: b.parent, data: { ...version, versionId: 5 } });
    expect(applied).toEqual(['v2']);
    expect(b.location.reloads).toBe(1);
    b.listeners.message![0]!({ origin: 'http://localhost:3000', source: b.parent, data: { source: 'sprout-parent', type: 'reload' } });
    expect(b.location.reloads).toBe(2);
  });

  it('loads a page loaded by name again by the name of the version it must show, never the old one', () => {
    // A build error page (no hot update client) loaded as ?version=v1; the person went back to v3.
    const b = runBridge({ framed: true, version: 'v1', search: '?version=v1&tab=2' });
    b.listeners.message![0]!({ origin: 'http://localhost:3000', source: b.parent, data: { source: 'sprout-parent', type: 'version', versionId: 'v3' } });
    expect(b.location.replaced).toEqual(['http://p.preview.localhost:3001/?version=v3&tab=2']);
    expect(b.location.reloads).toBe(0);
    // Reload shows the version on screen: the name in the address may be an older one.
    b.listeners.message![0]!({ origin: 'http://localhost:3000', source: b.parent, data: { source: 'sprout-parent', type: 'reload' } });
    expect(b.location.reloads).toBe(1);
    const stale = runBridge({ framed: true, version: 'v4', search: '?version=v2' });
    stale.listeners.message![0]!({ origin: 'http://localhost:3000', source: stale.parent, data: { source: 'sprout-parent', type: 'reload' } });
    expect(stale.location.replaced).toEqual(['http://p.preview.localhost:3001/?version=v4']);
  });

  it('passes on what the hot update client did, and tags reports with the version now on screen', async () => {
    const b = runBridge({ framed: true, load: 'tag-v1' });
    const bridge = b.window.__sproutBridge as { update: (m: unknown) => void };
    bridge.update({ versionId: 'v2', outcome: 'hot', files: ['client/src/App.tsx'], reason: null });
    expect(b.posted.at(-1)).toEqual({
      message: { source: 'sprout-preview-update', versionId: 'v2', outcome: 'hot', files: ['client/src/App.tsx'], reason: null },
      target: 'http://localhost:3000',
    });
    b.tag.load = 'tag-v2';
    b.console.error!('after the update');
    await b.settle();
    expect(b.posted.at(-1)!.message).toMatchObject({ type: 'console', load: 'tag-v2' });
  });

  it('tells the preview host of each error first, with the tag of the version on screen, then the Sprout page', async () => {
    let answer = () => {};
    const b = runBridge({ framed: true, load: 'tag-v1', host: () => new Promise((resolve) => (answer = () => resolve({ ok: true, status: 204 }))) });
    b.listeners.error![0]!({ message: 'Uncaught Error: boom', error: null });
    await vi.advanceTimersByTimeAsync(10);
    expect(b.told).toHaveLength(1);
    expect(b.told[0]!.init).toEqual({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ load: 'tag-v1', message: 'Uncaught Error: boom' }),
      credentials: 'same-origin',
    });
    // The Sprout page hears of it only once the host has it: a repair it asks for finds the record.
    expect(b.posted).toEqual([]);
    answer();
    await b.settle();
    expect(b.posted.map((p) => p.message)).toEqual([expect.objectContaining({ type: 'error', message: 'Uncaught Error: boom', load: 'tag-v1' })]);
  });

  it('tells the host each distinct error once per version shown, at most ten, and never console output', async () => {
    const b = runBridge({ framed: true, load: 'tag-v1' });
    const fail = (message: string) => b.listeners.error![0]!({ message, error: null });
    fail('Uncaught Error: same');
    fail('Uncaught Error: same');
    b.listeners.unhandledrejection![0]!({ reason: 'nope' });
    b.console.error!('logged, not thrown');
    for (let i = 0; i < 20; i++) fail(`Uncaught Error: ${i}`);
    await b.settle();
    const messages = () => b.told.map((t) => JSON.parse(t.init.body).message);
    expect(messages()).toEqual(['Uncaught Error: same', 'Unhandled promise rejection: nope', ...Array.from({ length: 8 }, (_, i) => `Uncaught Error: ${i}`)]);
    // Every one still reaches the Sprout page.
    expect(b.posted.filter((p) => p.message.type !== 'console')).toHaveLength(23);
    // A hot update shows another version: its errors are told again.
    b.tag.load = 'tag-v2';
    fail('Uncaught Error: same');
    await b.settle();
    expect(JSON.parse(b.told.at(-1)!.init.body)).toEqual({ load: 'tag-v2', message: 'Uncaught Error: same' });
  });

  it('tells the host nothing without a tag; a host slower than 3 s gets the error shown untagged, then retold with the tag once it has it', async () => {
    const untagged = runBridge({ framed: true });
    untagged.listeners.error![0]!({ message: 'Uncaught Error: boom', error: null });
    await untagged.settle();
    expect(untagged.told).toEqual([]);
    expect(untagged.posted).toHaveLength(1);

    let answer = () => {};
    const slow = runBridge({ framed: true, load: 'tag-v1', host: () => new Promise((resolve) => (answer = () => resolve({ ok: true, status: 204 }))) });
    slow.listeners.error![0]!({ message: 'Uncaught Error: boom', error: null });
    await vi.advanceTimersByTimeAsync(2900);
    expect(slow.posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    // Shown in the logs, but not yet something a repair can be asked for: the host has no record.
    expect(slow.posted.map((p) => p.message)).toEqual([expect.objectContaining({ type: 'error', message: 'Uncaught Error: boom' })]);
    expect(slow.posted[0]!.message).not.toHaveProperty('load');
    // A later error is not held behind the slow one.
    slow.console.log!('after');
    await vi.advanceTimersByTimeAsync(10);
    expect(slow.posted.at(-1)!.message).toMatchObject({ type: 'console', message: 'after' });
    answer();
    await slow.settle();
    expect(slow.posted.at(-1)!.message).toMatchObject({ type: 'error', message: 'Uncaught Error: boom', load: 'tag-v1', retold: true });
  });

  it('tells the host with the browser’s own fetch, whatever the app puts in its place', async () => {
    const b = runBridge({ framed: true, load: 'tag-v1' });
    const replaced: unknown[] = [];
    (b.context as { fetch: unknown }).fetch = (...args: unknown[]) => (replaced.push(args), Promise.resolve({ ok: false }));
    b.listeners.error![0]!({ message: 'Uncaught Error: boom', error: null });
    await b.settle();
    expect(b.told).toHaveLength(1);
    expect(replaced).toEqual([]);
  });
});

describe('the bridge’s includes', () => {
  const parts: Record<string, string> = { 'a.js': 'function a() {}', 'b.js': 'var b = 2;' };
  const read = (name: string) => parts[name]!;

  it('puts each file in place of its own line, in the runtime’s scope', () => {
    const runtime = '(function () {\n  /* @include a.js: a */\n  a();\n  /* @include b.js */\n})();';
    expect(withIncludes(runtime, ['a.js', 'b.js'], read)).toBe('(function () {\nfunction a() {}\n  a();\nvar b = 2;\n})();');
  });

  it('refuses a runtime that lost a file’s line, or names a file it is not given', () => {
    expect(() => withIncludes('/* @include a.js */\n', ['a.js', 'b.js'], read)).toThrow('bridge-runtime.js has lost its @include line for b.js');
    // A line that only starts like the file's name is not its line.
    expect(() => withIncludes('/* @include a.jsx */\n/* @include b.js */\n', ['a.js', 'b.js'], read)).toThrow('lost its @include line for a.js');
    expect(() => withIncludes('/* @include a.js */\n  /* @include c.js: c */\n', ['a.js'], read)).toThrow(
      'bridge-runtime.js includes c.js, which bridge.ts does not put in',
    );
  });

  it('makes the page’s bridge of the runtime and its parts, the element picker’s own parts before the picker', () => {
    expect(BRIDGE_INCLUDES).toEqual([
      'bridge-source-maps.js',
      'bridge-element-picker-facts.js',
      'bridge-element-picker-overlay.js',
      'bridge-element-picker-changes.js',
      'bridge-element-picker-selection.js',
      'bridge-element-picker.js',
      'bridge-storage.js',
      'bridge-permissions.js',
    ]);
    const code = bridgeScript('http://localhost:3000');
    expect(code).not.toContain('@include');
    expect(code).toContain('sprout-preview-element');
    expect(code).toContain('data-sprout-loc');
  });

  it('puts in every bridge file of its folder, in the order of the runtime’s lines', () => {
    const folder = new URL('.', import.meta.url);
    const files = readdirSync(folder).filter((name) => /^bridge.*\.js$/.test(name) && name !== 'bridge-runtime.js');
    expect([...BRIDGE_INCLUDES].sort()).toEqual(files.sort());
    const runtime = readFileSync(new URL('bridge-runtime.js', folder), 'utf8');
    const lines = Array.from(runtime.matchAll(/^ *\/\* @include (\S+?):?(?:\s|\*\/)/gm), (m) => m[1]);
    expect(lines).toEqual([...BRIDGE_INCLUDES]);
  });
});

describe('the element picker in the bridge', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('listens to nothing and changes nothing until the Sprout page asks, and takes only its messages', async () => {
    const b = runBridge({ framed: true, version: 'v1' });
    const types = Object.keys(b.listeners).sort();
    expect(types).toEqual(['error', 'hashchange', 'keydown', 'message', 'popstate', 'scroll', 'touchstart', 'unhandledrejection', 'wheel']);
    // A version applied with nothing picked, selected or shown: only the update is told.
    (b.window.__sproutBridge as { update: (m: unknown) => void }).update({ versionId: 'v2', outcome: 'hot', files: [], reason: null });
    await b.settle();
    expect(b.posted.map((p) => p.message.source)).toEqual(['sprout-preview-update']);
    // The picker's messages are its own (never a version or a reload), from the Sprout page only, and never throw into the page.
    const from = (origin: string, data: unknown) => b.listeners.message![0]!({ origin, source: b.parent, data });
    from('http://evil.example', { source: 'sprout-parent', type: 'pick', on: true });
    from('http://localhost:3000', { source: 'sprout-parent', type: 'clear-preview-changes' });
    from('http://localhost:3000', { source: 'sprout-parent', type: 'preview-change', loc: 5, change: null });
    from('http://localhost:3000', { source: 'sprout-parent', type: 'select', loc: null });
    await b.settle();
    expect(Object.keys(b.listeners).sort()).toEqual(types);
    expect(b.location.reloads).toBe(0);
    expect(b.posted).toHaveLength(1);
  });
});
