import { describe, expect, it } from 'vitest';
import { elementContext } from './element-context';

const FILE = 'client/src/App.tsx';

describe('elementContext', () => {
  it('names the element and shows its lines with five around them, numbered', () => {
    const code = [
      'export function App() {',
      '  const a = 1;',
      '  return (',
      '    <main>',
      '      <h1 className="x">Hi</h1>',
      '    </main>',
      '  );',
      '}',
      '',
    ].join('\n');
    const text = elementContext(new Map([[FILE, code]]), { file: FILE, line: 5, column: 7 });
    expect(text).toBe(
      [
        'The person selected an element in the preview: the <h1> at client/src/App.tsx line 5 in the component App. Their message is about this element.',
        'client/src/App.tsx, lines 1–9:',
        '```tsx',
        '1 | export function App() {',
        '2 |   const a = 1;',
        '3 |   return (',
        '4 |     <main>',
        '5 |       <h1 className="x">Hi</h1>',
        '6 |     </main>',
        '7 |   );',
        '8 | }',
        '9 | ',
        '```',
      ].join('\n'),
    );
  });

  it('shows the first 60 lines of a long element, and says it is drawn per list item', () => {
    const body = Array.from({ length: 100 }, (_, i) => `        <span>{item.n${i}}</span>`);
    const lines = [
      ...Array.from({ length: 20 }, (_, i) => `// ${i}`),
      'function List({ items }) {',
      '  return items.map((item) => (',
      '      <li>',
      ...body,
      '      </li>',
      '  ));',
      '}',
    ];
    const text = elementContext(new Map([[FILE, lines.join('\n')]]), { file: FILE, line: 23, column: 7 })!;
    expect(text).toContain('the <li> at client/src/App.tsx line 23 in the component List. It is drawn once for each item of a list.');
    expect(text).toContain('lines 18–87 (its first 60 of 102 lines shown)');
    expect(text).toContain('18 | // 17');
    expect(text).toContain('82 |         <span>{item.n58}</span>');
    expect(text).toContain('87 |         <span>{item.n63}</span>');
    expect(text).not.toContain('88 |');
  });

  it('is null when the element or the file is not there', () => {
    expect(elementContext(new Map([[FILE, 'const a = <p />;']]), { file: FILE, line: 1, column: 1 })).toBeNull();
    expect(elementContext(new Map(), { file: FILE, line: 1, column: 1 })).toBeNull();
  });
});
