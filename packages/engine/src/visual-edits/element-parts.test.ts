import type { JSXElement } from '@babel/types';
import { describe, expect, it } from 'vitest';
import { parseModule } from '../syntax/parse-module';
import { walk } from '../syntax/walk';
import { afterTagName, attributeOf, CLASSES_COMPUTED, classPart, imagePart, NO_TEXT, SEVERAL_PIECES, textPart } from './element-parts';

/** The first JSX element of a snippet. */
function first(jsx: string): { element: JSXElement; code: string } {
  const code = `const x = ${jsx};`;
  let element: JSXElement | null = null;
  walk(parseModule('a.tsx', code)!.program, (node) => {
    if (!element && node.type === 'JSXElement') element = node;
  });
  return { element: element!, code };
}

const text = (jsx: string) => {
  const { element, code } = first(jsx);
  return textPart(element, code);
};
const classes = (jsx: string) => classPart(first(jsx).element);

describe('textPart', () => {
  it('edits one piece of JSX text, whitespace around it allowed', () => {
    expect(text('<h1>Tasks</h1>')).toMatchObject({ editable: true, kind: 'jsx', value: 'Tasks' });
    expect(text('<h1>\n   Your   tasks\n   today\n</h1>')).toMatchObject({ editable: true, kind: 'jsx', value: 'Your   tasks today' });
  });

  it('edits a literal in braces', () => {
    expect(text("<p>{'It’s {here}'}</p>")).toMatchObject({ editable: true, kind: 'literal', value: 'It’s {here}' });
    expect(text('<p>{`Plain`}</p>')).toMatchObject({ editable: true, kind: 'literal', value: 'Plain' });
    expect(text('<p> {"Hi"} {/* note */} </p>')).toMatchObject({ editable: true, kind: 'literal', value: 'Hi' });
  });

  it('edits the one piece of text among other children', () => {
    expect(text('<button><PlusIcon /> Add task</button>')).toMatchObject({ editable: true, value: 'Add task' });
    expect(text('<p>{count} items</p>')).toMatchObject({ editable: true, value: 'items' });
  });

  it('says where text computed in code comes from', () => {
    expect(text('<p>{task.title}</p>')).toEqual({
      editable: false,
      reason: 'This text comes from `task.title` in the code: change the record in the Data panel, or ask in the chat.',
    });
    expect(text('<p>{open ? "Close" : "Open"}</p>')).toEqual({
      editable: false,
      reason: 'This text comes from `open ? "Close" : "Open"` in the code: ask in the chat to change it.',
    });
    expect(text('<p>{`Hi ${name}`}</p>')).toMatchObject({ editable: false, reason: expect.stringContaining('`Hi ${name}`') });
  });

  it('refuses several pieces and elements with no text', () => {
    expect(text('<p>Hello {name}!</p>')).toEqual({ editable: false, reason: SEVERAL_PIECES });
    expect(text("<p>Hello {'world'}</p>")).toEqual({ editable: false, reason: SEVERAL_PIECES });
    expect(text('<p>{a}{b}</p>')).toEqual({ editable: false, reason: SEVERAL_PIECES });
    expect(text('<div><span>a</span></div>')).toEqual({ editable: false, reason: NO_TEXT });
    expect(text('<img src="a.png" />')).toEqual({ editable: false, reason: NO_TEXT });
    expect(text('<div>   </div>')).toEqual({ editable: false, reason: NO_TEXT });
    expect(text('<ul>{items.map((i) => <li key={i}>{i}</li>)}</ul>')).toEqual({ editable: false, reason: NO_TEXT });
    expect(text('<div>{open && <Menu />} Menu</div>')).toMatchObject({ editable: true, value: 'Menu' });
  });
});

describe('classPart', () => {
  it('reads the literal forms of className', () => {
    expect(classes('<div className="p-4 flex" />')).toMatchObject({ editable: true, kind: 'string', inJsx: true, value: 'p-4 flex' });
    expect(classes("<div className={'p-4'} />")).toMatchObject({ editable: true, kind: 'string', inJsx: false, value: 'p-4' });
    expect(classes('<div className={`p-4 ${on ? "a" : "b"} m-2`} />')).toMatchObject({ editable: true, kind: 'template', value: 'p-4   m-2' });
    expect(classes("<div className={cn('p-4', on && 'ring')} />")).toMatchObject({ editable: true, kind: 'string', inJsx: false, value: 'p-4' });
    expect(classes("<div className={clsx('a')} />")).toMatchObject({ kind: 'string' });
    expect(classes("<div className={twMerge('a')} />")).toMatchObject({ kind: 'string' });
    expect(classes("<div className={cx('a')} />")).toMatchObject({ kind: 'string' });
  });

  it('adds a className after the tag name when there is none', () => {
    const { element, code } = first('<Select<string> value="a" />');
    const part = classPart(element);
    expect(part).toMatchObject({ editable: true, kind: 'none' });
    expect(code.slice(0, part.editable && part.kind === 'none' ? part.insertAt : 0)).toBe('const x = <Select<string>');
  });

  it('refuses classes computed in code', () => {
    for (const jsx of [
      '<div className={styles.box} />',
      '<div className={cn(variants({ size }), "p-2")} />',
      '<div className={make("a")} />',
      '<div className />',
    ])
      expect(classes(jsx)).toEqual({ editable: false, reason: CLASSES_COMPUTED });
  });

  it('takes the last className, the one React keeps', () => {
    expect(classes('<div className="a" className="b" />')).toMatchObject({ value: 'b' });
  });
});

describe('imagePart and attributes', () => {
  it('reads an <img> address', () => {
    expect(imagePart(first('<img src="https://x.test/a.png" />').element)).toEqual({ src: 'https://x.test/a.png', editable: true });
    expect(imagePart(first("<img src={'/a.png'} />").element)).toEqual({ src: '/a.png', editable: true });
    expect(imagePart(first('<img src={photo} />').element)).toEqual({ src: null, editable: true });
    expect(imagePart(first('<img alt="" />').element)).toEqual({ src: null, editable: true });
    expect(imagePart(first('<Image src="a.png" />').element)).toBeNull();
  });

  it('finds attributes and the place after the tag name', () => {
    const { element, code } = first('<a href="/x" title="t">x</a>');
    expect(attributeOf(element, 'title')?.value).toMatchObject({ value: 't' });
    expect(attributeOf(element, 'id')).toBeNull();
    expect(code.slice(0, afterTagName(element))).toBe('const x = <a');
  });
});
