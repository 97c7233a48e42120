// Live events that cannot hang: a follower of a run executing on another instance reaches the run's
// end, whatever happened to the notifications that announce stored events. On a throwaway
// PostgreSQL cluster: LISTEN/NOTIFY is PostgreSQL's, and the two event hubs are the API's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPgListener, insertRunEvents, type DbHandle, type RunEventRecord } from '@sprout/db';
import { PgRunEventHub, type RunEvent } from '@sprout/engine';
import { seedRun } from '@sprout/engine/testing';
import { waitUntil } from '@sprout/testkit';
import { startCluster, type PgCluster } from './pg-cluster';

let cluster: PgCluster;
let url: string;
let handle: DbHandle;
const hubs: PgRunEventHub[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  url = await cluster.createDatabase('live');
  handle = await createDb({ databaseUrl: url, poolSize: 4 });
});
afterAll(async () => {
  for (const hub of hubs) await hub.close();
  await handle?.close();
  await cluster?.destroy();
});

async function hub(instanceId: string): Promise<PgRunEventHub> {
  const started = await PgRunEventHub.start(handle.db, createPgListener(url), instanceId);
  hubs.push(started);
  return started;
}

const record = (runId: string, seq: number, type: string, data: Record<string, unknown> = {}): RunEventRecord => ({
  runId,
  seq,
  type,
  data,
  createdAt: new Date(),
});

describe('live run events across instances', () => {
  it('reach a follower elsewhere when the notification of the run’s end is lost', async () => {
    const { run } = await seedRun(handle.db);
    const executing = await hub('executing');
    const following = await hub('following');
    const got: RunEvent[] = [];
    const subscription = following.subscribe(run.id, (e) => got.push(e));

    // The run's first events, stored and announced as a run does.
    await insertRunEvents(handle.db, [record(run.id, 1, 'run.started'), record(run.id, 2, 'text.delta', { text: 'Hello' })]);
    executing.markPersisted(run.id, 2);
    await waitUntil(() => got.length === 2, { what: 'the announced events on the other instance' });

    // Its end is stored, and the announcement never arrives (a NOTIFY that failed, a LISTEN
    // connection that was down at that moment): the follower has everything announced so far.
    await insertRunEvents(handle.db, [record(run.id, 3, 'run.stopped', { reason: 'user' })]);
    await waitUntil(() => got.some((e) => e.type === 'run.stopped'), { what: 'the run’s end on the following instance', timeout: 10_000 });
    expect(got.map((e) => [e.seq, e.type])).toEqual([
      [1, 'run.started'],
      [2, 'text.delta'],
      [3, 'run.stopped'],
    ]);
    subscription.unsubscribe();
  });
});
