import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { scaledTimeout } from '@sprout/testkit';
import { launchChromium } from '@sprout/testkit/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, testBuilder, withFiles } from './testing';

// The template's client library (client/src/lib/sprout.ts) built by this builder and run in Chromium
// against a stand-in for the app's backend that speaks the HTTP of docs/app-backend.md and records what
// it was sent. It tests the client's side of that contract: requests, errors, live lists, the hooks.

const HARNESS = `import { useState } from 'react';
import * as sprout from '@/lib/sprout';
import { useChat, useCollection, useUser } from '@/lib/sprout';

Object.assign(window, { sprout });

function Entries() {
  const [renders, setRenders] = useState(0);
  // A new query object every render: the hook must not subscribe again for it.
  const { data, loading, error } = useCollection('entries', { orderBy: 'createdAt', desc: true });
  return (
    <div>
      <button id="rerender" onClick={() => setRenders(renders + 1)}>{renders}</button>
      <p id="entries">{loading ? 'loading' : error ? 'error ' + error.code : '[' + data.map((e) => e.name).join(',') + ']'}</p>
    </div>
  );
}

function Who({ id }: { id: string }) {
  const { user, loading } = useUser();
  return <p id={id}>{loading ? 'loading' : user ? user.email : 'signed out'}</p>;
}

function Chat() {
  const { messages, send, streaming, error, stop, reset } = useChat({ system: 'Be brief.', maxTokens: 100 });
  const [text, setText] = useState('');
  return (
    <div>
      <input id="say" value={text} onChange={(e) => setText(e.target.value)} />
      <button id="send" onClick={() => void send(text)}>send</button>
      <button id="stop" onClick={stop}>stop</button>
      <button id="reset" onClick={reset}>reset</button>
      <p id="chat">{messages.map((m) => m.role + ': ' + m.content).join(' | ')}</p>
      <p id="chat-state">{streaming ? 'streaming' : error ? error.code + ': ' + error.message : 'idle'}</p>
    </div>
  );
}

export default function App() {
  return (
    <main>
      <Entries />
      <Who id="user-a" />
      <Who id="user-b" />
      <Chat />
    </main>
  );
}
`;

// What the harness puts on window (typed here: this repository's compiler does not read the template's files).
type Harness = { sprout: any; seen: string[][]; stop: () => void };

interface Doc {
  id: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  [field: string]: unknown;
}
interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const seen: Seen[] = [];
const docs = new Map<string, Doc[]>();
const streams = new Map<string, Set<http.ServerResponse>>();
let eventsOpened = 0;
let refuseStreams = 0;
// A collection whose stream opens only after its list was answered and a change made that nobody heard.
let lateStream: string | null = null;
let nextId = 1;
// The app's AI: a reply held open after its first line (for the test to go on with), and whether the page closed it.
let heldReply: http.ServerResponse | null = null;
let heldClosed = false;
let nextVisitor = 1;
const visitorOf = (req: { headers: http.IncomingHttpHeaders }) => /(?:^|; )visitor=(\w+)/.exec(req.headers.cookie ?? '')?.[1];
let page: Page;
let browser: Browser;
let server: http.Server;
let origin = '';
let built: ReturnType<typeof expectOk>;

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const openStreams = (collection: string) => streams.get(collection)?.size ?? 0;

function announce(collection: string, change: { op: string; id: string; doc?: Doc }) {
  for (const res of streams.get(collection) ?? []) res.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
}

function add(collection: string, data: Record<string, unknown>, quietly = false): Doc {
  const now = new Date(Date.now() + nextId).toISOString();
  const doc: Doc = { ...data, id: `d${nextId++}`, createdAt: now, updatedAt: now, createdBy: 'visitor:v1' };
  docs.set(collection, [...(docs.get(collection) ?? []), doc]);
  if (!quietly) announce(collection, { op: 'add', id: doc.id, doc });
  return doc;
}

const ndjson = (value: unknown) => `${JSON.stringify(value)}\n`;
const CAP_REACHED = 'This app has used its AI allowance for this month. Its owner can raise the limit in Sprout.';
const AI_FAILED = 'The AI service did not answer. Please try again in a moment.';

/** POST ai/chat as the backend answers it: the last message says which answer. */
function aiChat(res: http.ServerResponse, body: Buffer) {
  const ask = (JSON.parse(body.toString()) as { messages: { content: string }[] }).messages.at(-1)!.content;
  if (ask === 'cap') return json(res, 429, { code: 'ai_cap_reached', message: CAP_REACHED });
  if (ask === 'too long')
    return json(res, 413, { code: 'ai_request_too_large', message: 'This AI request is 30,000 characters long; this app may send at most 24,000.' });
  res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
  if (ask === 'hold') {
    res.write(ndjson({ text: 'Once' }));
    heldReply = res;
    heldClosed = false;
    return void res.on('close', () => (heldClosed = true));
  }
  const lines: Record<string, unknown[]> = {
    split: [{ text: 'Hello, ' }, { text: 'wörld' }, { text: '!' }, { done: true }],
    fail: [{ text: 'Partial ' }, { error: { code: 'ai_unavailable', message: AI_FAILED } }],
    cut: [{ text: 'Half' }],
  };
  const bytes = Buffer.from((lines[ask] ?? [{ text: `You said: ${ask}` }, { done: true }]).map(ndjson).join(''));
  // In pieces, a moment apart, that cut a line and a two-byte character (ö) in two.
  const o = bytes.indexOf(Buffer.from('ö'));
  const cuts = [0, 5, ...(o > 0 ? [o + 1] : []), bytes.length - 3, bytes.length];
  cuts.slice(1).forEach((end, i) => setTimeout(() => res.write(bytes.subarray(cuts[i], end)), 30 * i));
  setTimeout(() => res.end(), 30 * cuts.length);
}

/** The backend's routes, as much of them as the client uses. */
function backend(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: Buffer) {
  const parts = url.pathname.slice('/_sprout/v1/'.length).split('/').map(decodeURIComponent);
  const [kind, name, id] = parts;
  if (kind === 'ai' && name === 'chat' && req.method === 'POST') return aiChat(res, body);
  // A checkout: the test checkout page's address on this origin, or the refusal of a live app without Stripe.
  if (kind === 'payments' && name === 'checkout' && req.method === 'POST') {
    if ((JSON.parse(body.toString()) as { metadata?: { live?: string } }).metadata?.live)
      return json(res, 503, { code: 'payments_not_set_up', message: 'This app cannot take payments yet: its owner has not connected Stripe.' });
    return json(res, 200, { url: `${origin}/_sprout/v1/payments/test-checkout/tok` });
  }
  const signedIn = /app_session=ada/.test(req.headers.cookie ?? '');
  const user = { id: 'u1', email: 'ada@example.com', createdAt: '2026-01-01T00:00:00.000Z' };
  if (kind === 'auth') {
    if (name === 'sign-in' || name === 'sign-up')
      return res
        .writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'app_session=ada; Path=/_sprout/; HttpOnly' })
        .end(JSON.stringify({ user }));
    if (name === 'sign-out') return res.writeHead(204, { 'set-cookie': 'app_session=; Path=/_sprout/; Max-Age=0' }).end();
    if (name === 'me') return json(res, 200, { user: signedIn ? user : null });
  }
  if (kind === 'functions') {
    if (name === 'echo') return json(res, 200, { method: req.method, body: body.toString() });
    if (name === 'hello') return res.writeHead(200, { 'content-type': 'text/plain' }).end('hello there');
    return json(res, 500, { code: 'function_error', message: `The function "${name}" failed: no luck` });
  }
  if (kind === 'files' && req.method === 'POST')
    return json(res, 201, { id: 'f1', url: '/_sprout/v1/files/f1', name: 'stored', type: 'text/csv', size: body.length });
  if (kind !== 'collections' || !name) return json(res, 404, { code: 'not_found', message: 'No such route.' });
  if (name === 'taken') return json(res, 409, { code: 'unique_violation', message: 'That slot is already booked.' });
  if (name === 'broken') return res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
  if (name === 'unreachable') return req.socket.destroy();
  const list = docs.get(name) ?? [];
  if (id === 'events') {
    eventsOpened++;
    if (refuseStreams > 0) {
      refuseStreams--;
      return json(res, 503, { code: 'unavailable', message: 'Try again.' });
    }
    const open = () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }).write(': connected\n\n');
      const set = streams.get(name) ?? new Set();
      streams.set(name, set.add(res));
      res.on('close', () => set.delete(res));
    };
    if (name !== lateStream) return open();
    lateStream = null;
    const listed = setInterval(() => {
      if (!seen.some((s) => s.method === 'GET' && s.path === url.pathname.slice(0, -'/events'.length))) return;
      clearInterval(listed);
      add(name, { text: 'between' });
      setTimeout(open, 100);
    }, 10);
    return;
  }
  if (id === undefined && req.method === 'POST') return json(res, 201, add(name, JSON.parse(body.toString())));
  if (id === undefined && req.method === 'GET') {
    const data = url.searchParams.get('desc') === 'true' ? [...list].reverse() : list;
    return json(res, 200, { data, next: null });
  }
  const doc = list.find((d) => d.id === id);
  if (!doc) return json(res, 404, { code: 'not_found', message: 'This document does not exist.' });
  if (req.method === 'GET') return json(res, 200, doc);
  if (req.method === 'PATCH') {
    for (const [k, v] of Object.entries(JSON.parse(body.toString()) as Record<string, unknown>)) {
      if (v === null) delete doc[k];
      else doc[k] = v;
    }
    announce(name, { op: 'update', id: doc.id, doc });
    return json(res, 200, doc);
  }
  if (req.method === 'DELETE') {
    docs.set(
      name,
      list.filter((d) => d !== doc),
    );
    announce(name, { op: 'remove', id: doc.id });
    return res.writeHead(204).end();
  }
  return json(res, 405, { code: 'method', message: 'No.' });
}

beforeAll(async () => {
  built = expectOk(await testBuilder().build(withFiles({ 'client/src/App.tsx': HARNESS }), { mode: 'production', assetBase: '/assets/' }));
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (url.pathname.startsWith('/_sprout/v1/')) {
        seen.push({ method: req.method!, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body: body.toString() });
        if (visitorOf(req)) return backend(req, res, url, body);
        // As the backend does: a request without a visitor cookie is a new visitor, told by a cookie on the
        // answer. The answer takes a moment, so requests sent meanwhile would arrive without one too.
        res.setHeader('set-cookie', `visitor=v${nextVisitor++}; Path=/_sprout/; HttpOnly`);
        setTimeout(() => backend(req, res, url, body), 200);
        return;
      }
      const asset = built.assets.get(url.pathname.slice('/assets/'.length));
      if (url.pathname.startsWith('/assets/') && asset) return res.writeHead(200, { 'content-type': asset.contentType }).end(asset.body);
      res.writeHead(200, { 'content-type': 'text/html' }).end(built.html);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Debian's Chromium, whose pages wait as long as the machine's load needs.
  browser = await launchChromium();
  page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(origin);
  await page.waitForFunction(() => 'sprout' in window);
  expect(errors).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  for (const set of streams.values()) for (const res of set) res.end();
  await new Promise((resolve) => server?.close(resolve));
});

const text = (selector: string) => page.locator(selector).textContent();
const last = (path: string) => seen.filter((s) => s.path === path).at(-1)!;

describe('the client library in a browser', () => {
  it('calls server functions: POST with a JSON body or GET without one, JSON or text back, errors as SproutError', async () => {
    const out = await page.evaluate(async () => {
      const { functions } = (window as unknown as Harness).sprout;
      const posted = await functions.call('echo', { total: 3 });
      const got = await functions.call('echo');
      const text = await functions.call('hello');
      const failed = await functions
        .call('fail')
        .catch((e: { name: string; code: string; status: number; message: string }) => ({ name: e.name, code: e.code, status: e.status, message: e.message }));
      return { posted, got, text, failed };
    });
    expect(out).toEqual({
      posted: { method: 'POST', body: '{"total":3}' },
      got: { method: 'GET', body: '' },
      text: 'hello there',
      failed: { name: 'SproutError', code: 'function_error', status: 500, message: 'The function "fail" failed: no luck' },
    });
    expect(last('/_sprout/v1/functions/echo').headers['content-type']).toBeUndefined();
  });

  it('adds, reads, lists, patches and removes documents with the documented requests', async () => {
    const out = await page.evaluate(async () => {
      const { db } = (window as unknown as Harness).sprout;
      const books = db.collection('books');
      const added = await books.add({ title: 'Dune', year: 1965 });
      const got = await books.get(added.id);
      const page = await books.list({ where: { year: { gte: 1900 }, title: 'Dune' }, orderBy: 'year', desc: true, limit: 5, after: 'cursor-1' });
      const patched = await books.update(added.id, { year: null, read: true });
      const removed = await books.remove(added.id);
      return { added, got, page, patched, removed };
    });
    expect(out.added).toMatchObject({ title: 'Dune', year: 1965, createdBy: 'visitor:v1' });
    expect(out.got).toEqual(out.added);
    expect(out.page).toEqual({ data: [out.added], next: null });
    expect(out.patched).toMatchObject({ id: out.added.id, title: 'Dune', read: true });
    expect(out.patched).not.toHaveProperty('year');
    expect(out.removed).toBeUndefined();

    const post = last('/_sprout/v1/collections/books');
    expect(seen.find((s) => s.method === 'POST' && s.path === '/_sprout/v1/collections/books')).toMatchObject({ body: '{"title":"Dune","year":1965}' });
    expect(seen.find((s) => s.method === 'POST')!.headers['content-type']).toBe('application/json');
    expect(post.query).toEqual({ where: '{"year":{"gte":1900},"title":"Dune"}', orderBy: 'year', desc: 'true', limit: '5', after: 'cursor-1' });
    expect(seen.find((s) => s.method === 'PATCH')).toMatchObject({ path: `/_sprout/v1/collections/books/${out.added.id}`, body: '{"year":null,"read":true}' });
    expect(seen.find((s) => s.method === 'DELETE')!.path).toBe(`/_sprout/v1/collections/books/${out.added.id}`);
  });

  it('throws SproutError with the server’s code and message, or a friendly one when there is none', async () => {
    const errors = await page.evaluate(async () => {
      const { db, SproutError } = (window as unknown as Harness).sprout;
      const out: Record<string, unknown> = {};
      for (const name of ['taken', 'broken', 'unreachable']) {
        try {
          await db.collection(name).add({ slot: '10:00' });
          out[name] = 'no error';
        } catch (err) {
          const e = err as { name: string; code: string; status: number; message: string };
          out[name] = { isSproutError: err instanceof SproutError, name: e.name, code: e.code, status: e.status, message: e.message };
        }
      }
      return out;
    });
    expect(errors).toEqual({
      taken: { isSproutError: true, name: 'SproutError', code: 'unique_violation', status: 409, message: 'That slot is already booked.' },
      broken: { isSproutError: true, name: 'SproutError', code: 'http_502', status: 502, message: 'Something went wrong. Please try again.' },
      unreachable: {
        isSproutError: true,
        name: 'SproutError',
        code: 'network_error',
        status: 0,
        message: 'Could not reach the server. Check your connection and try again.',
      },
    });
  });

  it('keeps useCollection live over one event stream, however often the component renders', async () => {
    await expect.poll(() => text('#entries')).toBe('[]');
    add('entries', { name: 'Ada' });
    await expect.poll(() => text('#entries')).toBe('[Ada]');
    const opened = eventsOpened;
    for (let i = 0; i < 3; i++) await page.click('#rerender');
    await expect.poll(() => text('#rerender')).toBe('3');
    add('entries', { name: 'Grace' });
    await expect.poll(() => text('#entries')).toBe('[Grace,Ada]');
    expect(eventsOpened).toBe(opened);
    expect(openStreams('entries')).toBe(1);
    // The hook's list query: newest first.
    expect(last('/_sprout/v1/collections/entries').query).toEqual({ orderBy: 'createdAt', desc: 'true' });
  });

  it('reconnects after the stream fails, with a growing pause, and catches up on what it missed', { timeout: scaledTimeout(30_000) }, async () => {
    await expect.poll(() => openStreams('entries')).toBe(1);
    const opened = eventsOpened;
    refuseStreams = 1;
    const started = Date.now();
    for (const res of streams.get('entries')!) res.destroy();
    // While the stream is down a change is made that nobody announces.
    add('entries', { name: 'Linus' }, true);
    await expect.poll(() => text('#entries'), { timeout: scaledTimeout(15_000) }).toBe('[Linus,Grace,Ada]');
    // A refused attempt after 1 s, the next after 2 s more.
    expect(eventsOpened - opened).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
    expect(openStreams('entries')).toBe(1);
  });

  it('subscribe gives the current documents at once, follows changes, and stops when asked', async () => {
    add('notes', { text: 'one' }, true);
    const first = await page.evaluate(async () => {
      const { db } = (window as unknown as Harness).sprout;
      const w = window as unknown as Harness;
      w.seen = [];
      w.stop = db.collection('notes').subscribe({ where: { text: { ne: 'x' } } }, (docs: { text: string }[]) => w.seen.push(docs.map((d) => d.text)));
      await new Promise((r) => setTimeout(r, 300));
      return w.seen;
    });
    expect(first).toEqual([['one']]);
    await expect.poll(() => openStreams('notes')).toBe(1);
    add('notes', { text: 'two' });
    await expect.poll(() => page.evaluate(() => (window as unknown as Harness).seen.at(-1))).toEqual(['one', 'two']);
    expect(last('/_sprout/v1/collections/notes').query).toEqual({ where: '{"text":{"ne":"x"}}' });
    await page.evaluate(() => (window as unknown as Harness).stop());
    await expect.poll(() => openStreams('notes')).toBe(0);
  });

  it('catches up on a change made after its first list and before its stream opened', async () => {
    lateStream = 'late';
    await page.evaluate(() => {
      const w = window as unknown as Harness;
      w.seen = [];
      w.stop = w.sprout.db.collection('late').subscribe({}, (docs: { text: string }[]) => w.seen.push(docs.map((d) => d.text)));
    });
    await expect.poll(() => openStreams('late')).toBe(1);
    await expect.poll(() => page.evaluate(() => (window as unknown as Harness).seen.at(-1))).toEqual(['between']);
    expect(await page.evaluate(() => (window as unknown as Harness).seen[0])).toEqual([]);
    await page.evaluate(() => (window as unknown as Harness).stop());
  });

  it('useUser follows sign-in and sign-out in every component of the page, with the session cookie', async () => {
    await expect.poll(() => text('#user-a')).toBe('signed out');
    const signedIn = await page.evaluate(async () => {
      const { auth } = (window as unknown as Harness).sprout;
      const user = await auth.signIn({ email: 'ada@example.com', password: 'long enough' });
      return { user, me: await auth.user() };
    });
    expect(signedIn.user).toEqual({ id: 'u1', email: 'ada@example.com', createdAt: '2026-01-01T00:00:00.000Z' });
    expect(signedIn.me).toEqual(signedIn.user);
    expect(await text('#user-a')).toBe('ada@example.com');
    expect(await text('#user-b')).toBe('ada@example.com');
    expect(JSON.parse(last('/_sprout/v1/auth/sign-in').body)).toEqual({ email: 'ada@example.com', password: 'long enough' });
    await page.evaluate(() => (window as unknown as Harness).sprout.auth.signOut());
    await expect.poll(() => text('#user-b')).toBe('signed out');
    expect(await page.evaluate(() => (window as unknown as Harness).sprout.auth.user())).toBeNull();
  });

  it('uploads a file as the raw body with its type and URI-encoded name', async () => {
    const stored = await page.evaluate(() =>
      (window as unknown as Harness).sprout.files.upload(new File(['a,b\n1,2\n'], 'März data.csv', { type: 'text/csv' })),
    );
    expect(stored).toEqual({ id: 'f1', url: '/_sprout/v1/files/f1', name: 'stored', type: 'text/csv', size: 8 });
    const upload = last('/_sprout/v1/files');
    expect(upload.headers['content-type']).toBe('text/csv');
    expect(upload.headers['x-file-name']).toBe('M%C3%A4rz%20data.csv');
    expect(upload.body).toBe('a,b\n1,2\n');
  });

  it('ai.chat yields the reply as it comes, across lines and characters cut in two, and ai.complete joins it', async () => {
    const out = await page.evaluate(async () => {
      const { ai } = (window as unknown as Harness).sprout;
      const chunks: string[] = [];
      for await (const text of ai.chat({ messages: [{ role: 'user', content: 'split' }], system: 'Be brief.', maxTokens: 50 })) chunks.push(text);
      const whole = await ai.complete({
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
          { role: 'user', content: 'split' },
        ],
      });
      return { chunks, whole };
    });
    expect(out).toEqual({ chunks: ['Hello, ', 'wörld', '!'], whole: 'Hello, wörld!' });
    const sent = seen.filter((s) => s.path === '/_sprout/v1/ai/chat').slice(-2);
    expect(sent.map((s) => [s.method, s.headers['content-type'], JSON.parse(s.body)])).toEqual([
      ['POST', 'application/json', { messages: [{ role: 'user', content: 'split' }], system: 'Be brief.', maxTokens: 50 }],
      [
        'POST',
        'application/json',
        {
          messages: [
            { role: 'user', content: 'Hi' },
            { role: 'assistant', content: 'Hello' },
            { role: 'user', content: 'split' },
          ],
        },
      ],
    ]);
  });

  it('ai.chat throws SproutError for a refusal, an error line after some text, and a reply cut off', async () => {
    const out = await page.evaluate(async () => {
      const { ai, SproutError } = (window as unknown as Harness).sprout;
      const outcome = async (content: string, whole = false) => {
        const chunks: string[] = [];
        try {
          if (whole) chunks.push(await ai.complete({ messages: [{ role: 'user', content }] }));
          else for await (const text of ai.chat({ messages: [{ role: 'user', content }] })) chunks.push(text);
          return { chunks, error: null };
        } catch (err) {
          const e = err as { code: string; status: number; message: string };
          return { chunks, error: { isSproutError: err instanceof SproutError, code: e.code, status: e.status, message: e.message } };
        }
      };
      return {
        cap: await outcome('cap'),
        tooLong: await outcome('too long', true),
        fail: await outcome('fail'),
        failWhole: await outcome('fail', true),
        cut: await outcome('cut'),
      };
    });
    const refused = (code: string, status: number, message: string) => ({ chunks: [], error: { isSproutError: true, code, status, message } });
    expect(out).toEqual({
      cap: refused('ai_cap_reached', 429, CAP_REACHED),
      tooLong: refused('ai_request_too_large', 413, 'This AI request is 30,000 characters long; this app may send at most 24,000.'),
      fail: { chunks: ['Partial '], error: { isSproutError: true, code: 'ai_unavailable', status: 503, message: AI_FAILED } },
      failWhole: refused('ai_unavailable', 503, AI_FAILED),
      cut: {
        chunks: ['Half'],
        error: { isSproutError: true, code: 'network_error', status: 0, message: 'Could not reach the server. Check your connection and try again.' },
      },
    });
  });

  it('useChat shows the reply growing, sends the history with the next message, stops, keeps errors and resets', async () => {
    const say = async (text: string) => {
      await page.fill('#say', text);
      await page.click('#send');
    };
    await say('hold');
    await expect.poll(() => text('#chat')).toBe('user: hold | assistant: Once');
    expect(await text('#chat-state')).toBe('streaming');
    heldReply!.write(ndjson({ text: ' more' }));
    await expect.poll(() => text('#chat')).toBe('user: hold | assistant: Once more');
    expect(await text('#chat-state')).toBe('streaming');
    heldReply!.end(ndjson({ done: true }));
    await expect.poll(() => text('#chat-state')).toBe('idle');

    await say('again');
    await expect.poll(() => text('#chat')).toBe('user: hold | assistant: Once more | user: again | assistant: You said: again');
    expect(JSON.parse(last('/_sprout/v1/ai/chat').body)).toEqual({
      messages: [
        { role: 'user', content: 'hold' },
        { role: 'assistant', content: 'Once more' },
        { role: 'user', content: 'again' },
      ],
      system: 'Be brief.',
      maxTokens: 100,
    });
    await expect.poll(() => text('#chat-state')).toBe('idle');

    // Stopped: the request is abandoned (the server sees it close) and what came so far stays.
    await say('hold');
    await expect.poll(() => text('#chat')).toMatch(/\| user: hold \| assistant: Once$/);
    await page.click('#stop');
    await expect.poll(() => text('#chat-state')).toBe('idle');
    await expect.poll(() => heldClosed).toBe(true);
    expect(await text('#chat')).toMatch(/\| user: hold \| assistant: Once$/);

    // Refused: the error is kept for the app to show, and no empty reply is left behind.
    await say('cap');
    await expect.poll(() => text('#chat-state')).toBe(`ai_cap_reached: ${CAP_REACHED}`);
    expect(await text('#chat')).toMatch(/\| assistant: Once \| user: cap$/);

    // Reset while a reply is being written: it is abandoned and never comes back.
    await say('hold');
    await expect.poll(() => text('#chat')).toMatch(/\| user: hold \| assistant: Once$/);
    await page.click('#reset');
    await expect.poll(() => heldClosed).toBe(true);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(await text('#chat')).toBe('');
    expect(await text('#chat-state')).toBe('idle');
  });

  it('makes a new visitor one visitor: nothing more is sent until the first answer brings their cookie', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-page': 'new-visitor' } });
    try {
      const fresh = await context.newPage();
      const streamsBefore = openStreams('entries');
      await fresh.goto(origin);
      // The page's list, its user and its live stream all start at once.
      await expect.poll(() => fresh.locator('#entries').textContent()).toMatch(/^\[/);
      await expect.poll(() => openStreams('entries')).toBe(streamsBefore + 1);
      await expect.poll(() => fresh.locator('#user-a').textContent()).toBe('signed out');
      const sent = seen.filter((s) => s.headers['x-page'] === 'new-visitor');
      expect(sent.map((s) => s.path)).toEqual(
        expect.arrayContaining(['/_sprout/v1/collections/entries', '/_sprout/v1/collections/entries/events', '/_sprout/v1/auth/me']),
      );
      const visitors = sent.map(visitorOf);
      // One request went as nobody and brought the cookie; every other one went as that visitor.
      expect(visitors.filter((v) => v === undefined)).toHaveLength(1);
      expect(new Set(visitors.filter((v) => v !== undefined)).size).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('starts a checkout: POSTs the order, then takes the browser to the checkout it is given; a refusal is a SproutError', async () => {
    const refused = await page.evaluate(async () => {
      const { payments } = (window as unknown as Harness).sprout;
      const order = { items: [{ name: 'Cake', amount: 450, currency: 'eur', quantity: 2 }], successPath: '/thanks', cancelPath: '/cart' };
      return payments
        .checkout({ ...order, metadata: { live: 'yes' } })
        .catch((e: { name: string; code: string; status: number }) => [e.name, e.code, e.status]);
    });
    expect(refused).toEqual(['SproutError', 'payments_not_set_up', 503]);
    expect(page.url()).toBe(`${origin}/`);
    const order = {
      items: [{ name: 'Cake', amount: 450, currency: 'eur', quantity: 2 }],
      successPath: '/thanks',
      cancelPath: '/cart',
      metadata: { table: '4' },
    };
    await Promise.all([
      page.waitForURL(`${origin}/_sprout/v1/payments/test-checkout/tok`),
      page.evaluate((o) => void (window as unknown as Harness).sprout.payments.checkout(o), order),
    ]);
    expect(JSON.parse(last('/_sprout/v1/payments/checkout').body)).toEqual(order);
    // Back to the app for what follows.
    await page.goto(origin);
    await page.waitForFunction(() => 'sprout' in window);
  });

  it('sends requests to its own origin under /_sprout/v1/', () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const s of seen) expect(s.headers.host).toBe(new URL(origin).host);
  });
});
