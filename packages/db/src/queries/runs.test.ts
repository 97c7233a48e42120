import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { newId } from '../ids';
import { createUser } from './users';
import { insertSprout } from './sprouts';
import { claimEndedRunsWithoutEnd, finishRun, insertRun, renewRunLeases } from './runs';
import { insertRunEvents } from './run-events';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const TERMINAL = ['run.finished', 'run.failed', 'run.stopped'];

/** A run of a project of its own, ended as `status` unless running, with events of these types. */
async function run(status: 'running' | 'succeeded' | 'failed', types: string[], leaseAgeSeconds = 3600): Promise<string> {
  const u = await createUser(h.db, { email: `runs${Math.random()}@example.com`, passwordHash: 'x', displayName: 'R' });
  const s = await insertSprout(h.db, { ownerId: u.id, displayName: 'R' });
  const id = (await insertRun(h.db, { id: newId(), sproutId: s.id, userId: u.id, model: 'offline', baseVersionId: null })).id;
  if (status !== 'running') await finishRun(h.db, id, { status });
  await insertRunEvents(
    h.db,
    types.map((type, i) => ({ runId: id, seq: i + 1, type, data: {}, createdAt: new Date() })),
  );
  await h.db.execute(sql`update runs set heartbeat_at = now() - make_interval(secs => ${leaseAgeSeconds}) where id = ${id}`);
  return id;
}

describe('ended runs without their terminal event', () => {
  it('are claimed once each: ended, lease stale, last event not terminal (or no event at all)', async () => {
    const committed = await run('succeeded', ['run.started', 'version.created']);
    const silent = await run('failed', []);
    const done = await run('succeeded', ['run.started', 'run.finished']);
    const running = await run('running', ['run.started']);
    const alive = await run('succeeded', ['run.started'], 0);
    const claimed = (await claimEndedRunsWithoutEnd(h.db, { staleSeconds: 30, terminalTypes: TERMINAL })).map((r) => r.id);
    expect(claimed).toEqual(expect.arrayContaining([committed, silent]));
    for (const id of [done, running, alive]) expect(claimed).not.toContain(id);
    // Claiming renewed their lease: a second sweeper finds them taken.
    const again = (await claimEndedRunsWithoutEnd(h.db, { staleSeconds: 30, terminalTypes: TERMINAL })).map((r) => r.id);
    expect(again).not.toContain(committed);
    expect(again).not.toContain(silent);
  });

  it('keep the lease of an ended run renewed by the instance that ran it, and report only running ones as alive', async () => {
    const ended = await run('succeeded', ['run.started']);
    const going = await run('running', ['run.started']);
    expect(await renewRunLeases(h.db, 'me', [ended, going])).toEqual([going]);
    // Claimed by this instance while it ran: its lease goes on being renewed after the row ended.
    await h.db.execute(sql`update runs set owner_instance = 'me', heartbeat_at = now() - interval '1 hour' where id = ${ended}`);
    expect(await renewRunLeases(h.db, 'me', [ended])).toEqual([]);
    expect((await claimEndedRunsWithoutEnd(h.db, { staleSeconds: 30, terminalTypes: TERMINAL })).map((r) => r.id)).not.toContain(ended);
  });
});
