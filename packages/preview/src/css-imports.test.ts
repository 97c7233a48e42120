import { describe, expect, it } from 'vitest';
import { CssImportError, inlineCssImports } from './css-imports';
import { ProjectFiles } from './project-files';

const files = (map: Record<string, string>) => new ProjectFiles(Object.entries(map).map(([path, content]) => ({ path, content })));

describe('inlineCssImports', () => {
  it('inlines project stylesheets and leaves package imports to Tailwind', () => {
    const out = inlineCssImports(
      files({
        'client/src/index.css': "@import 'tailwindcss';\n@import './theme.css';\n@import '@/base.css' layer(base);\n",
        'client/src/theme.css': ':root { --x: 1; }',
        'client/src/base.css': 'body { margin: 0; }',
      }),
      'client/src/index.css',
    );
    expect(out).toBe("@import 'tailwindcss';\n:root { --x: 1; }\n@layer base {\nbody { margin: 0; }\n}\n");
  });

  it('reports a missing file with its line, and cycles', () => {
    expect(() => inlineCssImports(files({ 'a.css': '\n\n@import "./nope.css";' }), 'a.css')).toThrow(expect.objectContaining({ line: 3, file: 'a.css' }));
    expect(() => inlineCssImports(files({ 'a.css': '@import "./b.css";', 'b.css': '@import "./a.css";' }), 'a.css')).toThrow(CssImportError);
  });
});
