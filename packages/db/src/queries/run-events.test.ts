import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { newId } from '../ids';
import { createUser } from './users';
import { insertSprout } from './sprouts';
import { insertRun } from './runs';
import { insertRunEvents, lastRunEventSeq, lastRunEventSeqs, listRunEvents, type RunEventRecord } from './run-events';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

async function newRun(): Promise<string> {
  const u = await createUser(h.db, { email: `events${Math.random()}@example.com`, passwordHash: 'x', displayName: 'E' });
  const s = await insertSprout(h.db, { ownerId: u.id, displayName: 'E' });
  return (await insertRun(h.db, { id: newId(), sproutId: s.id, userId: u.id, model: 'offline', baseVersionId: null })).id;
}

const events = (runId: string, seqs: number[]): RunEventRecord[] =>
  seqs.map((seq) => ({ runId, seq, type: 'text.delta', data: { text: `${seq}` }, createdAt: new Date() }));

describe('run events', () => {
  it('are stored once however often a batch is written, and read in order after a seq', async () => {
    const run = await newRun();
    await insertRunEvents(h.db, events(run, [1, 2, 3]));
    await insertRunEvents(h.db, events(run, [2, 3, 4]));
    expect((await listRunEvents(h.db, run)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect((await listRunEvents(h.db, run, 2)).map((e) => e.seq)).toEqual([3, 4]);
    expect(await lastRunEventSeq(h.db, run)).toBe(4);
  });

  it('tell how far each of several runs is stored in one answer, leaving out runs without events', async () => {
    const [a, b, empty] = [await newRun(), await newRun(), await newRun()];
    await insertRunEvents(h.db, [...events(a, [1, 2]), ...events(b, [1, 2, 3, 4, 5])]);
    expect(await lastRunEventSeqs(h.db, [a, b, empty, a])).toEqual(
      new Map([
        [a, 2],
        [b, 5],
      ]),
    );
    expect(await lastRunEventSeqs(h.db, [])).toEqual(new Map());
  });
});
