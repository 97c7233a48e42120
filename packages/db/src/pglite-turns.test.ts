import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLICE_MS, withEventLoopTurns, type PgliteClient } from './pglite-turns';

let raw: PGlite;
beforeAll(async () => {
  raw = await PGlite.create();
  await raw.query('create table t (n int)');
});
afterAll(async () => {
  await raw?.close();
});

/** How many of 10 slow statements of one transaction ran before a callback queued with setImmediate as it started. */
async function statementsBeforeOtherWork(client: PgliteClient): Promise<number> {
  let done = 0;
  let seenAt = -1;
  const tx = client.transaction(async (t) => {
    for (let i = 0; i < 10; i++) {
      // Each statement takes longer than a slice (a join over 200,000 rows).
      await t.query('select count(*) from generate_series(1, 200000) a join generate_series(1, 10) b on true where a % 7 = $1', [i % 7]);
      done++;
    }
  });
  setImmediate(() => (seenAt = done));
  await tx;
  // Not run yet when the transaction ended: all of them ran first.
  return seenAt === -1 ? done : seenAt;
}

describe('withEventLoopTurns', () => {
  it('lets other work of the process run between the statements of a long transaction', async () => {
    // The raw client holds the event loop for the whole transaction; the wrapped one lets it turn.
    expect(await statementsBeforeOtherWork(raw)).toBe(10);
    expect(await statementsBeforeOtherWork(withEventLoopTurns(raw))).toBeLessThan(2);
  });

  it('does not make statements in quick succession each wait for a turn', async () => {
    const client = withEventLoopTurns(raw);
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await new Promise((resolve) => setImmediate(resolve));
    const before = turns;
    const started = performance.now();
    for (let i = 0; i < 200; i++) await client.query('select $1::int as n', [i]);
    const elapsed = performance.now() - started;
    counting = false;
    // 200 quick statements: the loop turned once a slice at most, not once a statement. Bounded by
    // the time they took, not by a count: on a busy machine the same statements take more slices.
    expect(turns - before).toBeLessThanOrEqual(Math.ceil(elapsed / SLICE_MS) + 2);
  });

  it('answers queries and rolls a failed transaction back as PGlite does', async () => {
    const client = withEventLoopTurns(raw);
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await expect(
      client.transaction(async (t) => {
        await t.query('insert into t values (-1)');
        await t.query('select * from missing_table');
      }),
    ).rejects.toThrow(/missing_table/);
    expect((await client.query<{ n: number }>('select count(*)::int as n from t where n = -1')).rows).toEqual([{ n: 0 }]);
  });
});
