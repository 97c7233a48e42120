import { describe, expect, it } from 'vitest';
import { type ElementChanges, elementSplices, fileState } from './element-edits';
import { findElement } from './find-element';
import { applySplices } from './splices';

const FILE = 'client/src/Hero.tsx';
const CODE = `import type { ReactNode } from 'react';
import logo from '@/assets/logo';

export function Hero() {
  return <div><img src={logo} /><p>{\`Welcome\`}</p></div>;
}
`;

function changes(column: number, rest: Partial<ElementChanges>): ElementChanges {
  return { found: findElement(FILE, CODE, { line: 5, column })!, text: null, styles: [], image: null, ...rest };
}

describe('elementSplices', () => {
  it('replaces a template literal text as a template', () => {
    const made = elementSplices(
      changes(33, { text: { value: 'Hi `you` ${x}', edit: 0 } }),
      fileState(FILE, CODE, findElement(FILE, CODE, { line: 5, column: 10 })!.tree),
    );
    if (!made.ok) throw new Error(made.message);
    const out = applySplices(CODE, made.splices);
    expect(out.ok && out.code).toContain('<p>{`Hi \\`you\\` \\${x}`}</p>');
  });

  it('imports after the last import, type imports included, and knows the names in the file', () => {
    const tree = findElement(FILE, CODE, { line: 5, column: 10 })!.tree;
    const state = fileState(FILE, CODE, tree);
    expect(state.importAt).toBe(CODE.indexOf("'@/assets/logo';") + "'@/assets/logo';".length);
    expect(state.names.has('logo')).toBe(true);
    expect(state.defaults.get('@/assets/logo')).toBe('logo');
  });

  it('replaces a braced src', () => {
    const state = fileState(FILE, CODE, findElement(FILE, CODE, { line: 5, column: 10 })!.tree);
    const made = elementSplices(changes(15, { image: { change: { type: 'image', src: 'https://e.com/x.png' }, edit: 0 } }), state);
    if (!made.ok) throw new Error(made.message);
    const out = applySplices(CODE, made.splices);
    expect(out.ok && out.code).toContain('<img src="https://e.com/x.png" />');
    expect(made.summaries).toEqual(['Changed the picture of <img> in Hero.tsx']);
  });
});
