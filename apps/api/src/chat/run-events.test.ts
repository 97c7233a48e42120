import { beforeAll, describe, expect, it } from 'vitest';
import { followRun, parseRunEvents, scaledTimeout, waitUntil, type FollowOptions } from '@sprout/testkit';
import {
  APP,
  createTestApp,
  expectWellFormed,
  fileOf,
  newProject,
  runEvents,
  send,
  sendAndWait,
  type Session,
  usedToday,
  useModelTestApp,
  versionsOf,
  writeApp,
} from '../testing';

const { t, fake } = useModelTestApp({ STAFF_EMAILS: 'events-owner@example.com' });
let base: string;
let owner: Session;

beforeAll(async () => {
  base = await t.listen();
  owner = await t.register({ email: 'events-owner@example.com' });
});

/** Reads a run's SSE stream over real HTTP as the web app's origin, until `until` says stop or the stream ends. */
const follow = (s: Session, runId: string, opts: FollowOptions = {}) =>
  followRun(base, s.idToken, runId, { headers: { origin: 'http://localhost:3000' }, ...opts });

const runStatus = async (s: Session, runId: string) => (await t.api('GET', `/build/v1/runs/${runId}`, { token: s.idToken })).json().status as string;

describe('run events over SSE', () => {
  it('delivers events while the model streams, and a reconnect with Last-Event-ID resumes without gaps or repeats', async () => {
    const sproutId = await newProject(t, owner);
    fake.reply({ text: writeApp(APP('Slow stream '.repeat(20))), chunkSize: 24, delayMs: 25 });
    const accepted = await send(t, owner, sproutId, 'Build it slowly');
    expect(accepted.statusCode).toBe(202);
    const { runId } = accepted.json();

    let statusAtFirstDelta = '';
    const first = await follow(owner, runId, {
      onEvent: async (e) => {
        if (e.type === 'text.delta' && !statusAtFirstDelta) statusAtFirstDelta = await runStatus(owner, runId);
      },
      until: (e) => e.type === 'file.delta' && e.seq > 12,
    });
    expect(statusAtFirstDelta).toBe('running');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(first.headers.get('x-accel-buffering')).toBe('no');
    expect(first.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');

    const last = first.events.at(-1)!.seq;
    const second = await follow(owner, runId, { lastEventId: last });
    expect(second.events[0]!.seq).toBe(last + 1);
    const joined = [...first.events, ...second.events];
    expectWellFormed(joined);
    expect(joined.at(-1)!.type).toBe('run.finished');

    // What a reconnecting client saw is exactly what was stored.
    const stored = await runEvents(t, owner, runId);
    expect(joined.map((e) => [e.seq, e.type, e.data])).toEqual(stored.map((e) => [e.seq, e.type, e.data]));
  });

  it('replays a finished run after any id, via Last-Event-ID or ?after=', async () => {
    const sproutId = await newProject(t, owner);
    fake.reply({ text: writeApp(APP('Replay')) });
    const { runId, events } = await sendAndWait(t, owner, sproutId, 'Build it');
    const fromHeader = await runEvents(t, owner, runId, 3);
    expect(fromHeader.map((e) => e.seq)).toEqual(events.slice(3).map((e) => e.seq));
    const res = await t.api('GET', `/build/v1/runs/${runId}/events?after=5`, { token: owner.idToken });
    expect(parseRunEvents(res.body)[0]!.seq).toBe(6);
    const none = await runEvents(t, owner, runId, events.length);
    expect(none).toEqual([]);
  });
});

describe('open event streams', () => {
  it('are bounded per person: beyond the cap a stream is refused with 429 until one closes', async () => {
    const person = await t.register();
    const sproutId = await newProject(t, person);
    fake.reply({ text: 'Thinking…', hold: true });
    const { runId } = (await send(t, person, sproutId, 'Build it')).json();
    const open = (signal?: AbortSignal) => fetch(`${base}/build/v1/runs/${runId}/events`, { headers: { authorization: `Bearer ${person.idToken}` }, signal });
    const controllers = Array.from({ length: 20 }, () => new AbortController());
    const held = await Promise.all(controllers.map((c) => open(c.signal)));
    expect(held.map((r) => r.status)).toEqual(held.map(() => 200));
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'too_many_streams' });
    for (const c of controllers) c.abort();
    await waitUntil(
      async () => {
        const again = await open();
        await again.body?.cancel();
        return again.status === 200;
      },
      { what: 'a stream to be accepted once the others closed' },
    );
    expect((await t.api('POST', `/build/v1/runs/${runId}/stop`, { token: person.idToken })).statusCode).toBe(200);
  });
});

describe('one active run per project, and stop', () => {
  it('refuses a second message while a reply is written, stops mid-file without a version, then accepts the next', async () => {
    const free = await t.register();
    const sproutId = await newProject(t, free);
    const before = await versionsOf(t, free, sproutId);
    const starter = await fileOf(t, free, sproutId, 'client/src/App.tsx');
    const full = writeApp(APP('Never finished'));
    fake.reply({ text: full.slice(0, full.indexOf('<h1')), hold: true });
    const accepted = await send(t, free, sproutId, 'Build it');
    expect(accepted.statusCode).toBe(202);
    const { runId } = accepted.json();

    const second = await send(t, free, sproutId, 'And another thing');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 'run_active', message: 'A reply is still being written for this project. Wait for it to finish or stop it.' });
    const active = await t.api('GET', `/build/v1/sprouts/${sproutId}/runs/active`, { token: free.idToken });
    expect(active.json().run).toMatchObject({ id: runId, status: 'running' });
    // A manual edit or a restore would be overwritten by the run: refused too.
    const edit = await t.api('PUT', `/build/v1/sprouts/${sproutId}/files`, {
      token: free.idToken,
      body: { path: 'client/src/x.ts', content: 'x', baseVersionId: before.currentVersionId },
    });
    expect(edit.statusCode).toBe(409);

    const seen = await follow(free, runId, { until: (e) => e.type === 'file.delta' });
    expect(seen.events.some((e) => e.type === 'file.started')).toBe(true);
    const stop = await t.api('POST', `/build/v1/runs/${runId}/stop`, { token: free.idToken });
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ id: runId, status: 'stopped', resultVersionId: null });

    const events = await runEvents(t, free, runId);
    expectWellFormed(events);
    expect(events.at(-1)!.type).toBe('run.stopped');
    expect(events.some((e) => e.type === 'version.created' || e.type === 'file.written')).toBe(false);
    expect(await versionsOf(t, free, sproutId)).toEqual(before);
    expect(await fileOf(t, free, sproutId, 'client/src/App.tsx')).toBe(starter);
    // Stopping is the person's choice: the message counts.
    expect(await usedToday(t, free)).toBe(1);
    // Stopping again is harmless.
    expect((await t.api('POST', `/build/v1/runs/${runId}/stop`, { token: free.idToken })).json()).toMatchObject({ status: 'stopped' });

    fake.reply({ text: 'Ready.' });
    const next = await sendAndWait(t, free, sproutId, 'Try again');
    expect(next.types.at(-1)).toBe('run.finished');
  });

  it('lets only one of two simultaneous messages start a run, and charges only that one', async () => {
    const free = await t.register();
    const sproutId = await newProject(t, free);
    // Answers that change the app: a short prose answer that changes nothing is not charged (no-change-refund.test.ts).
    fake.reply({ text: writeApp(APP('One')), delayMs: 20 }, { text: writeApp(APP('Two')), delayMs: 20 });
    const results = await Promise.all([send(t, free, sproutId, 'first'), send(t, free, sproutId, 'second')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    const { runId } = results.find((r) => r.statusCode === 202)!.json();
    await runEvents(t, free, runId);
    expect(await usedToday(t, free)).toBe(1);
    // The refused one left no message behind.
    const chat = (await t.api('GET', `/build/v1/sprouts/${sproutId}/messages`, { token: free.idToken })).json().messages;
    expect(chat.filter((m: { role: string }) => m.role === 'user')).toHaveLength(1);
    fake.requests.length = 0;
    while (fake.pending) await sendAndWait(t, owner, await newProject(t, owner), 'drain the queue');
  });
});

describe('shutdown', () => {
  it('ends running runs as interrupted (refunded) and closes open event streams', async () => {
    const app = await createTestApp({ SPROUT_MODEL: `openai-compatible:${fake.url}#fake-coder`, MODEL_MAX_RETRIES: '0' });
    const url = await app.listen();
    const s = await app.register();
    const sproutId = await newProject(app, s);
    // The model never finishes this answer: only the shutdown can end the run and its stream.
    fake.reply({ text: 'Working on it…', hold: true });
    const { runId } = (await send(app, s, sproutId, 'Build it')).json();
    let closing: Promise<void> | undefined;
    const { events } = await followRun(url, s.idToken, runId, {
      onEvent: (e) => {
        if (e.type === 'text.delta') closing ??= app.close();
      },
    });
    // The shutdown finished although the model was still answering, and the open stream ended with it.
    await closing;
    expect(closing).toBeDefined();
    expect(events.at(-1)).toMatchObject({ type: 'run.failed', data: { code: 'interrupted', refunded: true } });
  });
});

describe('a reader that falls behind', () => {
  it('gets every event once it reads again, and the stream collects no listeners while it waits', { timeout: scaledTimeout(180_000) }, async () => {
    const sproutId = await newProject(t, owner);
    // Thousands of small events: far more than the socket buffers while nobody reads.
    fake.reply({ text: writeApp(APP('Back pressure '.repeat(1500))), chunkSize: 8 });
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      const { runId } = (await send(t, owner, sproutId, 'Build it')).json();
      const url = new URL(`/build/v1/runs/${runId}/events`, base);
      const { request } = await import('node:http');
      const body = await new Promise<string>((resolve, reject) => {
        const req = request(url, { headers: { authorization: `Bearer ${owner.idToken}` } }, (res) => {
          res.pause();
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve(text));
          // Reads again only once the run has ended: every write after the buffers filled waited for drain.
          void waitUntil(async () => (await runStatus(owner, runId)) !== 'running', { timeout: 120_000, what: 'the run to end' }).then(
            () => res.resume(),
            reject,
          );
        });
        req.on('error', reject);
        req.end();
      });
      const events = parseRunEvents(body);
      expectWellFormed(events);
      expect(events.filter((e) => e.type === 'file.delta').length).toBeGreaterThan(1000);
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
