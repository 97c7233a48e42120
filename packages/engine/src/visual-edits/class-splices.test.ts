import type { JSXElement } from '@babel/types';
import { describe, expect, it } from 'vitest';
import { parseModule } from '../syntax/parse-module';
import { walk } from '../syntax/walk';
import { type ClassChange, classSplices } from './class-splices';
import { classPart } from './element-parts';
import { applySplices } from './splices';

/** The snippet after its first element's class list is changed. */
function change(jsx: string, changes: ClassChange[]): string {
  let element: JSXElement | null = null;
  walk(parseModule('a.tsx', jsx)!.program, (node) => {
    if (!element && node.type === 'JSXElement') element = node;
  });
  const part = classPart(element!);
  if (!part.editable) throw new Error(part.reason);
  const result = applySplices(jsx, classSplices(part, changes, jsx, 0));
  if (!result.ok) throw new Error('overlap');
  return result.code;
}

const bg = (className: string | null): ClassChange => ({ property: 'backgroundColor', className });

describe('classSplices', () => {
  it('rewrites a JSX attribute string in its own quotes', () => {
    expect(change('<div className="flex bg-white p-4" />', [bg('bg-emerald-700')])).toBe('<div className="flex p-4 bg-emerald-700" />');
    expect(change("<div className='flex bg-white' />", [bg(null)])).toBe("<div className='flex' />");
  });

  it('adds a className after the tag name when there is none, and nothing when removing from none', () => {
    expect(change('<div id="a">x</div>', [bg('bg-red-500')])).toBe('<div className="bg-red-500" id="a">x</div>');
    expect(change('<List<string> items={a} />', [{ property: 'padding', className: 'p-2' }])).toBe('<List<string> className="p-2" items={a} />');
    expect(change('<div id="a" />', [bg(null)])).toBe('<div id="a" />');
  });

  it('applies several changes as one rewrite, a later one of a property winning', () => {
    const changes: ClassChange[] = [
      { property: 'paddingX', className: 'px-2' },
      bg('bg-red-500'),
      { property: 'padding', className: 'p-6' },
      bg('bg-blue-500'),
    ];
    expect(change('<div className="px-4 py-1 text-sm" />', changes)).toBe('<div className="text-sm p-6 bg-blue-500" />');
  });

  it('rewrites the first string of cn(), in its quotes, leaving the rest', () => {
    expect(change("<div className={cn('rounded-md bg-white', open && 'ring')} />", [{ property: 'radius', className: 'rounded-full' }])).toBe(
      "<div className={cn('bg-white rounded-full', open && 'ring')} />",
    );
    expect(change('<div className={"p-1"} />', [{ property: 'padding', className: 'p-2' }])).toBe('<div className={"p-2"} />');
  });

  it('edits the static parts of a template and leaves its placeholders alone', () => {
    const jsx = "<div className={`p-4 bg-white ${active ? 'bg-black' : 'bg-gray-100'} rounded`} />";
    expect(change(jsx, [bg('bg-red-500')])).toBe("<div className={`p-4 ${active ? 'bg-black' : 'bg-gray-100'} rounded bg-red-500`} />");
    expect(change(jsx, [{ property: 'radius', className: null }])).toBe("<div className={`p-4 bg-white ${active ? 'bg-black' : 'bg-gray-100'}`} />");
    expect(change(jsx, [{ property: 'fontSize', className: 'text-lg' }])).toBe(
      "<div className={`p-4 bg-white ${active ? 'bg-black' : 'bg-gray-100'} rounded text-lg`} />",
    );
  });

  it('keeps a template’s placeholders apart and never glues a class to one', () => {
    expect(change('<p className={`${a} p-2 ${b}`} />', [{ property: 'padding', className: null }])).toBe('<p className={`${a} ${b}`} />');
    expect(change('<p className={`p-2 ${a}`} />', [{ property: 'padding', className: 'p-4' }])).toBe('<p className={`${a} p-4`} />');
    expect(change('<p className={`text-${tone}-500 p-1`} />', [{ property: 'textColor', className: 'text-white' }])).toBe(
      '<p className={`text-${tone}-500 p-1 text-white`} />',
    );
    // `bg-${x}` is not a whole class: it stays even when the background changes.
    expect(change('<p className={`bg-${x}`} />', [bg('bg-red-500')])).toBe('<p className={`bg-${x} bg-red-500`} />');
  });

  it('never removes a class glued to a placeholder: it may be part of a longer one', () => {
    const jsx = '<p className={`bg-red-500${alpha} p-2 ${a}m-4`} />';
    expect(change(jsx, [bg(null)])).toBe(jsx);
    expect(change(jsx, [{ property: 'margin', className: null }])).toBe(jsx);
    expect(change(jsx, [bg('bg-white')])).toBe('<p className={`bg-red-500${alpha} p-2 ${a}m-4 bg-white`} />');
  });

  it('adds a border with a border colour only when the element has no border width', () => {
    expect(change('<div className="p-2" />', [{ property: 'borderColor', className: 'border-red-500' }])).toBe('<div className="p-2 border border-red-500" />');
    expect(change('<div className={`border-2 ${x}`} />', [{ property: 'borderColor', className: 'border-red-500' }])).toBe(
      '<div className={`border-2 ${x} border-red-500`} />',
    );
  });

  it('makes no splice when the classes already are so', () => {
    const jsx = '<div className="flex  p-4" />';
    expect(change(jsx, [bg(null)])).toBe(jsx);
  });
});
