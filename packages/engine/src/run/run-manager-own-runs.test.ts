import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@sprout/db/testing';
import { sql } from 'drizzle-orm';
import { getRun, listRunEvents, type DbHandle } from '@sprout/db';
import { InProcessRunEventHub } from './event-hub';
import { RunManager } from './run-manager';
import { seedRun } from '../testing/seed-run';
import { gatedModel, messageRun, neverBuilds } from '../testing/mock-runs';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

// On a machine so busy that the event loop stalls longer than a lease, the lease renewal and the
// sweep fall due at the same moment and race: a sweep that won ended the run its own process was
// executing ('interrupted' while it was writing). A late renewal is what the stale lease below stands for.
describe('a sweep on the instance that executes a run', () => {
  it('never ends that run, however late its lease renewal; a stale run of a dead process still ends', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => (release = r));
    const own = await seedRun(h.db);
    const orphan = await seedRun(h.db);
    const manager = new RunManager({ db: h.db, hub: new InProcessRunEventHub(), build: neverBuilds, packages: {} }, { leaseSeconds: 30 });
    manager.start(messageRun(own, gatedModel(released), 'hello'));
    await h.db.execute(sql`update runs set heartbeat_at = now() - interval '1 hour' where id in (${own.run.id}, ${orphan.run.id})`);

    expect(await manager.recoverInterrupted()).toBe(1);
    expect(await getRun(h.db, orphan.run.id)).toMatchObject({ status: 'interrupted' });
    expect(await getRun(h.db, own.run.id)).toMatchObject({ status: 'running' });
    release();
    await manager.settled(own.run.id);
    expect(await getRun(h.db, own.run.id)).toMatchObject({ status: 'succeeded' });
    expect((await listRunEvents(h.db, own.run.id)).at(-1)).toMatchObject({ type: 'run.finished' });
    await manager.close();
  });
});
