import { describe, expect, it } from 'vitest';
import { ModuleTransformer } from './transform-module';

describe('ModuleTransformer', () => {
  it('transforms a module once per path and content', async () => {
    const t = new ModuleTransformer();
    const first = t.transform('client/src/A.tsx', 'export const A = () => <p>{import.meta.env.MODE}</p>;', 'tsx');
    expect(t.transform('client/src/A.tsx', 'export const A = () => <p>{import.meta.env.MODE}</p>;', 'tsx')).toBe(first);
    const out = await first;
    if (!out.ok) throw new Error('expected a module');
    expect(out.module.code).toContain('"development"');
    // React's development runtime, handed each element's place in the project (1-based line and column of its `<`).
    expect(out.module.code).toContain('from "react/jsx-dev-runtime"');
    expect(out.module.code).toMatch(/fileName: "client\/src\/A\.tsx",\s*lineNumber: 1,\s*columnNumber: 24/);
    expect(JSON.parse(out.module.map).sources).toContain('client/src/A.tsx');
    expect(t.transform('client/src/B.tsx', 'export const A = () => <p />;', 'tsx')).not.toBe(first);
  });

  it('answers a syntax error with its file, line and column', async () => {
    const out = await new ModuleTransformer().transform('client/src/A.tsx', 'export const a = ;\n', 'tsx');
    expect(out).toMatchObject({ ok: false, errors: [{ file: 'client/src/A.tsx', line: 1, column: 18 }] });
  });

  it('turns JSON and images into modules', async () => {
    const t = new ModuleTransformer();
    const json = await t.transform('client/data.json', '{"name":"x"}', 'json');
    expect(json.ok && json.module.analysis.exports).toEqual(expect.arrayContaining(['default', 'name']));
    const svg = await t.transform('client/src/logo.svg', '<svg/>', 'dataurl');
    expect(svg.ok && svg.module.code).toContain('data:image/svg+xml');
  });
});
