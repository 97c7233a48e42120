import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@sprout/db/testing';
import { sql } from 'drizzle-orm';
import { finishRun, getRun, getUsageStats, insertMessageUsage, insertRunEvents, listMessages, listRunEvents, recordRunTokens, type DbHandle } from '@sprout/db';
import { MockLanguageModelV3 } from 'ai/test';
import { PreviewBuilder } from '@sprout/preview';
import { ALLOWED_PACKAGES, starterFiles, TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import os from 'node:os';
import path from 'node:path';
import { InProcessRunEventHub } from './event-hub';
import { MAX_UNSTORED_EVENTS } from './event-recorder';
import { RunManager } from './run-manager';
import { seedRun } from '../testing/seed-run';
import { FINISHED, gatedModel, messageRun, neverBuilds } from '../testing/mock-runs';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

describe('RunManager', () => {
  it('ends runs a restart interrupted: interrupted, refunded, with a chat message and a terminal event', async () => {
    const { user, sprout, run } = await seedRun(h.db);
    await insertMessageUsage(h.db, { userId: user.id, runId: run.id });
    await insertRunEvents(h.db, [{ runId: run.id, seq: 1, type: 'text.delta', data: { text: 'Adding a board' }, createdAt: new Date() }]);
    expect((await getUsageStats(h.db, user.id)).dailyMessages.used).toBe(1);
    const manager = new RunManager({ db: h.db, hub: new InProcessRunEventHub(), build: neverBuilds, packages: {} });
    expect(await manager.recoverInterrupted({ all: true })).toBeGreaterThanOrEqual(1);
    expect(await getRun(h.db, run.id)).toMatchObject({ status: 'interrupted', errorCode: 'interrupted', error: expect.stringContaining('not counted') });
    const events = await listRunEvents(h.db, run.id);
    // Numbered after anything the dead process may have streamed without storing it.
    expect(events.at(-1)).toMatchObject({ seq: 2 + MAX_UNSTORED_EVENTS, type: 'run.failed', data: { code: 'interrupted', refunded: true } });
    expect((await getUsageStats(h.db, user.id)).dailyMessages.used).toBe(0);
    expect((await listMessages(h.db, sprout.id)).filter((m) => m.runId === run.id).map((m) => [m.role, m.content])).toEqual([['assistant', 'Adding a board']]);
    await manager.close();
  });

  it('with several instances, interrupts only runs whose lease went stale', async () => {
    const alive = await seedRun(h.db);
    const orphan = await seedRun(h.db);
    await h.db.execute(sql`update runs set heartbeat_at = now() - interval '1 hour' where id = ${orphan.run.id}`);
    const manager = new RunManager({ db: h.db, hub: new InProcessRunEventHub(), build: neverBuilds, packages: {} }, { leaseSeconds: 30 });
    await manager.recoverInterrupted();
    expect(await getRun(h.db, alive.run.id)).toMatchObject({ status: 'running' });
    expect(await getRun(h.db, orphan.run.id)).toMatchObject({ status: 'interrupted' });
    // A second sweeper (another instance) finds nothing left to end: each orphan is ended once.
    expect(await new RunManager({ db: h.db, hub: new InProcessRunEventHub(), build: neverBuilds, packages: {} }).recoverInterrupted()).toBe(0);
    expect((await listRunEvents(h.db, orphan.run.id)).map((e) => e.type)).toEqual(['run.failed']);
    await manager.stop(alive.run);
    await manager.close();
  });

  it('with a queue, leaves a run no process has taken to wait, ends one that waited too long, and stops one at once', async () => {
    const [waiting, forgotten, toStop, taken] = [await seedRun(h.db), await seedRun(h.db), await seedRun(h.db), await seedRun(h.db)];
    // All four past the lease; only `taken` was ever taken by a process (which died).
    for (const { run } of [waiting, forgotten, toStop, taken])
      await h.db.execute(sql`update runs set heartbeat_at = now() - interval '1 hour', owner_instance = null where id = ${run.id}`);
    await h.db.execute(sql`update runs set created_at = now() - interval '2 hours' where id = ${forgotten.run.id}`);
    await h.db.execute(sql`update runs set owner_instance = 'dead' where id = ${taken.run.id}`);
    const manager = new RunManager(
      { db: h.db, hub: new InProcessRunEventHub(), build: neverBuilds, packages: {} },
      { leaseSeconds: 30, queueWaitSeconds: 600 },
    );
    await manager.recoverInterrupted();
    expect(await getRun(h.db, waiting.run.id)).toMatchObject({ status: 'running' });
    expect(await getRun(h.db, toStop.run.id)).toMatchObject({ status: 'running' });
    expect(await getRun(h.db, forgotten.run.id)).toMatchObject({ status: 'interrupted' });
    expect(await getRun(h.db, taken.run.id)).toMatchObject({ status: 'interrupted' });
    // A queued run is stopped where the stop arrives: no process executes it to ask.
    await h.db.execute(sql`update runs set heartbeat_at = now() where id = ${toStop.run.id}`);
    expect(await manager.stop((await getRun(h.db, toStop.run.id))!)).toBe('stopped');
    expect((await listRunEvents(h.db, toStop.run.id)).map((e) => e.type)).toEqual(['run.stopped']);
    await manager.stop(waiting.run);
    await manager.close();
  });

  it('ends an orphan once when two instances sweep at the same moment', async () => {
    const orphans = [await seedRun(h.db), await seedRun(h.db)];
    for (const { run } of orphans) await h.db.execute(sql`update runs set heartbeat_at = now() - interval '1 hour' where id = ${run.id}`);
    const sweepers = [0, 1].map(() => new RunManager({ db: h.db, hub: new InProcessRunEventHub(), build: neverBuilds, packages: {} }, { leaseSeconds: 30 }));
    await Promise.all(sweepers.map((m) => m.recoverInterrupted()));
    // Then again, as each instance's next sweep would: nothing left to end.
    await Promise.all(sweepers.map((m) => m.recoverInterrupted()));
    for (const { run } of orphans) expect((await listRunEvents(h.db, run.id)).map((e) => e.type)).toEqual(['run.failed']);
    for (const m of sweepers) await m.close();
  });

  it('writes the end a run’s process died before writing: a committed version’s run.finished, once, never for a live one', async () => {
    const committed = await seedRun(h.db);
    const live = await seedRun(h.db);
    for (const { run, version } of [committed, live]) {
      await finishRun(h.db, run.id, { status: 'succeeded', resultVersionId: version.id, summary: 'Added a board', tokensIn: 10, tokensOut: 5, fixRounds: 1 });
      await insertRunEvents(h.db, [{ runId: run.id, seq: 1, type: 'text.delta', data: { text: 'Adding a board' }, createdAt: new Date() }]);
    }
    // The first one's process died after the commit: its lease went stale. The other's is alive.
    await h.db.execute(sql`update runs set heartbeat_at = now() - interval '1 hour' where id = ${committed.run.id}`);
    const hub = new InProcessRunEventHub();
    const heard: string[] = [];
    hub.subscribe(committed.run.id, (e) => heard.push(e.type));
    const manager = new RunManager({ db: h.db, hub, build: neverBuilds, packages: {} }, { leaseSeconds: 30 });
    expect(await manager.recoverInterrupted()).toBe(1);
    expect((await listRunEvents(h.db, committed.run.id)).at(-1)).toMatchObject({
      seq: 2 + MAX_UNSTORED_EVENTS,
      type: 'run.finished',
      data: { versionId: committed.version.id, summary: 'Added a board', tokensIn: 10, tokensOut: 5, fixRounds: 1 },
    });
    expect(heard).toEqual(['run.finished']);
    expect(await getRun(h.db, committed.run.id)).toMatchObject({ status: 'succeeded' });
    expect((await listMessages(h.db, committed.sprout.id)).filter((m) => m.runId === committed.run.id).map((m) => m.content)).toEqual(['Adding a board']);
    // Another instance's sweeper finds nothing more; the live run is left to its process.
    expect(await new RunManager({ db: h.db, hub, build: neverBuilds, packages: {} }, { leaseSeconds: 30 }).recoverInterrupted()).toBe(0);
    expect((await listRunEvents(h.db, live.run.id)).map((e) => e.type)).toEqual(['text.delta']);
    await manager.close();
  });

  it('gives a failure recorded without its event the run.failed it says, with the refund as it was made', async () => {
    const { user, run } = await seedRun(h.db);
    await insertMessageUsage(h.db, { userId: user.id, runId: run.id });
    await finishRun(h.db, run.id, { status: 'failed', error: 'The model did not answer.', errorCode: 'provider_error' });
    await h.db.execute(sql`update runs set heartbeat_at = now() - interval '1 hour' where id = ${run.id}`);
    const manager = new RunManager({ db: h.db, hub: new InProcessRunEventHub(), build: neverBuilds, packages: {} }, { leaseSeconds: 30 });
    expect(await manager.recoverInterrupted()).toBeGreaterThanOrEqual(1);
    expect((await listRunEvents(h.db, run.id)).map((e) => [e.type, e.data.code, e.data.message, e.data.refunded])).toEqual([
      ['run.failed', 'provider_error', 'The model did not answer.', false],
    ]);
    await manager.close();
  });

  it('fails a run that takes too long, leaving the project as it was', async () => {
    const seeded = await seedRun(h.db);
    const { run } = seeded;
    const model = new MockLanguageModelV3({
      doStream: async ({ abortSignal }) => ({
        stream: new ReadableStream({
          start(controller) {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: '1' });
            controller.enqueue({ type: 'text-delta', id: '1', delta: 'Thinking' });
            abortSignal?.addEventListener('abort', () => controller.error(abortSignal.reason));
          },
        }),
      }),
    });
    const manager = new RunManager({ db: h.db, hub: new InProcessRunEventHub(), build: neverBuilds, packages: {}, timeoutMs: 300 });
    manager.start(messageRun(seeded, model, 'hello'));
    expect(manager.isRunning(run.id)).toBe(true);
    await manager.settled(run.id);
    expect(await getRun(h.db, run.id)).toMatchObject({ status: 'failed', errorCode: 'timeout', resultVersionId: null });
    const events = await listRunEvents(h.db, run.id);
    expect(events.map((e) => e.type)).toEqual(['run.started', 'text.delta', 'run.failed']);
    expect(events.at(-1)!.data).toMatchObject({ code: 'timeout', message: expect.stringContaining('took too long') });
    // The unfinished answer is metered: its prompt, and "Thinking" (8 characters, 2 tokens) streamed.
    const ended = (await getRun(h.db, run.id))!;
    expect(ended.tokensIn).toBeGreaterThan(100);
    expect(ended.tokensOut).toBe(2);
    expect(events.at(-1)!.data).toMatchObject({ tokensIn: ended.tokensIn, tokensOut: 2 });
  });

  it('meters what a run whose process died had spent: its tokens at its last model call, and what it streamed', async () => {
    const { run } = await seedRun(h.db);
    await recordRunTokens(h.db, run.id, { tokensIn: 1200, tokensInCached: 0, tokensOut: 3 });
    await insertRunEvents(h.db, [
      { runId: run.id, seq: 1, type: 'text.delta', data: { text: 'Adding a board to your app. ' }, createdAt: new Date() },
      { runId: run.id, seq: 2, type: 'file.delta', data: { path: 'client/src/App.tsx', text: 'x'.repeat(400) }, createdAt: new Date() },
    ]);
    await h.db.execute(sql`update runs set heartbeat_at = now() - interval '1 hour' where id = ${run.id}`);
    const manager = new RunManager({ db: h.db, hub: new InProcessRunEventHub(), build: neverBuilds, packages: {} }, { leaseSeconds: 30 });
    expect(await manager.recoverInterrupted()).toBeGreaterThanOrEqual(1);
    // 28 + 400 characters streamed: 107 tokens, more than the 3 recorded before the answer that was cut.
    expect(await getRun(h.db, run.id)).toMatchObject({ status: 'interrupted', tokensIn: 1200, tokensOut: 107 });
    expect((await listRunEvents(h.db, run.id)).at(-1)).toMatchObject({ type: 'run.failed', data: { tokensIn: 1200, tokensOut: 107 } });
    await manager.close();
  });

  it('lets a run that made its version finish its type check, whatever the lease renewals', async () => {
    const seeded = await seedRun(h.db, { files: starterFiles().map((f) => ({ path: f.name, content: f.content })) });
    const { run } = seeded;
    const app = "export default function App() {\n  const count: number = 'seven';\n  return <h1>{count}</h1>;\n}\n";
    const answer = `Showing a count.\n<sprout-write path="client/src/App.tsx">\n${app}</sprout-write>\n`;
    const model = new MockLanguageModelV3({
      doStream: async () => ({
        stream: new ReadableStream({
          start(controller) {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: '1' });
            controller.enqueue({ type: 'text-delta', id: '1', delta: answer });
            controller.enqueue({ type: 'text-end', id: '1' });
            controller.enqueue(FINISHED);
            controller.close();
          },
        }),
      }),
    });
    const previews = new PreviewBuilder({
      cacheDir: path.join(os.tmpdir(), 'sprout-preview-test-cache'),
      resolveDir: TEMPLATE_PACKAGE_DIR,
      allowed: ALLOWED_PACKAGES,
    });
    // Leases renewed every 100 ms: renewals fall between the version's commit and the end of its
    // type check (the compiler takes about a second), when the run is no longer 'running'.
    const manager = new RunManager(
      {
        db: h.db,
        hub: new InProcessRunEventHub(),
        build: (_sproutId, _versionId, files) => previews.build(files, { mode: 'preview', assetBase: '/_sprout/build/v/' }),
        packages: ALLOWED_PACKAGES,
        typeCheck: { timeoutMs: 25_000 },
      },
      { leaseSeconds: 0.3 },
    );
    manager.start(messageRun(seeded, model, 'Show a count'));
    await manager.settled(run.id);
    const events = await listRunEvents(h.db, run.id);
    expect(events.map((e) => e.type).slice(-4)).toEqual(['version.created', 'preview.ready', 'check.result', 'run.finished']);
    // The candidate came with its module list, for the page to hand to the preview frame.
    const candidate = events.find((e) => e.type === 'preview.candidate')!.data as { manifest?: { modules: Record<string, unknown> } };
    expect(Object.keys(candidate.manifest!.modules)).toContain('client/src/App.tsx');
    expect(events.find((e) => e.type === 'check.result')!.data).toMatchObject({
      ok: true,
      typeCheck: { status: 'errors', reason: null },
      typeErrors: [expect.objectContaining({ file: 'client/src/App.tsx', line: 2 })],
    });
    expect(await getRun(h.db, run.id)).toMatchObject({ status: 'succeeded' });
    await manager.close();
  });

  it('sends the app-backend checks to a fix round: a guestbook for everyone gets its collection declared', async () => {
    const seeded = await seedRun(h.db, { files: starterFiles().map((f) => ({ path: f.name, content: f.content })) });
    const app =
      "import { useCollection } from '@/lib/sprout';\nexport default function App() {\n  const { data } = useCollection('entries');\n  return <ul>{data.map((e) => <li key={e.id}>{e.name}</li>)}</ul>;\n}\n";
    const rules = '{"collections":{"entries":{"create":"anyone","read":"anyone","update":"creator","delete":"creator"}}}\n';
    const answers = [
      `A guestbook.\n<sprout-write path="client/src/App.tsx">\n${app}</sprout-write>\n`,
      `Declared the entries.\n<sprout-write path="sprout.data.json">\n${rules}</sprout-write>\n`,
    ];
    const prompts: string[] = [];
    const model = new MockLanguageModelV3({
      doStream: async ({ prompt }) => {
        prompts.push(JSON.stringify(prompt));
        const answer = answers[prompts.length - 1] ?? 'Nothing more.';
        return {
          stream: new ReadableStream({
            start(controller) {
              controller.enqueue({ type: 'stream-start', warnings: [] });
              controller.enqueue({ type: 'text-start', id: '1' });
              controller.enqueue({ type: 'text-delta', id: '1', delta: answer });
              controller.enqueue({ type: 'text-end', id: '1' });
              controller.enqueue(FINISHED);
              controller.close();
            },
          }),
        };
      },
    });
    const previews = new PreviewBuilder({
      cacheDir: path.join(os.tmpdir(), 'sprout-preview-test-cache'),
      resolveDir: TEMPLATE_PACKAGE_DIR,
      allowed: ALLOWED_PACKAGES,
    });
    const manager = new RunManager({
      db: h.db,
      hub: new InProcessRunEventHub(),
      build: (_sproutId, _versionId, files) => previews.build(files, { mode: 'preview', assetBase: '/_sprout/build/v/' }),
      packages: ALLOWED_PACKAGES,
      typeCheck: false,
    });
    manager.start(messageRun(seeded, model, 'A guestbook where everyone can leave a message'));
    await manager.settled(seeded.run.id);
    const events = await listRunEvents(h.db, seeded.run.id);
    const fix = events.find((e) => e.type === 'fix.started')!.data as { reason: string; issues: { file: string; message: string }[] };
    expect(fix.reason).toBe('errors');
    expect(fix.issues).toEqual([
      expect.objectContaining({ file: 'client/src/App.tsx', message: expect.stringContaining('Collection "entries" is not declared') }),
    ]);
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).toContain('Collection \\"entries\\" is not declared in sprout.data.json');
    expect(events.filter((e) => e.type === 'check.result').map((e) => (e.data as { ok: boolean }).ok)).toEqual([false, true]);
    expect(await getRun(h.db, seeded.run.id)).toMatchObject({ status: 'succeeded' });
    // The reply opens with who sees what, from the rules committed (the model never said it).
    const sharing = 'Anyone can see and add entries; only the author can edit or delete theirs.';
    expect(events.find((e) => e.type === 'version.created')!.data).toMatchObject({ sharing });
    const reply = (await listMessages(h.db, seeded.sprout.id)).filter((m) => m.runId === seeded.run.id).map((m) => m.content);
    expect(reply).toEqual([`${sharing}\n\nA guestbook.\n\nDeclared the entries.`]);
    await manager.close();
  });

  it('compacts what runs streamed once they have ended long enough, keeping what they did and how they ended', async () => {
    const [old, recent, running] = [await seedRun(h.db), await seedRun(h.db), await seedRun(h.db)];
    for (const { run } of [old, recent, running])
      await insertRunEvents(h.db, [
        { runId: run.id, seq: 1, type: 'text.delta', data: { text: 'Adding a board' }, createdAt: new Date() },
        { runId: run.id, seq: 2, type: 'file.delta', data: { path: 'client/src/App.tsx', text: 'export' }, createdAt: new Date() },
        { runId: run.id, seq: 3, type: 'file.written', data: { path: 'client/src/App.tsx', bytes: 6, created: false }, createdAt: new Date() },
      ]);
    for (const { run } of [old, recent]) {
      await finishRun(h.db, run.id, { status: 'succeeded', summary: 'Added a board' });
      await insertRunEvents(h.db, [{ runId: run.id, seq: 4, type: 'run.finished', data: {}, createdAt: new Date() }]);
    }
    await h.db.execute(sql`update runs set finished_at = now() - interval '2 days' where id = ${old.run.id}`);
    const manager = new RunManager({ db: h.db, hub: new InProcessRunEventHub(), build: neverBuilds, packages: {} });
    expect(await manager.compact()).toBeGreaterThanOrEqual(2);
    const types = async (id: string) => (await listRunEvents(h.db, id)).map((e) => e.type);
    expect(await types(old.run.id)).toEqual(['file.written', 'run.finished']);
    expect(await types(recent.run.id)).toEqual(['text.delta', 'file.delta', 'file.written', 'run.finished']);
    expect(await types(running.run.id)).toEqual(['text.delta', 'file.delta', 'file.written']);
    await manager.stop(running.run);
    await manager.close();
  });

  it('drains: lets the runs it executes finish within the limit, and reports those still going at it', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => (release = r));
    const [first, second] = [await seedRun(h.db), await seedRun(h.db)];
    const manager = new RunManager({ db: h.db, hub: new InProcessRunEventHub(), build: neverBuilds, packages: {} });
    manager.start(messageRun(first, gatedModel(released), 'hello'));
    const draining = manager.drain(60_000);
    // Still waiting for the run; a run started meanwhile is waited for too.
    manager.start(messageRun(second, gatedModel(released), 'hello'));
    setTimeout(release, 50);
    expect(await draining).toEqual({ left: 0 });
    for (const { run } of [first, second]) expect((await getRun(h.db, run.id))?.status).toBe('succeeded');

    // One that does not end within the limit is left to close, which interrupts it.
    const stuck = await seedRun(h.db);
    manager.start(messageRun(stuck, gatedModel(new Promise(() => undefined)), 'hello'));
    expect(await manager.drain(100)).toEqual({ left: 1 });
    await manager.close();
    expect(await getRun(h.db, stuck.run.id)).toMatchObject({ status: 'interrupted' });
  });

  it('stops a run no process executes any more', async () => {
    const { run } = await seedRun(h.db);
    const hub = new InProcessRunEventHub();
    const manager = new RunManager({ db: h.db, hub, build: neverBuilds, packages: {} });
    expect(await manager.stop(run)).toBe('stopped');
    expect(await getRun(h.db, run.id)).toMatchObject({ status: 'stopped' });
    expect((await listRunEvents(h.db, run.id)).map((e) => e.type)).toEqual(['run.stopped']);
    expect(await manager.stop(run)).toBe('already-ended');
  });
});
