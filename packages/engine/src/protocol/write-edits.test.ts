import { describe, expect, it } from 'vitest';
import { actionOf, type EditAction } from './actions';
import { EditParser, parseEdits } from './parse-edits';
import { writeAction, writeAnswer } from './write-edits';

const actions: EditAction[] = [
  // A closing tag inside a line is content; only one at a line start closes the block.
  { type: 'write', path: 'client/src/App.tsx', content: 'export const tag = "x </sprout-write> y";\nexport default () => null;\n' },
  { type: 'write', path: 'client/src/no-newline.ts', content: 'export const a = 1;' },
  {
    type: 'edit',
    path: 'client/src/App.tsx',
    blocks: [
      { search: 'const a = 1;', replace: 'const a = 2;' },
      { search: '', replace: 'export {};' },
    ],
  },
  { type: 'delete', path: 'client/src/old.ts' },
  { type: 'rename', from: 'client/src/a.tsx', to: 'client/src/b.tsx' },
];

describe('writeAnswer', () => {
  it('is what the parser reads back: the same actions, prose and summary', () => {
    const text = writeAnswer({ intro: 'Here you go.', actions, summary: 'Did\nthings <now>', outro: 'Anything else?' });
    const events = parseEdits(text);
    expect(events.flatMap((e) => actionOf(e) ?? [])).toEqual([
      actions[0],
      // The writer ends every file with a newline, as the parser hands content back.
      { ...actions[1], content: 'export const a = 1;\n' },
      ...actions.slice(2),
    ]);
    expect(events.filter((e) => e.type === 'summary')).toEqual([{ type: 'summary', text: 'Did things  now' }]);
    expect(events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('')).toBe('Here you go.\n\n\nAnything else?\n');
    expect(events.some((e) => e.type === 'problem')).toBe(false);
  });

  it('parses the same when the answer arrives in small chunks', () => {
    const text = writeAnswer({ intro: 'Chunked.', actions });
    const parser = new EditParser();
    const events = [];
    for (let i = 0; i < text.length; i += 7) events.push(...parser.push(text.slice(i, i + 7)));
    events.push(...parser.end());
    expect(events.flatMap((e) => actionOf(e) ?? [])).toEqual(parseEdits(text).flatMap((e) => actionOf(e) ?? []));
  });

  it('keeps a quote in a path from ending the attribute', () => {
    expect(writeAction({ type: 'delete', path: 'client/src/a"b.ts' })).toBe('<sprout-delete path="client/src/ab.ts" />');
  });
});

describe('actionOf', () => {
  it('maps only the events that change a file', () => {
    expect(actionOf({ type: 'text', text: 'x' })).toBeNull();
    expect(actionOf({ type: 'file-start', path: 'a' })).toBeNull();
    expect(actionOf({ type: 'summary', text: 's' })).toBeNull();
    expect(actionOf({ type: 'problem', kind: 'unclosed', message: 'm' })).toBeNull();
    expect(actionOf({ type: 'file-end', path: 'a', content: 'c' })).toEqual({ type: 'write', path: 'a', content: 'c' });
  });
});
