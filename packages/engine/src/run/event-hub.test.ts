import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@sprout/db/testing';
import { insertRun, insertSprout, listRunEvents, newId, type DbHandle } from '@sprout/db';
import { InProcessRunEventHub } from './event-hub';
import { MAX_UNSTORED_EVENTS, RunEventRecorder } from './event-recorder';
import type { RunEvent } from './events';
import { followRunEvents } from './follow-events';
import { seedRun } from '../testing/seed-run';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const ev = (seq: number): RunEvent => ({ runId: 'r', seq, type: 'text.delta', data: { text: String(seq) }, at: new Date().toISOString() });

describe('InProcessRunEventHub', () => {
  it('delivers live, keeps unstored events as backlog until marked persisted, and forgets listeners', () => {
    const hub = new InProcessRunEventHub();
    hub.publish(ev(1));
    const got: number[] = [];
    const sub = hub.subscribe('r', (e) => got.push(e.seq));
    expect(sub.backlog.map((e) => e.seq)).toEqual([1]);
    hub.publish(ev(2));
    hub.markPersisted('r', 1);
    expect(hub.subscribe('r', () => {}).backlog.map((e) => e.seq)).toEqual([2]);
    hub.markPersisted('r', 2);
    expect(hub.size.unpersisted).toBe(0);
    sub.unsubscribe();
    hub.publish(ev(3));
    expect(got).toEqual([2]);
  });
});

describe('RunEventRecorder + followRunEvents', () => {
  it('stores every event once, in order, while delivering them at once', async () => {
    const { run } = await seedRun(h.db);
    const hub = new InProcessRunEventHub();
    const rec = new RunEventRecorder(h.db, hub, run.id);
    const live: number[] = [];
    hub.subscribe(run.id, (e) => live.push(e.seq));
    for (let i = 0; i < 50; i++) rec.emit('text.delta', { text: `${i}` });
    expect(live).toHaveLength(50); // before anything was written
    rec.emit('run.stopped', { model: 'offline', tokensIn: 0, tokensOut: 0, fixRounds: 0, durationMs: 1 });
    await rec.close();
    expect((await listRunEvents(h.db, run.id)).map((e) => e.seq)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
    expect(hub.size.unpersisted).toBe(0);
  });

  it('gives followers that join at any moment every event exactly once, ending at the terminal event', async () => {
    const { run } = await seedRun(h.db);
    const hub = new InProcessRunEventHub();
    const rec = new RunEventRecorder(h.db, hub, run.id);
    const followers: Promise<number[]>[] = [];
    const join = (after = 0) => {
      followers.push(
        (async () => {
          const seqs: number[] = [];
          for await (const e of followRunEvents(h.db, hub, run.id, after)) seqs.push(e.seq);
          return seqs;
        })(),
      );
    };
    join();
    for (let i = 1; i <= 300; i++) {
      rec.emit('text.delta', { text: `${i}` });
      // Followers join while some events are stored, some only published, some still to come.
      if (i % 37 === 0) join();
      if (i % 50 === 0) join(i - 10);
      if (i % 23 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    rec.emit('run.finished', { model: 'offline', tokensIn: 1, tokensOut: 1, fixRounds: 0, durationMs: 1, versionId: null, summary: null, remainingIssues: 0 });
    join();
    await rec.close();
    join(); // after everything is stored and the hub forgot the run
    join(301); // a client that already has the end
    const results = await Promise.all(followers);
    const all = Array.from({ length: 301 }, (_, i) => i + 1);
    for (const seqs of results.slice(0, -1)) expect(all.slice(all.length - seqs.length)).toEqual(seqs);
    expect(results[0]).toEqual(all);
    expect(results.at(-1)).toEqual([]);
  });

  it('delivers no more than MAX_UNSTORED_EVENTS ahead of storage, then the held ones in order once they are stored', async () => {
    const { user } = await seedRun(h.db);
    const sprout = await insertSprout(h.db, { ownerId: user.id, displayName: 'Outage' });
    // A run whose row is not there yet: every write of its events fails, as in a database outage.
    const runId = newId();
    const hub = new InProcessRunEventHub();
    const failures: unknown[] = [];
    const rec = new RunEventRecorder(h.db, hub, runId, (err) => failures.push(err));
    const live: number[] = [];
    hub.subscribe(runId, (e) => live.push(e.seq));
    const total = MAX_UNSTORED_EVENTS + 50;
    for (let i = 1; i <= total; i++) rec.emit('text.delta', { text: `${i}` });
    await rec.flush();
    expect(failures.length).toBeGreaterThan(0);
    expect(live).toEqual(Array.from({ length: MAX_UNSTORED_EVENTS }, (_, i) => i + 1));

    // Storage works again: everything is stored, and the held events follow, each once.
    await insertRun(h.db, { id: runId, sproutId: sprout.id, userId: user.id, model: 'offline', baseVersionId: null });
    rec.emit('run.stopped', { model: 'offline', tokensIn: 0, tokensOut: 0, fixRounds: 0, durationMs: 1 });
    await rec.close();
    expect(live).toEqual(Array.from({ length: total + 1 }, (_, i) => i + 1));
    expect((await listRunEvents(h.db, runId)).map((e) => e.seq)).toEqual(live);
  });
});
