import { describe, expect, it } from 'vitest';
import { ALLOWED_PACKAGES } from '@sprout/template';
import { assetText, expectOk, moduleText, templateFiles, testBuilder, withFiles } from './testing';
import { cspHash } from './html';

const builder = testBuilder();
const preview = { mode: 'preview' as const, assetBase: '/_sprout/build/v/', bridgeOrigin: 'http://localhost:3000' };

describe('preview builds of the template', () => {
  it('builds the starter into a page of modules, a stylesheet and an import map', async () => {
    const result = expectOk(await builder.build(templateFiles(), preview));
    expect(result.html).toContain('<title>Sprout starter</title>');
    // The hot update client first (React Refresh must hook in before React DOM starts), then the entry.
    const scripts = [...result.html.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([
      expect.stringMatching(/^\/_sprout\/build\/v\/sprout-hmr\.[a-f0-9]{20}\.js$/),
      `/_sprout/build/v/${result.manifest!.modules['client/src/main.tsx']!.name}`,
    ]);
    expect(result.html).toMatch(
      /<link rel="stylesheet" href="\/_sprout\/build\/v\/index\.css\.[a-f0-9]{20}\.css" data-sprout-style="client\/src\/index\.css" \/>/,
    );
    // The project's own entry script is replaced by its module.
    expect(result.html).not.toContain('src="/src/main.tsx"');
    expect(result.vendorSpecifiers).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-dom/client', 'react/jsx-dev-runtime', 'radix-ui']));
    const map = JSON.parse(/<script type="importmap">(.*?)<\/script>/.exec(result.html)![1]!).imports;
    expect(map['react-dom/client']).toBe(`/_sprout/vendor/${builder.vendor.key}/react-dom~client.js`);
    // Each project module on its own; packages come from the vendor files.
    const app = moduleText(result, 'client/src/App.tsx');
    expect(app).toContain('Sprout starter');
    expect(app).toContain(`from "./${result.manifest!.modules['client/src/components/ui/button.tsx']!.name}"`);
    expect(moduleText(result, 'client/src/main.tsx')).toMatch(/from "react-dom\/client"/);
    expect(app).toContain('__sprout_h.reg(App, "client/src/App.tsx App")');
    expect(result.assets.get(`${result.manifest!.modules['client/src/App.tsx']!.name}.map`)).toBeDefined();
    // Every module the page starts with is fetched at once, not import by import.
    for (const m of Object.values(result.manifest!.modules)) expect(result.html).toContain(`<link rel="modulepreload" href="/_sprout/build/v/${m.name}" />`);
  });

  it('compiles the Tailwind classes the project uses, and only those', async () => {
    const files = withFiles({ 'client/src/Extra.tsx': 'export const Extra = () => <p className="tracking-widest underline-offset-8">x</p>;\n' });
    const css = assetText(expectOk(await builder.build(files, preview)), '.css');
    expect(css).toContain('.bg-background');
    expect(css).toContain('.tracking-widest');
    expect(css).toContain('.underline-offset-8');
    expect(css).toContain('--primary:');
    expect(css).not.toContain('.tracking-tighter');
  });

  it('injects the runtime bridge and reports the CSP hash of every inline script', async () => {
    const result = expectOk(await builder.build(templateFiles(), preview));
    const inline = [...result.html.matchAll(/<script(?: type="importmap")?>(.*?)<\/script>/gs)].map((m) => m[1]!);
    expect(inline).toHaveLength(2);
    expect(result.scriptHashes).toEqual(inline.map(cspHash));
    expect(inline[0]).toContain('"http://localhost:3000"');
    expect(inline[0]).not.toContain('"*"');
  });

  it('answers the same build from memory for the same cache key', async () => {
    const b = testBuilder();
    const first = b.build(templateFiles(), { ...preview, cacheKey: 'version-1' });
    const again = b.build(templateFiles(), { ...preview, cacheKey: 'version-1' });
    expect(again).toBe(first);
    expect(b.has({ ...preview, cacheKey: 'version-1' })).toBe(true);
    expect(b.has({ ...preview, cacheKey: 'version-2' })).toBe(false);
    const other = b.build(templateFiles(), { ...preview, mode: 'production', cacheKey: 'version-1' });
    expect(other).not.toBe(first);
    expectOk(await first);
  });

  it('rebuilds a one-file edit quickly once the project is warm', async () => {
    expectOk(await builder.build(templateFiles(), { ...preview, scope: 'warm' }));
    const edited = withFiles({ 'client/src/App.tsx': 'export default function App() { return <h1 className="text-4xl">Edited</h1>; }\n' });
    const result = expectOk(await builder.build(edited, { ...preview, scope: 'warm' }));
    expect(moduleText(result, 'client/src/App.tsx')).toContain('Edited');
    expect(assetText(result, '.css')).toContain('.text-4xl');
  });
});

describe('resolution', () => {
  it('resolves @/ to client/src, relative paths, extensions and index files', async () => {
    const files = withFiles({
      'client/src/main.tsx':
        "import { a } from '@/lib/a';\nimport { b } from './feature';\nimport data from '../data.json';\nimport logo from '@/logo.svg';\nconsole.log(a, b, data.name, logo);\n",
      'client/src/lib/a.ts': "export const a = 'from-alias';\n",
      'client/src/feature/index.tsx': "export { b } from './b';\n",
      'client/src/feature/b.jsx': "export const b = 'from-index';\n",
      'client/data.json': '{"name":"from-json"}',
      'client/src/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    const result = expectOk(await builder.build(files, preview));
    expect(moduleText(result, 'client/src/lib/a.ts')).toContain('from-alias');
    expect(moduleText(result, 'client/src/feature/b.jsx')).toContain('from-index');
    expect(moduleText(result, 'client/data.json')).toContain('from-json');
    expect(moduleText(result, 'client/src/logo.svg')).toContain('data:image/svg+xml');
    expect(moduleText(result, 'client/src/main.tsx')).toContain(`from "./${result.manifest!.modules['client/src/feature/index.tsx']!.name}"`);
  });

  it('maps subpath imports of allowed packages through the import map', async () => {
    const files = withFiles({
      'client/src/App.tsx':
        "import { enUS } from 'date-fns/locale';\nimport { format } from 'date-fns';\nexport default function App() { return <p>{format(new Date(0), 'PPP', { locale: enUS })}</p>; }\n",
    });
    const result = expectOk(await builder.build(files, preview));
    expect(result.vendorSpecifiers).toEqual(expect.arrayContaining(['date-fns', 'date-fns/locale']));
  });

  it('serves files of client/public at the site root', async () => {
    const result = expectOk(await builder.build(withFiles({ 'client/public/robots.txt': 'User-agent: *\n' }), preview));
    expect(new TextDecoder().decode(result.publicFiles.get('robots.txt')!.body)).toBe('User-agent: *\n');
  });
});

describe('errors', () => {
  it('names an unknown package, where it is imported, and what is available', async () => {
    const files = withFiles({ 'client/src/App.tsx': "import axios from 'axios';\nexport default function App() { return axios; }\n" });
    const result = await builder.build(files, preview);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({ file: 'client/src/App.tsx', line: 1, column: 19 });
    expect(result.errors[0]!.message).toBe(
      `Package 'axios' is not available in Sprout. Use the browser's built-in fetch instead. Available: ${Object.keys(ALLOWED_PACKAGES).sort().join(', ')}.`,
    );
  });

  it('does not mistake names of object properties for packages', async () => {
    const result = await builder.build(withFiles({ 'client/src/App.tsx': "import c from 'constructor';\nexport default () => c;\n" }), preview);
    expect(!result.ok && result.errors[0]!.message).toMatch(/^Package 'constructor' is not available in Sprout/);
  });

  it('locates a syntax error by file, line and column', async () => {
    const files = withFiles({ 'client/src/App.tsx': 'export default function App() {\n  return <div>\n    <p>unclosed\n  </div>;\n}\n' });
    const result = await builder.build(files, preview);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({ file: 'client/src/App.tsx', line: 4 });
    expect(result.errors[0]!.column).toBeGreaterThan(0);
    expect(result.errors[0]!.message).toMatch(/closing "p" tag|Unexpected/);
  });

  it('reports a missing file and a Node.js module clearly', async () => {
    const missing = await builder.build(withFiles({ 'client/src/App.tsx': "import x from './nope';\nexport default () => x;\n" }), preview);
    expect(!missing.ok && missing.errors[0]!.message).toMatch(/Cannot find '.\/nope' from client\/src\/App.tsx/);
    const node = await builder.build(withFiles({ 'client/src/App.tsx': "import fs from 'node:fs';\nexport default () => fs;\n" }), preview);
    expect(!node.ok && node.errors[0]!.message).toMatch(/Node\.js module/);
  });

  it('refuses a subpath a package does not export', async () => {
    const result = await builder.build(withFiles({ 'client/src/App.tsx': "import x from 'react/not-a-thing';\nexport default () => x;\n" }), preview);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toMatchObject({ file: 'client/src/App.tsx', line: 1 });
  });

  it('keeps Tailwind from reading server files or loading plugins', async () => {
    const passwd = await builder.build(withFiles({ 'client/src/index.css': "@import '/etc/passwd';\n@import 'tailwindcss';\n" }), preview);
    expect(!passwd.ok && passwd.errors[0]).toMatchObject({ file: 'client/src/index.css' });
    const plugin = await builder.build(withFiles({ 'client/src/index.css': "@import 'tailwindcss';\n@plugin 'fs';\n" }), preview);
    expect(!plugin.ok && plugin.errors[0]!.message).toMatch(/plugins and configs are not available/);
  });

  it('explains an index.html whose script is not a project file', async () => {
    const result = await builder.build(withFiles({ 'client/index.html': '<script type="module" src="/src/missing.tsx"></script>' }), preview);
    expect(!result.ok && result.errors[0]).toMatchObject({ file: 'client/index.html', message: expect.stringContaining('/src/missing.tsx') });
  });
});

describe('source locations', () => {
  const decode = (body: Uint8Array) => new TextDecoder().decode(body);

  it('preview modules take JSX from the preview’s runtime, which marks host elements with their place in the source', async () => {
    const files = withFiles({
      'client/src/App.tsx':
        'import { Item } from "./Item";\nexport default function App() {\n  return <ul className="list">{[1, 2].map((n) => <Item key={n} n={n} />)}</ul>;\n}\n',
      'client/src/Item.tsx': 'export function Item({ n }: { n: number }) {\n  return (\n    <li>\n      {n}\n    </li>\n  );\n}\n',
    });
    const result = expectOk(await builder.build(files, preview));
    const jsx = [...result.assets.keys()].find((n) => n.startsWith('sprout-jsx.'))!;
    expect(jsx).toMatch(/^sprout-jsx\.[a-f0-9]{20}\.js$/);
    // Imported by relative name, like a project module; React's runtime itself comes through the import map.
    expect(moduleText(result, 'client/src/App.tsx').startsWith(`import { jsxDEV } from "./${jsx}";\n`)).toBe(true);
    expect(moduleText(result, 'client/src/Item.tsx')).toContain(`from "./${jsx}"`);
    expect(moduleText(result, 'client/src/Item.tsx')).not.toContain('react/jsx');
    const map = JSON.parse(/<script type="importmap">(.*?)<\/script>/.exec(result.html)![1]!).imports;
    expect(map['react/jsx-dev-runtime']).toBe(`/_sprout/vendor/${builder.vendor.key}/react~jsx-dev-runtime.js`);
    expect(result.html).toContain(`<link rel="modulepreload" href="/_sprout/build/v/${jsx}" />`);

    // The runtime, run with a stand-in for React's: elements get their place, React's built-ins do not.
    const runtime = decode(result.assets.get(jsx)!.body);
    expect(runtime).toContain('from "react/jsx-dev-runtime"');
    const react = `data:text/javascript,${encodeURIComponent('export const Fragment = "fragment"; export const jsxDEV = (...args) => args;')}`;
    const shim = await import(
      /* @vite-ignore */ `data:text/javascript,${encodeURIComponent(runtime.replace('"react/jsx-dev-runtime"', JSON.stringify(react)))}`
    );
    const where = { fileName: 'client/src/Item.tsx', lineNumber: 3, columnNumber: 5 };
    expect(shim.Fragment).toBe('fragment');
    expect(shim.jsxDEV('li', { children: 1 }, 1, false, where, undefined)).toEqual([
      'li',
      { children: 1, 'data-sprout-loc': 'client/src/Item.tsx:3:5' },
      1,
      false,
      where,
      undefined,
    ]);
    // A component is handed its place of use, which one that spreads its props passes on to what it draws.
    const Item = () => null;
    expect(shim.jsxDEV(Item, { n: 1 }, undefined, false, where)[1]).toEqual({ n: 1, 'data-sprout-loc': 'client/src/Item.tsx:3:5' });
    const inner = { fileName: 'client/src/components/ui/button.tsx', lineNumber: 40, columnNumber: 5 };
    expect(shim.jsxDEV('button', { 'data-sprout-loc': 'client/src/App.tsx:9:7' }, undefined, false, inner)[1]).toEqual({
      'data-sprout-loc': 'client/src/App.tsx:9:7',
    });
    // React's built-ins take no unknown props.
    expect(shim.jsxDEV(Symbol.for('react.fragment'), { children: [] }, undefined, true, where)[1]).toEqual({ children: [] });
    expect(shim.jsxDEV('li', {}, undefined, false, undefined)[1]).toEqual({});
  });

  it('are never in a published build', async () => {
    const result = expectOk(await builder.build(templateFiles(), { mode: 'production', assetBase: '/assets/' }));
    for (const [name, asset] of result.assets) {
      expect(name).not.toMatch(/sprout-jsx/);
      expect(decode(asset.body)).not.toMatch(/data-sprout-loc|jsxDEV|sprout-jsx|client\/src\/App\.tsx/);
    }
    expect(result.html).not.toMatch(/data-sprout-loc|sprout-jsx/);
  });
});

describe('production builds', () => {
  it('bundle and minify everything, with no import map and no bridge', async () => {
    const result = expectOk(await builder.build(templateFiles(), { mode: 'production', assetBase: '/assets/' }));
    expect(result.html).not.toContain('importmap');
    expect(result.scriptHashes).toEqual([]);
    const js = assetText(result, '.js');
    expect(js).not.toMatch(/from\s*"react/);
    expect(js).toContain('Sprout starter');
    expect(js).not.toContain('buttonVariants');
    expect([...result.assets.keys()].some((k) => k.endsWith('.map'))).toBe(false);
  });
});
