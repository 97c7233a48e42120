import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { launchChromium } from '@sprout/testkit/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, testBuilder, withFiles } from './testing';
import type { BuildSuccess, BuiltAsset } from './types';

// Visual edits' element picker (bridge-element-picker.js) on a real preview page: a small app built by
// this builder (unbundled modules, so every element carries its place in the source), served on one
// origin and framed by a stand-in for the Sprout page on another, which drives it with postMessage as
// the project page does and records what the preview tells it.

const APP = [
  "import { useState } from 'react';",
  "import { TaskList } from './TaskList';",
  "import logo from './logo.svg';",
  '',
  'export default function App() {',
  '  const [clicks, setClicks] = useState(0);',
  '  return (',
  '    <main className="p-4">',
  '      <h1 className="text-2xl" onClick={() => setClicks((c) => c + 1)}>Tasks</h1>',
  '      <p id="clicks">Clicked {clicks} times</p>',
  '      <TaskList />',
  '      <img src={logo} alt="Logo" width={40} height={40} />',
  '      <div style={{ height: 2000 }} />',
  '    </main>',
  '  );',
  '}',
  '',
].join('\n');

const TASK_LIST = [
  "const TASKS = ['Milk', 'Bread', 'Eggs'];",
  '',
  'export function TaskList() {',
  '  return (',
  '    <ul>',
  '      {TASKS.map((task) => (',
  '        <li key={task} onClick={() => Object.assign(window, { appClicks: ((window as any).appClicks ?? 0) + 1 })}>',
  '          {task}',
  '        </li>',
  '      ))}',
  '    </ul>',
  '  );',
  '}',
  '',
].join('\n');

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#1f7a4d"/></svg>';

/** `file:line:column` of the first `<tag` in `source`, as the preview marks the element. */
function locOf(file: string, source: string, tag: string): string {
  const at = source.indexOf(`<${tag}`);
  const before = source.slice(0, at);
  return `${file}:${before.split('\n').length}:${at - before.lastIndexOf('\n')}`;
}
const H1 = locOf('client/src/App.tsx', APP, 'h1');
const LI = locOf('client/src/TaskList.tsx', TASK_LIST, 'li');
const IMG = locOf('client/src/App.tsx', APP, 'img');

const builder = testBuilder();
// Every file of every version built, by name: a page loads the modules of later versions under its own folder.
const files = new Map<string, BuiltAsset>();
const versions = new Map<string, BuildSuccess>();
let previewServer: http.Server;
let webServer: http.Server;
let preview = '';
let web = '';
let other = '';
let browser: Browser;

async function build(version: string, app: string): Promise<BuildSuccess> {
  const result = expectOk(
    await builder.build(withFiles({ 'client/src/App.tsx': app, 'client/src/TaskList.tsx': TASK_LIST, 'client/src/logo.svg': LOGO }), {
      mode: 'preview',
      assetBase: `/_sprout/build/${version}/`,
      bridgeOrigin: web,
      version,
      scope: 'picker-test',
    }),
  );
  for (const [name, asset] of result.assets) files.set(name, asset);
  versions.set(version, result);
  return result;
}

beforeAll(async () => {
  webServer = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sprout</title><body style="margin:0"></body>'),
  );
  await new Promise<void>((resolve) => webServer.listen(0, '127.0.0.1', resolve));
  const webPort = (webServer.address() as AddressInfo).port;
  // The Sprout page's origin, and another one on the same server that must not be able to steer the preview.
  web = `http://localhost:${webPort}`;
  other = `http://127.0.0.1:${webPort}`;
  previewServer = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const vendor = /^\/_sprout\/vendor\/[^/]+\/([^/]+)$/.exec(url.pathname);
    if (vendor)
      return void builder.vendor
        .readOrBuild(vendor[1]!)
        .then((body) => (body ? res.writeHead(200, { 'content-type': 'text/javascript' }).end(body) : res.writeHead(404).end()));
    const built = /^\/_sprout\/build\/[^/]+\/([^/]+)$/.exec(url.pathname);
    if (built) {
      const asset = files.get(built[1]!);
      return void (asset ? res.writeHead(200, { 'content-type': asset.contentType }).end(asset.body) : res.writeHead(404).end());
    }
    const page = versions.get('v1')!;
    // As the preview host serves it: only the page's own scripts and the inline ones it reported.
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'self'; script-src 'self' ${page.scriptHashes.join(' ')}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors ${web} ${other}`,
      })
      .end(page.html);
  });
  await new Promise<void>((resolve) => previewServer.listen(0, '127.0.0.1', resolve));
  preview = `http://127.0.0.1:${(previewServer.address() as AddressInfo).port}`;
  await build('v1', APP);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => previewServer?.close(resolve));
  await new Promise((resolve) => webServer?.close(resolve));
});

type Element = {
  loc: string;
  file: string;
  line: number;
  column: number;
  tag: string;
  component: string | null;
  count: number;
  text: string;
  rect: { x: number; y: number; width: number; height: number };
  styles: Record<string, string>;
  src: string | null;
};
type Event = { source: string; event: string; element?: Element; latencyMs?: number; loc?: string; text?: string };

/** The stand-in Sprout page on `origin`, with the preview framed and what it tells recorded; resolves once the app shows. */
async function framedPreview(origin = web): Promise<{ context: BrowserContext; page: Page; frame: Frame }> {
  const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
  const page = await context.newPage();
  await page.goto(`${origin}/project`);
  await page.evaluate((src) => {
    const w = window as any;
    w.events = [];
    w.updates = [];
    window.addEventListener('message', (e) => {
      if (e.origin !== new URL(src).origin) return;
      if (e.data?.source === 'sprout-preview-element') w.events.push(e.data);
      if (e.data?.source === 'sprout-preview-update') w.updates.push(e.data);
    });
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.style.cssText = 'border:0;width:800px;height:600px';
    document.body.append(frame);
  }, `${preview}/`);
  const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
  await frame.waitForSelector('li');
  return { context, page, frame };
}

/** A message to the preview as the Sprout page sends it. */
const send = (page: Page, message: Record<string, unknown>) =>
  page.evaluate(({ m, origin }) => document.querySelector('iframe')!.contentWindow!.postMessage({ source: 'sprout-parent', ...m }, origin), {
    m: message,
    origin: preview,
  });

/** How many events the preview has told so far: what comes after is waited for with `next`. */
const mark = (page: Page) => page.evaluate(() => (window as any).events.length as number);

async function next(page: Page, event: string, from: number): Promise<Event> {
  const found = await page.waitForFunction(([name, start]) => (window as any).events.slice(start).find((e: Event) => e.event === name), [event, from] as const);
  return (await found.jsonValue()) as Event;
}

/**
 * The picker's boxes as drawn in the preview (in its viewport), read through the DevTools protocol:
 * no script can see into their closed shadow root.
 */
async function boxes(page: Page): Promise<{ kind: string; label: string; x: number; y: number; width: number; height: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  type DomNode = { nodeName: string; nodeValue?: string; attributes?: string[]; children?: DomNode[]; shadowRoots?: DomNode[]; contentDocument?: DomNode };
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  await cdp.detach();
  const attr = (n: DomNode, name: string) => {
    const i = (n.attributes ?? []).indexOf(name);
    return i === -1 ? '' : n.attributes![i + 1]!;
  };
  const textOf = (n: DomNode): string => (n.nodeValue ?? '') + (n.children ?? []).map(textOf).join('');
  const out: { kind: string; label: string; x: number; y: number; width: number; height: number }[] = [];
  const visit = (n: DomNode) => {
    const kind = /^box (\w+)$/.exec(attr(n, 'class'))?.[1];
    const style = attr(n, 'style');
    if (kind && /display: block/.test(style)) {
      const [, x, y] = /translate\(([-\d.]+)px, ([-\d.]+)px\)/.exec(style)!;
      out.push({
        kind,
        label: textOf(n),
        x: +x!,
        y: +y!,
        width: parseFloat(/width: ([\d.]+)px/.exec(style)![1]!),
        height: parseFloat(/height: ([\d.]+)px/.exec(style)![1]!),
      });
    }
    for (const c of [...(n.children ?? []), ...(n.shadowRoots ?? []), ...(n.contentDocument ? [n.contentDocument] : [])]) visit(c);
  };
  visit(root);
  return out;
}

const rectIn = (frame: Frame, selector: string, index = 0) =>
  frame.evaluate(
    ([s, i]) => {
      const r = document.querySelectorAll(s)[i]!.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    },
    [selector, index] as const,
  );

/** Whether the hot update client applied `versionId` in place. */
async function applied(page: Page, versionId: string) {
  const found = await page.waitForFunction((id) => (window as any).updates.find((u: { versionId: string }) => u.versionId === id), versionId);
  expect(await found.jsonValue()).toMatchObject({ outcome: 'hot' });
}

describe('the element picker in a preview', () => {
  it('marks every host element with its place in the source, and nothing else', async () => {
    const { context, frame } = await framedPreview();
    try {
      const marks = await frame.evaluate(() =>
        [...document.querySelectorAll('[data-sprout-loc]')].map((e) => [e.localName, e.getAttribute('data-sprout-loc')]),
      );
      expect(marks).toEqual(
        expect.arrayContaining([
          ['h1', H1],
          ['li', LI],
          ['li', LI],
          ['li', LI],
          ['img', IMG],
        ]),
      );
      expect(H1).toBe('client/src/App.tsx:9:7');
      // Nothing is drawn, listened to or styled until the Sprout page asks.
      expect(await frame.evaluate(() => [document.querySelector('sprout-picker'), document.querySelector('style[data-sprout-picker]')])).toEqual([null, null]);
    } finally {
      await context.close();
    }
  });

  it('highlights what the pointer is over, selects on click without the app seeing it, and ends on Escape', async () => {
    const { context, page, frame } = await framedPreview();
    try {
      const layout = () =>
        frame.evaluate(() => ({
          height: document.documentElement.scrollHeight,
          width: document.documentElement.scrollWidth,
          scroll: [window.scrollX, window.scrollY],
          items: [...document.querySelectorAll('li, h1')].map((e) => JSON.stringify(e.getBoundingClientRect())),
        }));
      const before = await layout();
      let from = await mark(page);
      await send(page, { type: 'pick', on: true });
      await frame.waitForFunction(() => getComputedStyle(document.querySelector('li')!).cursor === 'crosshair');

      await frame.locator('li').nth(1).hover();
      const hover = await next(page, 'hover', from);
      expect(hover.element).toMatchObject({ loc: LI, file: 'client/src/TaskList.tsx', tag: 'li', component: 'TaskList', count: 3, text: 'Bread' });
      expect(hover.latencyMs).toBeGreaterThanOrEqual(0);
      const item = await rectIn(frame, 'li', 1);
      expect(await boxes(page)).toEqual([{ kind: 'hover', label: 'TaskList · li', ...item }]);
      // The boxes take no room: nothing moved, nothing scrolled.
      expect(await layout()).toEqual(before);

      // A click selects: the app's own handler never runs.
      from = await mark(page);
      await frame.locator('li').nth(1).click();
      const selected = await next(page, 'selected', from);
      expect(selected.element).toEqual({
        loc: LI,
        file: 'client/src/TaskList.tsx',
        line: 7,
        column: 9,
        tag: 'li',
        component: 'TaskList',
        count: 3,
        text: 'Bread',
        rect: { x: expect.closeTo(item.x, 1), y: expect.closeTo(item.y, 1), width: expect.closeTo(item.width, 1), height: expect.closeTo(item.height, 1) },
        // As the browser computes them: Tailwind's colours are oklch().
        styles: {
          color: 'oklch(0.145 0 0)',
          backgroundColor: 'rgba(0, 0, 0, 0)',
          borderColor: 'oklch(0.922 0 0)',
          padding: '0px',
          fontSize: '16px',
          fontWeight: '400',
          borderRadius: '0px',
          textAlign: 'start',
        },
        src: null,
      });
      expect(await frame.evaluate(() => (window as any).appClicks)).toBeUndefined();
      // The selection keeps its outline; the other items drawn from the same place get a lighter one.
      const drawn = await boxes(page);
      expect(drawn.filter((b) => b.kind === 'selected')).toEqual([{ kind: 'selected', label: 'TaskList · li', ...item }]);
      expect(drawn.filter((b) => b.kind === 'same')).toHaveLength(2);

      // A heading click selects it and leaves its counter alone; the image says where it comes from.
      from = await mark(page);
      await frame.locator('h1').click();
      expect((await next(page, 'selected', from)).element).toMatchObject({ loc: H1, tag: 'h1', component: 'App', count: 1, text: 'Tasks' });
      expect(await frame.locator('#clicks').textContent()).toBe('Clicked 0 times');
      from = await mark(page);
      await frame.locator('img').click();
      expect((await next(page, 'selected', from)).element).toMatchObject({ loc: IMG, tag: 'img', src: expect.stringMatching(/^data:image\/svg\+xml/) });

      // The page scrolls: the selection moves with it.
      from = await mark(page);
      const image = await rectIn(frame, 'img');
      await frame.evaluate(() => window.scrollTo(0, 40));
      expect((await next(page, 'moved', from)).element!.rect.y).toBeCloseTo(image.y - 40, 0);

      from = await mark(page);
      await page.keyboard.press('Escape');
      await next(page, 'cancel', from);
      await frame.waitForFunction(() => getComputedStyle(document.querySelector('li')!).cursor !== 'crosshair');
      // Pick mode is over: clicks are the app's again.
      await frame.locator('li').nth(0).click();
      expect(await frame.evaluate(() => (window as any).appClicks)).toBe(1);
      expect((await boxes(page)).map((b) => b.kind)).not.toContain('hover');
    } finally {
      await context.close();
    }
  });

  it('shows a change at once on every element drawn from the same place, and puts it all back', async () => {
    const { context, page, frame } = await framedPreview();
    try {
      const original = await frame.evaluate(() => {
        const h1 = document.querySelector('h1')!;
        (window as any).reactText = h1.firstChild;
        return { h1: getComputedStyle(h1).color, li: getComputedStyle(document.querySelector('li')!).color };
      });
      await send(page, { type: 'preview-change', loc: LI, change: { style: { color: 'rgb(255, 0, 0)', 'padding-left': '30px' } } });
      await send(page, { type: 'preview-change', loc: H1, change: { text: 'My groceries', style: { backgroundColor: 'rgb(0, 0, 255)' } } });
      await frame.waitForFunction(() => document.querySelector('h1')!.textContent === 'My groceries');
      const shown = await frame.evaluate(() => ({
        items: [...document.querySelectorAll('li')].map((li) => [getComputedStyle(li).color, getComputedStyle(li).paddingLeft]),
        heading: getComputedStyle(document.querySelector('h1')!).backgroundColor,
        // React's own text node, with the new text: never replaced.
        same: document.querySelector('h1')!.firstChild === (window as any).reactText && document.querySelector('h1')!.childNodes.length === 1,
      }));
      expect(shown).toEqual({ items: Array(3).fill(['rgb(255, 0, 0)', '30px']), heading: 'rgb(0, 0, 255)', same: true });
      // null takes a property's preview away: the classes show again.
      await send(page, { type: 'preview-change', loc: LI, change: { style: { 'padding-left': null } } });
      await frame.waitForFunction(() => [...document.querySelectorAll('li')].every((li) => getComputedStyle(li).paddingLeft === '0px'));
      expect(await frame.evaluate(() => getComputedStyle(document.querySelectorAll('li')[2]!).color)).toBe('rgb(255, 0, 0)');

      await send(page, { type: 'clear-preview-changes' });
      await frame.waitForFunction(() => document.querySelector('h1')!.textContent === 'Tasks');
      expect(
        await frame.evaluate(() => ({
          h1: getComputedStyle(document.querySelector('h1')!).color,
          li: getComputedStyle(document.querySelector('li')!).color,
          styled: document.querySelectorAll('[style]:not(div)').length,
          same: document.querySelector('h1')!.firstChild === (window as any).reactText,
        })),
      ).toEqual({ ...original, styled: 0, same: true });
    } finally {
      await context.close();
    }
  });

  it('edits a text in place: double-click, type, Enter; Escape puts the old text back', async () => {
    const { context, page, frame } = await framedPreview();
    try {
      await frame.evaluate(() => ((window as any).reactText = document.querySelector('h1')!.firstChild));
      await send(page, { type: 'pick', on: true });
      await frame.waitForFunction(() => getComputedStyle(document.querySelector('h1')!).cursor === 'crosshair');
      let from = await mark(page);
      await frame.locator('h1').dblclick();
      await frame.waitForSelector('h1[contenteditable="plaintext-only"]');
      await page.keyboard.type('Groceries');
      await page.keyboard.press('Enter');
      expect(await next(page, 'text', from)).toMatchObject({ loc: H1, text: 'Groceries' });
      expect(
        await frame.evaluate(() => {
          const h1 = document.querySelector('h1')!;
          return [h1.hasAttribute('contenteditable'), h1.childNodes.length, h1.firstChild === (window as any).reactText, h1.textContent];
        }),
      ).toEqual([false, 1, true, 'Groceries']);
      expect(await frame.locator('#clicks').textContent()).toBe('Clicked 0 times');

      from = await mark(page);
      await frame.locator('h1').dblclick();
      await frame.waitForSelector('h1[contenteditable="plaintext-only"]');
      await page.keyboard.type('Something else');
      await page.keyboard.press('Escape');
      await frame.waitForSelector('h1:not([contenteditable])');
      expect(
        await frame.evaluate(() => [document.querySelector('h1')!.textContent, document.querySelector('h1')!.firstChild === (window as any).reactText]),
      ).toEqual(['Groceries', true]);
      // Escape ended the edit only: pick mode goes on, and no text was told.
      expect(await frame.evaluate(() => getComputedStyle(document.querySelector('h1')!).cursor)).toBe('crosshair');
      expect(((await page.evaluate(() => (window as any).events)) as Event[]).slice(from).map((e) => e.event)).not.toContain('text');

      await send(page, { type: 'clear-preview-changes' });
      await frame.waitForFunction(() => document.querySelector('h1')!.textContent === 'Tasks');
    } finally {
      await context.close();
    }
  });

  it('keeps the selection across hot updates while its element is there, gives way to the new version, and says when it is gone', async () => {
    const { context, page, frame } = await framedPreview();
    try {
      // State the update must keep (Fast Refresh through the preview's JSX runtime).
      await frame.locator('h1').click();
      await frame.locator('#clicks', { hasText: 'Clicked 1 times' }).waitFor();
      let from = await mark(page);
      await send(page, { type: 'select', loc: H1 });
      const selected = await next(page, 'selected', from);
      expect(selected.element).toMatchObject({ loc: H1, text: 'Tasks' });
      // The change the person makes, shown before its version exists.
      await send(page, { type: 'preview-change', loc: H1, change: { text: 'All tasks', style: { color: 'rgb(255, 0, 0)' } } });
      await frame.waitForFunction(() => document.querySelector('h1')!.style.color === 'rgb(255, 0, 0)');

      const two = await build('v2', APP.replace('>Tasks</h1>', '>All tasks</h1>'));
      from = await mark(page);
      await send(page, { type: 'version', versionId: 'v2', manifest: two.manifest });
      await applied(page, 'v2');
      const moved = await next(page, 'moved', from);
      expect(moved.element).toMatchObject({ loc: H1, tag: 'h1', text: 'All tasks' });
      // The version's own text and classes now: the inline colour is gone, React's text stays.
      await frame.waitForFunction(() => !document.querySelector('h1')!.hasAttribute('style'));
      expect(await frame.locator('h1').textContent()).toBe('All tasks');
      expect(await frame.locator('#clicks').textContent()).toBe('Clicked 1 times');
      expect((await boxes(page)).filter((b) => b.kind === 'selected')).toEqual([{ kind: 'selected', label: 'App · h1', ...(await rectIn(frame, 'h1')) }]);

      // The heading is gone from the next version: so is the selection.
      const three = await build('v3', APP.replace(/ *<h1.*\n/, ''));
      from = await mark(page);
      await send(page, { type: 'version', versionId: 'v3', manifest: three.manifest });
      await applied(page, 'v3');
      expect(await next(page, 'lost', from)).toMatchObject({ loc: H1 });
      expect((await boxes(page)).filter((b) => b.kind === 'selected')).toEqual([]);

      // Asked for an element that is not there (after a reload it may come late; this one never does).
      from = await mark(page);
      await send(page, { type: 'select', loc: 'client/src/App.tsx:99:1' });
      expect(await next(page, 'lost', from)).toMatchObject({ loc: 'client/src/App.tsx:99:1' });
    } finally {
      await context.close();
    }
  });

  it('takes orders from the Sprout page’s origin only', async () => {
    const { context, page, frame } = await framedPreview(other);
    try {
      // Heard by the frame (after the bridge, which listened first), and ignored by it.
      await frame.evaluate(() => {
        (window as any).heard = new Promise((resolve) => window.addEventListener('message', (e) => e.data?.type === 'pick' && resolve(e.origin)));
      });
      await send(page, { type: 'pick', on: true });
      expect(await frame.evaluate(() => (window as any).heard)).toBe(other);
      expect(await frame.evaluate(() => [document.querySelector('sprout-picker'), getComputedStyle(document.querySelector('li')!).cursor])).toEqual([
        null,
        'auto',
      ]);
      await frame.locator('li').nth(0).click();
      expect(await frame.evaluate(() => (window as any).appClicks)).toBe(1);
    } finally {
      await context.close();
    }
  });
});
