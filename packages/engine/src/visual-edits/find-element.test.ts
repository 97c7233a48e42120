import { describe, expect, it } from 'vitest';
import { findElement, shortName, uneditableFile } from './find-element';

/** Where the n-th occurrence of `needle` starts, as the preview marks it (line and column from 1). */
function at(code: string, needle: string, nth = 0) {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = code.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`${needle} not in code`);
  const before = code.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

const APP = `import { Button } from '@/components/ui/button';

export default function App() {
  const label = "<h1>not an element</h1>";
  return (
    <main className="p-4">
      <h1>Tasks</h1>
      <Button variant="outline">Add</Button>
      <motion.div />
    </main>
  );
}
`;

describe('findElement', () => {
  it('finds the element whose < is at the line and column (both from 1)', () => {
    const found = findElement('client/src/App.tsx', APP, at(APP, '<h1>Tasks'));
    expect(found?.tag).toBe('h1');
    expect(found?.element.loc?.start.line).toBe(7);
    expect(found?.component).toBe('App');
    expect(found?.inList).toBe(false);
  });

  it('finds nothing one column off, on a missing line, or in a string that looks like a tag', () => {
    const place = at(APP, '<h1>Tasks');
    expect(findElement('client/src/App.tsx', APP, { ...place, column: place.column + 1 })).toBeNull();
    expect(findElement('client/src/App.tsx', APP, { ...place, column: place.column - 1 })).toBeNull();
    expect(findElement('client/src/App.tsx', APP, { line: 999, column: 1 })).toBeNull();
    expect(findElement('client/src/App.tsx', APP, at(APP, '<h1>not'))).toBeNull();
  });

  it('finds components and member tags like host elements', () => {
    expect(findElement('client/src/App.tsx', APP, at(APP, '<Button'))?.tag).toBe('Button');
    expect(findElement('client/src/App.tsx', APP, at(APP, '<motion.div'))?.tag).toBe('motion.div');
    expect(findElement('client/src/App.tsx', APP, at(APP, '<main'))?.tag).toBe('main');
  });

  it('reads a file with TypeScript generics', () => {
    const code = `import { useRef, useState } from 'react';
function first<T>(items: T[]): T | undefined { return items[0]; }
const pick = <T,>(x: T) => x;
export function Picker<T extends string>({ options }: { options: T[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState<T | null>(null);
  return <div ref={ref}><span>{first(options) ?? pick(value)}</span><Select<T> value={value} /></div>;
}
`;
    expect(findElement('client/src/Picker.tsx', code, at(code, '<span>'))).toMatchObject({ tag: 'span', component: 'Picker' });
    expect(findElement('client/src/Picker.tsx', code, at(code, '<Select'))?.tag).toBe('Select');
  });

  it('names the component from an arrow, a wrapper call, or the file for an anonymous default export', () => {
    const arrow = 'export const Card = () => <div>Hi</div>;';
    expect(findElement('client/src/Card.tsx', arrow, at(arrow, '<div'))?.component).toBe('Card');
    const memo = 'const Row = memo(function ({ a }: { a: string }) { return <tr>{a}</tr>; });';
    expect(findElement('client/src/Row.tsx', memo, at(memo, '<tr'))?.component).toBe('Row');
    const fn = 'const Header = function () { return <header />; };';
    expect(findElement('client/src/H.tsx', fn, at(fn, '<header'))?.component).toBe('Header');
    const anonymous = 'export default function () { return <section />; }';
    expect(findElement('client/src/pages/Home.tsx', anonymous, at(anonymous, '<section'))?.component).toBe('Home');
    const arrowDefault = 'export default () => <section />;';
    expect(findElement('client/src/pages/About/index.tsx', arrowDefault, at(arrowDefault, '<section'))?.component).toBe('About');
    const loose = 'const el = <p />;';
    expect(findElement('client/src/x.tsx', loose, at(loose, '<p'))?.component).toBeNull();
  });

  it('prefers the capitalised component over a helper inside it', () => {
    const code = `function List() {
  const renderItem = (t: string) => <em>{t}</em>;
  return <ul>{renderItem('a')}</ul>;
}`;
    expect(findElement('client/src/List.tsx', code, at(code, '<em'))?.component).toBe('List');
  });

  it('knows an element drawn in a .map callback, at any depth, is in a list', () => {
    const code = `export function Tasks({ items }: { items: { id: string; title: string }[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.id}>
          <span className="font-bold">{item.title}</span>
        </li>
      ))}
      {Array.from({ length: 3 }, (_, i) => <b key={i} />)}
      {items.flatMap(function (item) { return [<i key={item.id} />]; })}
    </ul>
  );
}`;
    const file = 'client/src/Tasks.tsx';
    expect(findElement(file, code, at(code, '<li'))).toMatchObject({ tag: 'li', inList: true, component: 'Tasks' });
    expect(findElement(file, code, at(code, '<span'))?.inList).toBe(true);
    expect(findElement(file, code, at(code, '<b '))?.inList).toBe(true);
    expect(findElement(file, code, at(code, '<i '))?.inList).toBe(true);
    expect(findElement(file, code, at(code, '<ul'))?.inList).toBe(false);
  });

  it('does not count a .map that is not given the element-drawing function', () => {
    const code = `function A({ xs }: { xs: number[] }) {
  const doubled = xs.map((x) => x * 2);
  const render = () => <p>{doubled.length}</p>;
  return render();
}`;
    expect(findElement('client/src/A.tsx', code, at(code, '<p'))?.inList).toBe(false);
  });

  it('returns null for what is not code', () => {
    expect(findElement('client/src/index.css', '<h1></h1>', { line: 1, column: 1 })).toBeNull();
  });
});

describe('uneditableFile', () => {
  it('accepts the app’s own .tsx and .jsx files only', () => {
    expect(uneditableFile('client/src/App.tsx')).toBeNull();
    expect(uneditableFile('client/src/App.jsx')).toBeNull();
    expect(uneditableFile('client/src/lib/utils.ts')).toMatch(/\.tsx or \.jsx/);
    expect(uneditableFile('functions/api.tsx')).toMatch(/client\//);
    expect(uneditableFile('client/node_modules/x/App.tsx')).toMatch(/client\//);
  });

  it('shows a file by its base name', () => {
    expect(shortName('client/src/pages/Home.tsx')).toBe('Home.tsx');
  });
});
