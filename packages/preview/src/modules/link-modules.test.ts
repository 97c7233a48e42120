import { describe, expect, it } from 'vitest';
import { expectOk, moduleText, testBuilder, withFiles } from '../testing';

const builder = testBuilder();
const preview = { mode: 'preview' as const, assetBase: '/_sprout/build/v/' };

describe('linking the page’s modules', () => {
  it('refuses a named import the imported module does not export, where it is written', async () => {
    const files = withFiles({
      'client/src/App.tsx': "import { Missing } from './lib';\n\nexport default function App() {\n  return <p>{Missing}</p>;\n}\n",
      'client/src/lib.ts': 'export const Present = 1;\n',
    });
    const result = await builder.build(files, preview);
    expect(!result.ok && result.errors).toEqual([
      { file: 'client/src/App.tsx', line: 1, column: 25, message: 'No matching export in "client/src/lib.ts" for import "Missing"' },
    ]);
  });

  it('follows export * through other modules, and drops types re-exported by name from TypeScript files', async () => {
    const files = withFiles({
      'client/src/App.tsx':
        "import { total, Task } from './model';\n\nexport default function App() {\n  const t: Task = { id: 1 };\n  return <p>{total + t.id}</p>;\n}\n",
      'client/src/model/index.ts': "export * from './sum';\nexport { Task } from './types';\n",
      'client/src/model/sum.ts': 'export const total = 41;\n',
      'client/src/model/types.ts': 'export interface Task { id: number }\n',
    });
    const result = expectOk(await builder.build(files, preview));
    const index = moduleText(result, 'client/src/model/index.ts');
    expect(index).toContain('const Task = void 0;');
    expect(index).toContain(`export * from "./${result.manifest!.modules['client/src/model/sum.ts']!.name}"`);
  });

  it('reports a stylesheet imported for a value, and leaves side-effect stylesheet imports to the page', async () => {
    const bad = await builder.build(
      withFiles({ 'client/src/App.tsx': "import styles from './a.css';\nexport default () => <p className={styles.x} />;\n", 'client/src/a.css': '.x{}' }),
      preview,
    );
    expect(!bad.ok && bad.errors[0]).toMatchObject({
      file: 'client/src/App.tsx',
      line: 1,
      message: 'No matching export in "client/src/a.css" for import "default"',
    });
    const good = expectOk(
      await builder.build(
        withFiles({ 'client/src/App.tsx': "import './a.css';\nexport default () => <p />;\n", 'client/src/a.css': '.x { color: red }' }),
        preview,
      ),
    );
    expect(moduleText(good, 'client/src/App.tsx')).not.toContain('a.css');
    // In the order the browser runs the imports: App's before main's own.
    expect(good.manifest!.styles.map((s) => s.id)).toEqual(['client/src/a.css', 'client/src/index.css']);
  });

  it('ignores files nobody imports, even broken ones', async () => {
    const result = await builder.build(withFiles({ 'client/src/Unused.tsx': 'export const = ;' }), preview);
    expect(result.ok).toBe(true);
  });

  it('links a chain of thousands of modules and re-exports, and cycles of export *', async () => {
    const chain: Record<string, string> = {
      'client/src/main.tsx': "import { v0, v1999, loop } from './chain/m0';\ndocument.title = String(v0 + v1999) + loop;\n",
      'client/src/chain/a.ts': "export * from './b';\nexport const loop = 'a';\n",
      'client/src/chain/b.ts': "export * from './a';\nexport const fromB = 'b';\n",
    };
    for (let i = 0; i < 2000; i++)
      chain[`client/src/chain/m${i}.ts`] = `${i < 1999 ? `export * from './m${i + 1}';\n` : "export * from './a';\n"}export const v${i} = ${i};\n`;
    const result = expectOk(await builder.build(withFiles(chain), preview));
    expect(Object.keys(result.manifest!.modules)).toHaveLength(2003);
    // Imports before importers: the end of the chain comes first, the entry last.
    expect(Object.keys(result.manifest!.modules).at(-1)).toBe('client/src/main.tsx');
  });
});
