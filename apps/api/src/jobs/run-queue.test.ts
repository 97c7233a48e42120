import { describe, expect, it } from 'vitest';
import { getRun, startMessageRun } from '@sprout/db';
import type { RunInput } from '@sprout/engine';
import { newProject, useTestApp } from '../testing';
import { InProcessRunQueue, queuedStart } from './run-queue';

const t = useTestApp();

describe('a run started through the queue', () => {
  it('is built in the transaction that inserts it and handed to the queue once that is in; a refused start hands nothing', async () => {
    const owner = await t.register();
    const sproutId = await newProject(t, owner);
    const s = t.app.services;
    const handed: RunInput[] = [];
    const queue = new InProcessRunQueue((input) => handed.push(input));
    const seenInTx: string[] = [];
    const send = () => {
      const start = queuedStart(queue, async (tx, run) => {
        // Inside the transaction: the run is there, as nobody outside sees it yet.
        seenInTx.push((await getRun(tx, run.id))!.status);
        return {
          runId: run.id,
          sproutId,
          userId: owner.user.id,
          kind: 'message',
          staff: false,
          messageId: run.messageId,
          request: 'hello',
          model: s.engine.model(null),
          partialEdits: false,
          condensed: false,
          baseVersionId: null,
          images: [],
          fixBudget: 2,
        };
      });
      const started = startMessageRun(
        s.db,
        { sproutId, userId: owner.user.id, text: 'hello', attachments: [], model: 'offline', baseVersionId: null },
        start.within,
      );
      return { start, started };
    };
    const first = send();
    const started = await first.started;
    expect(started.ok).toBe(true);
    expect(handed).toEqual([]);
    first.start.committed();
    expect(handed.map((i) => [i.runId, i.messageId, i.request])).toEqual([[started.ok ? started.run.id : '', started.ok ? started.message.id : '', 'hello']]);

    // The project has a run going: the second start is refused, and nothing reaches the queue.
    const second = send();
    expect(await second.started).toMatchObject({ ok: false, reason: 'run_active' });
    second.start.committed();
    expect(handed).toHaveLength(1);
    expect(seenInTx[0]).toBe('running');
    expect(await queue.waiting()).toBe(0);
  });
});
