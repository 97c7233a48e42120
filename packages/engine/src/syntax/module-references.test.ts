import { describe, expect, it } from 'vitest';
import { exportedNames, importInsertionPoint, moduleReferences } from './module-references';
import { parseModule } from './parse-module';

const tree = (code: string) => parseModule('a.tsx', code)!;

describe('moduleReferences', () => {
  it('lists imports, re-exports, import() and require() of literals, with names and places', () => {
    const code = `import React, { useState as S, type FC } from 'react';
import type { Doc } from '@/lib/sprout';
import * as Dialog from '@radix-ui/react-dialog';
import './index.css';
export { Button, type ButtonProps as BP } from './button';
export * from './all';
const Lazy = lazy(() => import('./Lazy'));
const fs = require('fs');
const s = "import x from 'not-an-import'"; // import y from 'nor-this'
import(name);`;
    const refs = moduleReferences(tree(code));
    expect(refs.map((r) => [r.kind, r.source, r.line, r.typeOnly])).toEqual([
      ['import', 'react', 1, false],
      ['import', '@/lib/sprout', 2, true],
      ['import', '@radix-ui/react-dialog', 3, false],
      ['import', './index.css', 4, false],
      ['export', './button', 5, false],
      ['export', './all', 6, false],
      ['dynamic', './Lazy', 7, false],
      ['require', 'fs', 8, false],
    ]);
    expect(refs[0]!.names).toEqual([
      { imported: 'default', local: 'React', typeOnly: false },
      { imported: 'useState', local: 'S', typeOnly: false },
      { imported: 'FC', local: 'FC', typeOnly: true },
    ]);
    expect(refs[2]!.names).toEqual([{ imported: '*', local: 'Dialog', typeOnly: false }]);
    expect(refs[4]!.names).toEqual([
      { imported: 'Button', local: 'Button', typeOnly: false },
      { imported: 'ButtonProps', local: 'BP', typeOnly: true },
    ]);
    expect(code.slice(refs[0]!.sourceStart, refs[0]!.sourceEnd)).toBe("'react'");
    expect(code.slice(refs[3]!.start, refs[3]!.end)).toBe("import './index.css';");
  });
});

describe('importInsertionPoint', () => {
  it('is after the last import at the top of the file, or 0', () => {
    const code = "import a from 'a';\nimport b from 'b';\nconst c = 1;\nimport d from 'd';\n";
    expect(code.slice(0, importInsertionPoint(tree(code)))).toBe("import a from 'a';\nimport b from 'b';");
    expect(importInsertionPoint(tree('const x = 1;'))).toBe(0);
  });
});

describe('exportedNames', () => {
  it('lists declarations, lists, aliases, re-exports and the default with its declared name', () => {
    const code = `export function TaskCard() {}
export const COLUMNS = [], { x, y: Y } = o;
export type Task = { id: string };
export interface Column { id: string }
export enum E { a }
const a = 1, b = 2;
export { a, b as bee };
export { c } from './c';
export * as ns from './ns';
export default function App() {}`;
    expect(exportedNames(tree(code))).toEqual({
      names: ['TaskCard', 'COLUMNS', 'x', 'Y', 'Task', 'Column', 'E', 'a', 'bee', 'c', 'ns', 'default'],
      defaultName: 'App',
    });
    expect(exportedNames(tree('export default () => null;'))).toEqual({ names: ['default'], defaultName: null });
  });
});
