import { describe, expect, it } from 'vitest';
import { parseLoc, pickerMessage, readElementEvent } from './element-messages';

const ORIGIN = 'http://p1.preview.localhost:3001';
const element = {
  loc: 'client/src/App.tsx:12:7',
  tag: 'h1',
  component: 'App',
  count: 1,
  text: 'Hello',
  rect: { x: 1, y: 2, width: 3, height: 4 },
  styles: { color: 'rgb(0, 0, 0)' },
  src: null,
};

describe('parseLoc', () => {
  it('reads file, line and column, the file may hold colons', () => {
    expect(parseLoc('client/src/App.tsx:12:7')).toEqual({ file: 'client/src/App.tsx', line: 12, column: 7 });
    expect(parseLoc('a:b.tsx:1:1')).toEqual({ file: 'a:b.tsx', line: 1, column: 1 });
  });
  it.each([['App.tsx:0:1'], ['App.tsx:1'], ['App.tsx:x:1'], [':1:1'], [42], [null], [`${'a'.repeat(2000)}:1:1`]])('refuses %s', (loc) => {
    expect(parseLoc(loc)).toBeNull();
  });
});

describe('readElementEvent', () => {
  it('reads a selection from the expected origin', () => {
    const read = readElementEvent({ origin: ORIGIN, data: { source: 'sprout-preview-element', event: 'selected', element } }, ORIGIN);
    expect(read).toEqual({ event: 'selected', element: { ...element, file: 'client/src/App.tsx', line: 12, column: 7 } });
  });

  it('ignores other origins, other sources and malformed elements', () => {
    const data = { source: 'sprout-preview-element', event: 'selected', element };
    expect(readElementEvent({ origin: 'http://evil.test', data }, ORIGIN)).toBeNull();
    expect(readElementEvent({ origin: 'null', data }, 'null')).toBeNull();
    expect(readElementEvent({ origin: ORIGIN, data: { ...data, source: 'sprout-preview' } }, ORIGIN)).toBeNull();
    expect(readElementEvent({ origin: ORIGIN, data: { ...data, element: { ...element, loc: 'nowhere' } } }, ORIGIN)).toBeNull();
    expect(readElementEvent({ origin: ORIGIN, data: { ...data, element: { ...element, tag: '<script>' } } }, ORIGIN)).toBeNull();
    expect(readElementEvent({ origin: ORIGIN, data: { ...data, event: 'explode' } }, ORIGIN)).toBeNull();
  });

  it('drops a component name that is not a name, and cuts long text', () => {
    const read = readElementEvent(
      {
        origin: ORIGIN,
        data: { source: 'sprout-preview-element', event: 'hover', latencyMs: 3.5, element: { ...element, component: '<img onerror>', text: 'x'.repeat(1000) } },
      },
      ORIGIN,
    );
    expect(read?.event).toBe('hover');
    if (read?.event !== 'hover') throw new Error('not a hover');
    expect(read.element.component).toBeNull();
    expect(read.element.text).toHaveLength(300);
    expect(read.latencyMs).toBe(3.5);
  });

  it('reads lost, cancel and inline text events', () => {
    expect(readElementEvent({ origin: ORIGIN, data: { source: 'sprout-preview-element', event: 'lost', loc: 'a.tsx:1:2' } }, ORIGIN)).toEqual({
      event: 'lost',
      loc: 'a.tsx:1:2',
    });
    expect(readElementEvent({ origin: ORIGIN, data: { source: 'sprout-preview-element', event: 'cancel' } }, ORIGIN)).toEqual({ event: 'cancel' });
    expect(readElementEvent({ origin: ORIGIN, data: { source: 'sprout-preview-element', event: 'text', loc: 'a.tsx:1:2', text: 'Hi' } }, ORIGIN)).toEqual({
      event: 'text',
      loc: 'a.tsx:1:2',
      text: 'Hi',
    });
    expect(readElementEvent({ origin: ORIGIN, data: { source: 'sprout-preview-element', event: 'text', loc: 'a.tsx:1:2', text: 5 } }, ORIGIN)).toBeNull();
  });
});

describe('pickerMessage', () => {
  it('marks commands as the parent’s', () => {
    expect(pickerMessage({ type: 'pick', on: true })).toEqual({ source: 'sprout-parent', type: 'pick', on: true });
  });
});
