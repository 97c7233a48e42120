import { describe, expect, it } from 'vitest';
import { starterFiles } from '@sprout/template';
import { orderFiles, SETTLE_STEP, settledThrough } from './file-order';

const starter = new Map(starterFiles().map((f) => [f.name, f.content]));
const BUTTON = 'client/src/components/ui/button.tsx';

describe('orderFiles', () => {
  it('puts files still as the template has them first, by path, whatever their age', () => {
    const files = new Map(starter).set('client/src/Board.tsx', 'board');
    const paths = [...files.keys()].reverse();
    const order = orderFiles(paths, files, { since: new Map([['client/src/Board.tsx', 1]]), version: 1 });
    expect(order.reference).toEqual([...starter.keys()].sort());
    expect(order.settled).toEqual(['client/src/Board.tsx']);
    expect(order.recent).toEqual([]);
  });

  it('orders settled files oldest content first, and keeps files changed within the current step for the request', () => {
    const files = new Map([
      ['client/src/a.tsx', 'a'],
      ['client/src/b.tsx', 'b'],
      ['client/src/c.tsx', 'c'],
      ['client/src/d.tsx', 'd'],
      [BUTTON, 'a changed button'],
    ]);
    const since = new Map([
      ['client/src/a.tsx', 4],
      ['client/src/b.tsx', 2],
      ['client/src/c.tsx', 6],
      ['client/src/d.tsx', 5],
      [BUTTON, 1],
    ]);
    expect(orderFiles([...files.keys()], files, { since, version: 6 })).toEqual({
      reference: [],
      settled: [BUTTON, 'client/src/b.tsx', 'client/src/a.tsx', 'client/src/d.tsx'],
      recent: ['client/src/c.tsx'],
    });
    // Version 4 is in the first step: only content from version 1 has settled.
    expect(orderFiles([...files.keys()], files, { since, version: 4 }).settled).toEqual([BUTTON]);
  });

  it('moves the step every SETTLE_STEP versions', () => {
    expect([1, 2, SETTLE_STEP - 1].map(settledThrough)).toEqual([1, 1, 1]);
    expect([SETTLE_STEP, 2 * SETTLE_STEP - 1].map(settledThrough)).toEqual([SETTLE_STEP, SETTLE_STEP]);
    expect(settledThrough(2 * SETTLE_STEP)).toBe(2 * SETTLE_STEP);
  });

  it('settles every file when there is no history, and treats a file of unknown age as new', () => {
    const files = new Map([
      ['x.ts', 'x'],
      ['a.ts', 'a'],
    ]);
    expect(orderFiles(['x.ts', 'a.ts'], files)).toEqual({ reference: [], settled: ['a.ts', 'x.ts'], recent: [] });
    expect(orderFiles(['x.ts', 'a.ts'], files, { since: new Map([['a.ts', 1]]), version: 3 })).toEqual({ reference: [], settled: ['a.ts'], recent: ['x.ts'] });
  });
});
