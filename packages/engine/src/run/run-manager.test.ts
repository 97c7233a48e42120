import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@sprout/db/testing';
import { sql } from 'drizzle-orm';
import { getRun, getUsageStats, insertMessageUsage, insertRunEvents, listMessages, listRunEvents, type DbHandle } from '@sprout/db';
import { MockLanguageModelV3 } from 'ai/test';
import { InProcessRunEventHub } from './event-hub';
import { RunManager } from './run-manager';
import { seedRun } from './run-test-support';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const neverBuilds = async () => {
  throw new Error('no build expected');
};

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
    expect(events.at(-1)).toMatchObject({ seq: 2, type: 'run.failed', data: { code: 'interrupted', refunded: true } });
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

  it('fails a run that takes too long, leaving the project as it was', async () => {
    const { sprout, version, run, user } = await seedRun(h.db);
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
    manager.start({
      runId: run.id,
      sproutId: sprout.id,
      userId: user.id,
      kind: 'message',
      messageId: null,
      request: 'hello',
      model: { id: 'mock', model, vision: false, offline: false },
      partialEdits: false,
      condensed: false,
      baseVersionId: version.id,
      images: [],
      fixBudget: 2,
    });
    expect(manager.isRunning(run.id)).toBe(true);
    await manager.settled(run.id);
    expect(await getRun(h.db, run.id)).toMatchObject({ status: 'failed', errorCode: 'timeout', resultVersionId: null });
    const events = await listRunEvents(h.db, run.id);
    expect(events.map((e) => e.type)).toEqual(['run.started', 'text.delta', 'run.failed']);
    expect(events.at(-1)!.data).toMatchObject({ code: 'timeout', message: expect.stringContaining('took too long') });
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
