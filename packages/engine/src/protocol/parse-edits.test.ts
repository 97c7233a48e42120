import { describe, expect, it } from 'vitest';
import { EditParser, parseEdits, parseSearchReplace, type EditEvent } from './parse-edits';

/** Merges text events and drops deltas, so results of different chunkings compare equal. */
function settled(events: EditEvent[]): EditEvent[] {
  const out: EditEvent[] = [];
  for (const e of events) {
    if (e.type === 'file-delta') continue;
    const last = out[out.length - 1];
    if (e.type === 'text' && last?.type === 'text') last.text += e.text;
    else out.push({ ...e });
  }
  return out;
}

function deltas(events: EditEvent[], path: string): string {
  return events
    .filter((e): e is Extract<EditEvent, { type: 'file-delta' }> => e.type === 'file-delta' && e.path === path)
    .map((e) => e.text)
    .join('');
}

function feedSplit(text: string, at: number[]): EditEvent[] {
  const p = new EditParser();
  const events: EditEvent[] = [];
  let prev = 0;
  for (const i of [...at, text.length]) {
    events.push(...p.push(text.slice(prev, i)));
    prev = i;
  }
  return [...events, ...p.end()];
}

const FIXTURES: Record<string, string> = {
  full: [
    "I'll add a task card and wire it into the board.",
    '',
    '<sprout-write path="client/src/components/TaskCard.tsx">',
    "import { Card } from '@/components/ui/card';",
    '',
    'export function TaskCard({ title }: { title: string }) {',
    '  return <Card className="p-3">{title}</Card>;',
    '}',
    '</sprout-write>',
    '',
    'Now the board uses it:',
    '',
    '<sprout-edit path="client/src/App.tsx">',
    '<<<<<<< SEARCH',
    "import { Button } from '@/components/ui/button';",
    '=======',
    "import { Button } from '@/components/ui/button';",
    "import { TaskCard } from '../components/TaskCard';",
    '>>>>>>> REPLACE',
    '<<<<<<< SEARCH',
    '      <p>Empty</p>',
    '=======',
    '      <TaskCard title="First" />',
    '>>>>>>> REPLACE',
    '</sprout-edit>',
    '',
    '<sprout-delete path="client/src/old.tsx" />',
    "<sprout-rename from='client/src/a.tsx' to='client/src/b.tsx'/>",
    '<sprout-summary>Added drag and drop between columns</sprout-summary>',
    'Done!',
  ].join('\n'),
  sloppy: [
    'Here you go:',
    '<sprout-write   path = "client/src/x.ts"  >',
    '```ts',
    'export const x = 1;',
    '```',
    '</sprout-write>',
    '  <sprout-delete path="client/src/y.ts">',
    '</sprout-delete>',
    '<sprout-summary>',
    'Multi-line',
    'summary',
    '</sprout-summary>',
  ].join('\r\n'),
  closingTextInsideFile: [
    '<sprout-write path="docs/notes.md">',
    'The tag </sprout-write> may appear inside a line.',
    '  but not alone at the start of one',
    '</sprout-write>',
  ].join('\n'),
  unclosed: ['Writing…', '<sprout-write path="client/src/cut.ts">', 'export const a = 1;', 'export const b'].join('\n'),
  interrupted: ['<sprout-write path="a.ts">', 'const a = 1;', '<sprout-write path="b.ts">', 'const b = 2;', '</sprout-write>'].join('\n'),
  junk: [
    '<sprout-frobnicate path="x">',
    '<sprout-write>',
    'content without a path',
    '</sprout-write>',
    '</sprout-edit>',
    '<sprout-edit path="z.ts">',
    'no markers',
    '</sprout-edit>',
    '<sprout-delete />',
    'tail',
  ].join('\n'),
  multilineTag: ['<sprout-write', '  path="client/src/m.ts">', 'export {};', '</sprout-write>'].join('\n'),
  html: ['<p>Some HTML prose</p>', '<sprout-write path="client/index.html">', '<!doctype html>', '<div id="root"></div>', '</sprout-write>'].join('\n'),
};

describe('parseEdits', () => {
  it('reads every action of the protocol', () => {
    expect(settled(parseEdits(FIXTURES.full!))).toEqual([
      { type: 'text', text: "I'll add a task card and wire it into the board.\n\n" },
      { type: 'file-start', path: 'client/src/components/TaskCard.tsx' },
      {
        type: 'file-end',
        path: 'client/src/components/TaskCard.tsx',
        content:
          'import { Card } from \'@/components/ui/card\';\n\nexport function TaskCard({ title }: { title: string }) {\n  return <Card className="p-3">{title}</Card>;\n}\n',
      },
      { type: 'text', text: '\nNow the board uses it:\n\n' },
      {
        type: 'edit',
        path: 'client/src/App.tsx',
        blocks: [
          {
            search: "import { Button } from '@/components/ui/button';",
            replace: "import { Button } from '@/components/ui/button';\nimport { TaskCard } from '../components/TaskCard';",
          },
          { search: '      <p>Empty</p>', replace: '      <TaskCard title="First" />' },
        ],
      },
      { type: 'text', text: '\n' },
      { type: 'delete', path: 'client/src/old.tsx' },
      { type: 'rename', from: 'client/src/a.tsx', to: 'client/src/b.tsx' },
      { type: 'summary', text: 'Added drag and drop between columns' },
      { type: 'text', text: 'Done!' },
    ]);
  });

  it('tolerates spaces in tags, fences around content, CRLF and a missing self-closing slash', () => {
    expect(settled(parseEdits(FIXTURES.sloppy!))).toEqual([
      { type: 'text', text: 'Here you go:\n' },
      { type: 'file-start', path: 'client/src/x.ts' },
      { type: 'file-end', path: 'client/src/x.ts', content: 'export const x = 1;\n' },
      { type: 'delete', path: 'client/src/y.ts' },
      { type: 'summary', text: 'Multi-line\nsummary' },
    ]);
  });

  it('only closes a block at a closing tag that starts a line', () => {
    const events = settled(parseEdits(FIXTURES.closingTextInsideFile!));
    expect(events).toContainEqual({
      type: 'file-end',
      path: 'docs/notes.md',
      content: 'The tag </sprout-write> may appear inside a line.\n  but not alone at the start of one\n',
    });
  });

  it('reports a block left open at the end and writes nothing for it', () => {
    const events = parseEdits(FIXTURES.unclosed!);
    expect(events.some((e) => e.type === 'file-end')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'problem', kind: 'unclosed', path: 'client/src/cut.ts' });
  });

  it('reports a block interrupted by the next action instead of guessing where it ended', () => {
    const events = settled(parseEdits(FIXTURES.interrupted!));
    expect(events).toContainEqual(expect.objectContaining({ type: 'problem', kind: 'unclosed', path: 'a.ts' }));
    expect(events.filter((e) => e.type === 'file-end')).toEqual([{ type: 'file-end', path: 'b.ts', content: 'const b = 2;\n' }]);
  });

  it('reports what it could not understand and never shows block content as chat text', () => {
    const events = settled(parseEdits(FIXTURES.junk!));
    const kinds = events.filter((e) => e.type === 'problem').map((e) => (e as { kind: string }).kind);
    expect(kinds).toEqual(['unknown-tag', 'missing-attribute', 'malformed-tag', 'malformed-edit', 'missing-attribute']);
    expect(
      events
        .filter((e) => e.type === 'text')
        .map((e) => (e as { text: string }).text)
        .join(''),
    ).toBe('tail');
    expect(events.some((e) => e.type === 'file-end' || e.type === 'edit' || e.type === 'delete')).toBe(false);
  });

  it('reads a tag whose attributes continue on the next line', () => {
    expect(settled(parseEdits(FIXTURES.multilineTag!))).toContainEqual({ type: 'file-end', path: 'client/src/m.ts', content: 'export {};\n' });
  });

  it('keeps HTML prose as text and HTML files intact', () => {
    const events = settled(parseEdits(FIXTURES.html!));
    expect(events[0]).toEqual({ type: 'text', text: '<p>Some HTML prose</p>\n' });
    expect(events).toContainEqual({ type: 'file-end', path: 'client/index.html', content: '<!doctype html>\n<div id="root"></div>\n' });
  });
});

describe('EditParser streaming', () => {
  for (const [name, text] of Object.entries(FIXTURES)) {
    it(`gives the same result for "${name}" split at every position`, () => {
      const whole = settled(parseEdits(text));
      for (let i = 0; i <= text.length; i++) {
        expect(settled(feedSplit(text, [i])), `split at ${i}`).toEqual(whole);
      }
    });

    it(`gives the same result for "${name}" fed one character at a time`, () => {
      const chars = Array.from({ length: text.length }, (_, i) => i);
      expect(settled(feedSplit(text, chars))).toEqual(settled(parseEdits(text)));
    });
  }

  it('streams file content as deltas before the block closes', () => {
    const p = new EditParser();
    expect(p.push('<sprout-write path="a.ts">\nconst a')).toEqual([
      { type: 'file-start', path: 'a.ts' },
      { type: 'file-delta', path: 'a.ts', text: 'const a' },
    ]);
    expect(p.push(' = 1;\n')).toEqual([{ type: 'file-delta', path: 'a.ts', text: ' = 1;\n' }]);
    expect(p.openBlock).toEqual({ kind: 'write', path: 'a.ts' });
    expect(p.push('</sprout-wr')).toEqual([]);
    expect(p.push('ite>\n')).toEqual([{ type: 'file-end', path: 'a.ts', content: 'const a = 1;\n' }]);
    expect(p.openBlock).toBeNull();
  });

  it('streams prose immediately unless the line could become a tag', () => {
    const p = new EditParser();
    expect(p.push('Hello wor')).toEqual([{ type: 'text', text: 'Hello wor' }]);
    expect(p.push('ld\n<sprout')).toEqual([{ type: 'text', text: 'ld\n' }]);
  });

  it('file deltas add up to the content when there is no fence', () => {
    const text = FIXTURES.full!;
    for (const split of [1, 7, 64]) {
      const at = Array.from({ length: Math.ceil(text.length / split) }, (_, i) => i * split);
      const events = feedSplit(text, at);
      const end = events.find((e) => e.type === 'file-end') as Extract<EditEvent, { type: 'file-end' }>;
      expect(deltas(events, end.path)).toBe(end.content);
    }
  });

  it('file deltas add up to the content when a fence wraps it too, however it is split', () => {
    const fenced = ['<sprout-write path="a.md">', '```md', '# Title', '```sh', 'npm i', '```', '', 'end', '```', '', '</sprout-write>'].join('\n');
    for (const text of [FIXTURES.sloppy!, fenced]) {
      for (let i = 0; i <= text.length; i++) {
        const events = feedSplit(text, [i]);
        const end = events.find((e) => e.type === 'file-end') as Extract<EditEvent, { type: 'file-end' }>;
        expect(deltas(events, end.path), `split at ${i}`).toBe(end.content);
      }
    }
  });

  it('continues an answer that was cut off when more text is fed', () => {
    const p = new EditParser();
    p.push(FIXTURES.unclosed!);
    expect(p.openBlock?.path).toBe('client/src/cut.ts');
    const rest = p.push(' = 2;\n</sprout-write>\n');
    expect(settled([...rest, ...p.end()])).toEqual([{ type: 'file-end', path: 'client/src/cut.ts', content: 'export const a = 1;\nexport const b = 2;\n' }]);
  });
});

describe('parseSearchReplace', () => {
  it('refuses bodies that are not complete blocks', () => {
    expect(parseSearchReplace(['<<<<<<< SEARCH', 'a', '======='])).toBeNull();
    expect(parseSearchReplace(['text before', '<<<<<<< SEARCH', 'a', '=======', 'b', '>>>>>>> REPLACE'])).toBeNull();
    expect(parseSearchReplace([])).toBeNull();
  });

  it('keeps an empty search (insert) and multi-line blocks', () => {
    expect(parseSearchReplace(['<<<<<<< SEARCH', '=======', 'new', '>>>>>>> REPLACE'])).toEqual([{ search: '', replace: 'new' }]);
  });
});
