import { describe, expect, it } from 'vitest';
import { starterFiles } from '@sprout/template';
import { orderFiles } from './file-order';

const starter = new Map(starterFiles().map((f) => [f.name, f.content]));
const BUTTON = 'client/src/components/ui/button.tsx';

describe('orderFiles', () => {
  it('puts the template’s kit first, by path, and its starter app (which answers rewrite) with the settled files', () => {
    const files = new Map(starter).set('client/src/Board.tsx', 'board');
    const paths = [...files.keys()].reverse();
    const since = new Map([...[...starter.keys()].map((p): [string, number] => [p, 1]), ['client/src/Board.tsx', 2]]);
    const order = orderFiles(paths, files, { since, version: 3 });
    expect(order.reference).toEqual([...order.reference].sort());
    expect(order.reference).toEqual(expect.arrayContaining([BUTTON, 'client/src/lib/utils.ts', 'package.json']));
    expect(order.reference).not.toContain('client/src/App.tsx');
    // The template's App.tsx (from version 1) comes first, Board.tsx (from 2) after it; nothing is from version 3.
    expect(order.settled).toContain('client/src/App.tsx');
    expect(order.settled.at(-1)).toBe('client/src/Board.tsx');
    expect(order.recent).toEqual([]);
    expect([...order.reference, ...order.settled].sort()).toEqual([...files.keys()].sort());
  });

  it('orders settled files oldest content first, and keeps the files the latest version changed for the request', () => {
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
    // The first version (the template) has nothing recent.
    expect(orderFiles([BUTTON], files, { since: new Map([[BUTTON, 1]]), version: 1 }).recent).toEqual([]);
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
