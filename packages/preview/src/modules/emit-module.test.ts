import { describe, expect, it } from 'vitest';
import { ModuleEmitter } from './emit-module';
import { analyzeModule } from './analyze-module';
import type { LinkedModule } from './link-modules';

const decode = (b: Uint8Array) => new TextDecoder().decode(b);

describe('ModuleEmitter', () => {
  it('points project imports at module names, blanks stylesheet imports in place, and links the source map', () => {
    const code = 'import { b } from "./b";\nimport "./app.css";\nimport { useState } from "react";\nexport const a = b;\n';
    const m: LinkedModule = {
      path: 'client/src/a.ts',
      module: { code, map: '{"version":3}', key: 'k', warnings: [], analysis: analyzeModule(code, 'client/src/a.ts') },
      targets: [
        { kind: 'module', path: 'client/src/b.ts' },
        { kind: 'style', path: 'client/src/app.css' },
        { kind: 'package', spec: 'react' },
      ],
      dropped: new Map(),
    };
    const names = new Map([
      ['client/src/a.ts', { name: 'a.ts.1.js', own: '1' }],
      ['client/src/b.ts', { name: 'b.ts.2.js', own: '2' }],
    ]);
    const emitter = new ModuleEmitter();
    const out = emitter.emit(m, names);
    const text = decode(out.code.body);
    const lines = text.split('\n');
    expect(lines[0]).toBe('import { b } from "./b.ts.2.js";');
    // Same length, so the columns after it stay where the map says.
    expect(lines[1]).toBe(' '.repeat('import "./app.css";'.length));
    expect(lines[2]).toBe('import { useState } from "react";');
    expect(text).toContain(';globalThis.__sproutHmr?.ran(import.meta.url);');
    expect(text.trimEnd().endsWith('//# sourceMappingURL=a.ts.1.js.map')).toBe(true);
    expect(decode(out.map.body)).toBe('{"version":3}');
    // Same name, same output: not written again.
    expect(emitter.emit(m, names)).toBe(out);
  });

  it('points imports of a package the build serves itself at its file, by relative name', () => {
    const code = 'import { jsxDEV } from "react/jsx-dev-runtime";\nimport { useState } from "react";\nexport const a = () => jsxDEV("p", {});\n';
    const m: LinkedModule = {
      path: 'client/src/a.tsx',
      module: { code, map: '{"version":3}', key: 'k', warnings: [], analysis: analyzeModule(code, 'client/src/a.tsx') },
      targets: [
        { kind: 'package', spec: 'react/jsx-dev-runtime' },
        { kind: 'package', spec: 'react' },
      ],
      dropped: new Map(),
    };
    const names = new Map([['client/src/a.tsx', { name: 'a.tsx.1.js', own: '1' }]]);
    const lines = decode(new ModuleEmitter().emit(m, names, new Map([['react/jsx-dev-runtime', 'sprout-jsx.abc.js']])).code.body).split('\n');
    expect(lines.slice(0, 2)).toEqual(['import { jsxDEV } from "./sprout-jsx.abc.js";', 'import { useState } from "react";']);
  });
});
