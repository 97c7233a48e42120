import { describe, expect, it } from 'vitest';
import { FILE_LIMITS } from '../projects/project-paths';
import { finishImport } from './finish-import';
import { planImport } from './plan-import';

const encoder = new TextEncoder();

/** Imports a list of (path, content) as a zip or a repository lists and reads them (duplicates allowed). */
function importList(list: [string, string | Uint8Array][]) {
  // As a reader by name would: the first entry of a name is the one read.
  const bytes = new Map<string, Uint8Array>();
  for (const [path, content] of list) if (!bytes.has(path)) bytes.set(path, typeof content === 'string' ? encoder.encode(content) : content);
  const plan = planImport(list.map(([path]) => ({ path, size: bytes.get(path)!.length })));
  return plan.ok ? finishImport(plan, bytes) : plan;
}
const tree = (files: Record<string, string | Uint8Array>) => {
  const result = importList(Object.entries(files));
  if (!result.ok) throw new Error(result.message);
  return { files: Object.fromEntries(result.files.map((f) => [f.path, f.content])), skipped: result.skipped };
};

const MAIN = "import { createRoot } from 'react-dom/client';\nimport App from './App';\ncreateRoot(document.getElementById('root')!).render(<App />);\n";
const VITE_PAGE =
  '<!doctype html><html><head><title>Task Board</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>';

describe('planImport and finishImport', () => {
  it("keeps a Sprout export's files as they are, out of the export's folder", () => {
    const { files, skipped } = tree({
      'task-board/package.json': '{"name":"task-board","scripts":{"dev":"vite"}}',
      'task-board/client/index.html': VITE_PAGE,
      'task-board/client/src/main.tsx': MAIN,
      'task-board/functions/hello.ts': 'export default () => 1;\n',
      'task-board/sprout.data.json': '{"collections":{}}',
      'task-board/.env.example': 'SPROUT_BACKEND_URL=https://x.example\n',
      'task-board/README.md': '# Task board\n',
    });
    expect(Object.keys(files).sort()).toEqual([
      '.env.example',
      'README.md',
      'client/index.html',
      'client/src/main.tsx',
      'functions/hello.ts',
      'package.json',
      'sprout.data.json',
    ]);
    expect(skipped).toEqual([]);
  });

  it('moves a Lovable or Bolt style Vite app into client/ and leaves out its tooling, secrets, lock files and server', () => {
    const { files, skipped } = tree({
      'index.html': VITE_PAGE,
      'src/main.tsx': MAIN,
      'src/App.tsx': 'export default function App() { return <h1>Hi</h1>; }\n',
      'src/components/ui/button.tsx': 'export const Button = () => null;\n',
      'src/integrations/supabase/client.ts': 'export const supabase = 1;\n',
      'public/robots.txt': 'User-agent: *\n',
      'public/favicon.ico': new Uint8Array([0, 0, 1, 0]),
      'package.json': '{"name":"vite_react_shadcn_ts","scripts":{"dev":"vite","build":"vite build"},"dependencies":{"react":"^18.3.1"}}',
      'bun.lockb': new Uint8Array([1, 2, 3]),
      'package-lock.json': '{}',
      'supabase/config.toml': 'project_id = "x"\n',
      'supabase/functions/chat/index.ts': 'Deno.serve(() => new Response("x"));\n',
      'tailwind.config.ts': 'export default {};\n',
      'postcss.config.js': 'export default {};\n',
      'vite.config.ts': 'export default {};\n',
      'tsconfig.json': '{}',
      'tsconfig.app.json': '{}',
      'components.json': '{}',
      '.env': 'VITE_SUPABASE_KEY=secret\n',
      '.gitignore': 'node_modules\n',
      'README.md': '# My Lovable app\n',
      'node_modules/react/index.js': 'module.exports = {};\n',
      'node_modules/react/package.json': '{}',
      'dist/index.html': '<html></html>',
    });
    expect(Object.keys(files).sort()).toEqual([
      '.gitignore',
      'README.md',
      'client/index.html',
      'client/public/robots.txt',
      'client/src/App.tsx',
      'client/src/components/ui/button.tsx',
      'client/src/integrations/supabase/client.ts',
      'client/src/main.tsx',
      'package.json',
    ]);
    const reasons = Object.fromEntries(skipped.map((s) => [s.path, s.reason]));
    expect(Object.keys(reasons).sort()).toEqual(
      [
        '.env',
        'bun.lockb',
        'components.json',
        'dist/',
        'node_modules/',
        'package-lock.json',
        'postcss.config.js',
        'public/favicon.ico',
        'supabase/',
        'tailwind.config.ts',
        'tsconfig.app.json',
        'tsconfig.json',
        'vite.config.ts',
      ].sort(),
    );
    expect(reasons['.env']).toMatch(/secrets/);
    expect(reasons['node_modules/']).toMatch(/Installed packages/);
    expect(reasons['public/favicon.ico']).toMatch(/text files only/);
    expect(reasons['tailwind.config.ts']).toMatch(/Tailwind v4/);
  });

  it("turns a Create React App into Vite's layout: its page loads the entry, JSX files become .jsx, install scripts go", () => {
    const { files, skipped } = tree({
      'public/index.html':
        '<!DOCTYPE html><html><head><link rel="icon" href="%PUBLIC_URL%/favicon.svg" /><title>Recipes</title></head><body><div id="root"></div></body></html>',
      'public/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'src/index.js':
        "import ReactDOM from 'react-dom/client';\nimport App from './App';\nReactDOM.createRoot(document.getElementById('root')).render(<App />);\n",
      'src/App.js': 'export default function App() { return <main>Recipes</main>; }\n',
      'src/sum.js': 'export const sum = (a, b) => a + b;\n',
      'src/App.css': 'main { color: red; }\n',
      'package.json': JSON.stringify({
        name: 'recipes',
        scripts: { start: 'react-scripts start', postinstall: 'node evil.js' },
        dependencies: { react: '^18.2.0', x: 'github:evil/x' },
      }),
    });
    expect(Object.keys(files).sort()).toEqual([
      'client/index.html',
      'client/public/favicon.svg',
      'client/src/App.css',
      'client/src/App.jsx',
      'client/src/index.jsx',
      'client/src/sum.js',
      'package.json',
    ]);
    expect(files['client/index.html']).toContain('href="/favicon.svg"');
    expect(files['client/index.html']).toMatch(/<script type="module" src="\/src\/index\.jsx"><\/script>\s*<\/body>/);
    const manifest = JSON.parse(files['package.json']!);
    expect(manifest.scripts).toEqual({ start: 'react-scripts start' });
    expect(manifest.dependencies).toEqual({ react: '^18.2.0' });
    expect(skipped).toEqual([
      { path: 'package.json', reason: 'Removed the "postinstall" script: npm would run it on install.' },
      { path: 'package.json', reason: 'Removed the dependency "x" of "dependencies": only versions from the npm registry are allowed.' },
    ]);
  });

  it('takes the web app of a monorepo from its frontend/ folder and says the rest stayed out', () => {
    const { files, skipped } = tree({
      'package.json': '{"name":"mono","workspaces":["frontend","backend"]}',
      'README.md': '# Mono\n',
      'frontend/package.json': '{"name":"web"}',
      'frontend/index.html': VITE_PAGE,
      'frontend/src/main.tsx': MAIN,
      'backend/package.json': '{"name":"api"}',
      'backend/src/server.ts': 'console.log(1);\n',
    });
    expect(Object.keys(files).sort()).toEqual(['client/index.html', 'client/src/main.tsx', 'package.json']);
    expect(JSON.parse(files['package.json']!).name).toBe('web');
    expect(skipped).toEqual([
      { path: 'package.json', reason: "Outside the app's folder (frontend/)." },
      { path: 'README.md', reason: "Outside the app's folder (frontend/)." },
      { path: 'backend/', reason: "Outside the app's folder (frontend/)." },
    ]);
  });

  it("finds a client/ app with its own package.json inside GitHub's download folder", () => {
    const { files } = tree({
      'shop-main/client/package.json': '{"name":"client"}',
      'shop-main/client/index.html': VITE_PAGE,
      'shop-main/client/src/main.tsx': MAIN,
      'shop-main/server/index.js': 'require("http");\n',
    });
    expect(Object.keys(files).sort()).toEqual(['client/index.html', 'client/src/main.tsx', 'package.json']);
  });

  it('never throws on hostile names: each is left out with the reason, and what is shown back is clean and short', () => {
    const long = `src/${'a'.repeat(5000)}.ts`;
    const result = importList([
      ['index.html', VITE_PAGE],
      ['src/main.tsx', MAIN],
      ['src/main.tsx', 'export const evil = 1;\n'],
      ['src/Main.tsx', 'export const twin = 1;\n'],
      ['../evil.ts', 'x'],
      ['/etc/passwd.txt', 'x'],
      ['src/../../escape.ts', 'x'],
      ['src/nul\u0000byte.ts', 'x'],
      ['src/a\\b.ts', 'x'],
      ['C:/windows.ts', 'x'],
      [long, 'x'],
      ['src/.hidden/x.ts', 'x'],
      ['src/binary.ts', new Uint8Array([0x66, 0x00, 0xff])],
      ['src/latin1.ts', new Uint8Array([0x63, 0x61, 0x66, 0xe9])],
    ]);
    if (!result.ok) throw new Error(result.message);
    expect(result.files.map((f) => f.path)).toEqual(['client/index.html', 'client/src/main.tsx']);
    expect(result.files[1]!.content).toBe(MAIN);
    expect(result.skipped).toHaveLength(12);
    for (const s of result.skipped) {
      expect(s.path.length).toBeLessThanOrEqual(160);
      expect(s.path).not.toMatch(/[\u0000-\u001f]/);
      expect(s.reason.length).toBeGreaterThan(5);
    }
    const reason = (path: string) => result.skipped.find((s) => s.path === path)?.reason;
    expect(reason('src/main.tsx')).toMatch(/listed twice/);
    expect(reason('src/Main.tsx')).toMatch(/same file on macOS and Windows/);
    expect(reason('src/binary.ts')).toMatch(/Not a text file/);
    expect(reason('src/latin1.ts')).toMatch(/Not a text file/);
    expect(reason('src/nul\uFFFDbyte.ts')).toMatch(/control characters/);
  });

  it('says clearly why something is not a project it can run', () => {
    expect(importList([])).toMatchObject({ ok: false, reason: 'not_a_project', message: expect.stringMatching(/no files in it/) });
    expect(
      importList([
        ['next.config.js', 'module.exports = {};'],
        ['app/page.tsx', 'x'],
      ]),
    ).toMatchObject({ message: expect.stringMatching(/Next\.js/) });
    expect(
      importList([
        ['notes.md', '# hi'],
        ['src/a.ts', 'x'],
      ]),
    ).toMatchObject({
      reason: 'not_a_project',
      message: expect.stringMatching(/^This does not look like a Vite or React project: no index\.html beside a src\/ folder/),
    });
    // The page was found but is not text: nothing is left to run.
    expect(
      importList([
        ['index.html', new Uint8Array([0xff, 0xfe])],
        ['src/App.tsx', 'x'],
      ]),
    ).toMatchObject({
      reason: 'not_a_project',
      message: expect.stringMatching(/index\.html/),
    });
  });

  it('refuses more files or bytes than a project may hold, before anything is read', () => {
    const many = Array.from({ length: FILE_LIMITS.maxFiles + 1 }, (_, i) => ({ path: `src/f${i}.ts`, size: 10 }));
    expect(planImport([{ path: 'index.html', size: 10 }, ...many])).toMatchObject({
      ok: false,
      reason: 'too_large',
      message: expect.stringMatching(/at most 500/),
    });
    const big = Array.from({ length: 20 }, (_, i) => ({ path: `src/f${i}.ts`, size: 500 * 1024 }));
    expect(planImport([{ path: 'index.html', size: 10 }, ...big])).toMatchObject({
      ok: false,
      reason: 'too_large',
      message: expect.stringMatching(/at most 8 MB/),
    });
    const plan = planImport([
      { path: 'index.html', size: 10 },
      { path: 'src/main.tsx', size: Number.NaN },
      { path: 'src/huge.ts', size: 10 * 1024 * 1024 },
      { path: 'src/App.tsx', size: 10 },
    ]);
    expect(plan.ok && plan.reads.map((r) => r.to)).toEqual(['client/index.html', 'client/src/App.tsx']);
  });
});
