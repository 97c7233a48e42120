import { describe, expect, it } from 'vitest';
import { analyzeModule } from './analyze-module';

describe('analyzeModule', () => {
  it('finds static, re-exported and dynamic imports with their positions and names', () => {
    const code = [
      'import React, { useState as useS } from "react";',
      'import * as ns from "./ns";',
      'import "./index.css";',
      'export * from "./all";',
      'export * as grouped from "./grouped";',
      'export { a, b as c } from "./ab";',
      'const lazy = () => import("./Lazy");',
      'const dynamic = (p) => import(p);',
    ].join('\n');
    const { imports, starExports, exports } = analyzeModule(code, 'client/src/x.js');
    expect(imports.map((i) => [i.spec, i.kind, i.names])).toEqual([
      ['react', 'import', ['default', 'useState']],
      ['./ns', 'import', ['*']],
      ['./index.css', 'import', []],
      ['./all', 'reexport', ['*']],
      ['./grouped', 'reexport', ['*']],
      ['./ab', 'reexport', ['a', 'b']],
      ['./Lazy', 'dynamic', ['*']],
    ]);
    for (const i of imports) expect(code.slice(i.start, i.end)).toBe(JSON.stringify(i.spec));
    expect(imports[5]!.reexports).toEqual([
      { local: 'a', exported: 'a' },
      { local: 'b', exported: 'c' },
    ]);
    expect(code.slice(imports[2]!.statementStart, imports[2]!.statementEnd)).toBe('import "./index.css";');
    expect(starExports).toEqual(['./all']);
    expect(exports).toEqual(['grouped', 'a', 'c']);
  });

  it('lists what a module exports itself, destructured bindings and string names included', () => {
    const code = 'export const { x, y: [z] } = o;\nexport function f() {}\nexport class C {}\nconst v = 1;\nexport { v as "odd-name" };\nexport default 1;\n';
    expect(analyzeModule(code, 'a.js').exports).toEqual(['x', 'z', 'f', 'C', 'odd-name', 'default']);
  });

  it('throws on code that is not a module (the caller reports it)', () => {
    expect(() => analyzeModule('export const = ;', 'a.js')).toThrow();
  });
});
