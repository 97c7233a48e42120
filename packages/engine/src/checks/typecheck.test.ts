import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { starterFiles } from '@sprout/template';
import { scaledTimeout } from '@sprout/testkit';
import { parseTscOutput, typecheckProject, typecheckTsconfig } from './typecheck';

const starter = () => new Map(starterFiles().map((f) => [f.name, f.content]));
const BROKEN_APP = "export default function App() {\n  const count: number = 'seven';\n  return <h1>{count}</h1>;\n}\n";
const scratch = mkdtempSync(path.join(os.tmpdir(), 'sprout-typecheck-test-'));
// The checks' temp dirs go here, so other suites' checks running meanwhile do not count.
const tmpDir = mkdtempSync(path.join(scratch, 'tmp-'));
const leftovers = () => readdirSync(tmpDir);
// The real compiler, with room for a machine busy with other suites (the default budget is 8 s), inside
// each test's limit; both grow with the machine's load.
const real = { tmpDir, timeoutMs: scaledTimeout(25_000) };
const LIMIT = scaledTimeout(30_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('parseTscOutput', () => {
  it('reads located and global errors and joins elaborations to their message', () => {
    const out = [
      "client/src/App.tsx(2,9): error TS2322: Type 'string' is not assignable to type 'number'.",
      "client/src/lib/data.ts(10,3): error TS2322: Type '{ a: string; }' is not assignable to type '{ a: number; }'.",
      "  Types of property 'a' are incompatible.",
      "    Type 'string' is not assignable to type 'number'.",
      "error TS5023: Unknown compiler option 'nope'.",
      'Found 3 errors.',
      '',
    ].join('\n');
    expect(parseTscOutput(out)).toEqual([
      { file: 'client/src/App.tsx', line: 2, column: 9, code: 'TS2322', message: "Type 'string' is not assignable to type 'number'." },
      {
        file: 'client/src/lib/data.ts',
        line: 10,
        column: 3,
        code: 'TS2322',
        message:
          "Type '{ a: string; }' is not assignable to type '{ a: number; }'.\nTypes of property 'a' are incompatible.\nType 'string' is not assignable to type 'number'.",
      },
      { file: null, line: null, column: null, code: 'TS5023', message: "Unknown compiler option 'nope'." },
    ]);
    expect(parseTscOutput("client/src/a (copy).tsx(1,1): error TS1005: ';' expected.\r\n")).toEqual([
      { file: 'client/src/a (copy).tsx', line: 1, column: 1, code: 'TS1005', message: "';' expected." },
    ]);
    expect(parseTscOutput('nothing to see\n  indented without a diagnostic')).toEqual([]);
  });
});

describe('typecheckTsconfig', () => {
  it("keeps the project's strictness and JSX, and drops what TS 7 removed or what points elsewhere", () => {
    const own = `{
      // comments and trailing commas, as tsconfig allows
      "compilerOptions": { "strict": false, "noUnusedLocals": true, "baseUrl": ".", "moduleResolution": "node", "outDir": "/etc", "paths": { "@/*": ["../../*"] }, },
    }`;
    const { compilerOptions, include } = JSON.parse(typecheckTsconfig(own)) as { compilerOptions: Record<string, unknown>; include: string[] };
    expect(compilerOptions).toMatchObject({
      strict: false,
      noUnusedLocals: true,
      moduleResolution: 'bundler',
      noEmit: true,
      skipLibCheck: true,
      paths: { '@/*': ['./client/src/*'] },
    });
    expect(compilerOptions).not.toHaveProperty('baseUrl');
    expect(compilerOptions).not.toHaveProperty('outDir');
    expect(include).toEqual(['client/src', 'functions', 'lib', 'sprout-env.d.ts']);
    // No or unreadable tsconfig: the template's options.
    expect(JSON.parse(typecheckTsconfig('{ not json')).compilerOptions).toMatchObject({ strict: true, jsx: 'react-jsx' });
    expect(JSON.parse(typecheckTsconfig(undefined)).compilerOptions).toMatchObject({ strict: true, jsx: 'react-jsx' });
  });
});

describe('typecheckProject', () => {
  it('passes the template starter, and leaves no temp dir behind', { timeout: LIMIT }, async () => {
    const r = await typecheckProject(starter(), ['client/src/App.tsx', 'client/src/components/ui/button.tsx'], real);
    expect(r).toMatchObject({ status: 'ok', errors: [], reason: null });
    expect(r.durationMs).toBeGreaterThan(0);
    expect(leftovers()).toEqual([]);
  });

  it('reports an error in a changed file with its place, and ignores the same error in an unchanged file', { timeout: LIMIT }, async () => {
    const files = starter();
    files.set('client/src/App.tsx', BROKEN_APP);
    files.set('client/src/lib/other.ts', 'export const other: string = 42;\n');
    const r = await typecheckProject(files, ['client/src/App.tsx', 'client/index.html'], real);
    expect(r.status).toBe('errors');
    expect(r.errors).toEqual([
      { source: 'types', file: 'client/src/App.tsx', line: 2, column: 9, message: "TS2322: Type 'string' is not assignable to type 'number'." },
    ]);

    // Only the unchanged file is wrong: nothing to report.
    files.set('client/src/App.tsx', starter().get('client/src/App.tsx')!);
    expect(await typecheckProject(files, ['client/src/App.tsx'], real)).toMatchObject({ status: 'ok', errors: [] });
  });

  it('checks a changed server function and the shared code it imports, with the web types a function has', { timeout: LIMIT }, async () => {
    const files = starter();
    files.set('lib/prices.ts', 'export const priceOf = (item: string): number => item.length;\n');
    files.set(
      'functions/quote.ts',
      "import { priceOf } from '../lib/prices';\n\nexport default async function (req: Request) {\n  const total: string = priceOf('mug');\n  return Response.json({ total, url: new URL(req.url).pathname });\n}\n",
    );
    const r = await typecheckProject(files, ['functions/quote.ts', 'lib/prices.ts'], real);
    expect(r.status).toBe('errors');
    expect(r.errors).toEqual([
      { source: 'types', file: 'functions/quote.ts', line: 4, column: 9, message: "TS2322: Type 'number' is not assignable to type 'string'." },
    ]);
  });

  it('resolves @/ imports, UI components and packages, and leaves missing modules to the build', { timeout: LIMIT }, async () => {
    const files = starter();
    files.set(
      'client/src/App.tsx',
      [
        "import { Button } from '@/components/ui/button';",
        "import { Plus } from 'lucide-react';",
        "import { Board } from './components/Board';",
        "import axios from 'axios';",
        '',
        'export default function App() {',
        '  void axios;',
        '  return <Button variant="nope"><Plus /><Board /></Button>;',
        '}',
        '',
      ].join('\n'),
    );
    const r = await typecheckProject(files, ['client/src/App.tsx'], real);
    expect(r.status).toBe('errors');
    // The bad variant is a type error; './components/Board' and 'axios' are the build's and the imports check's to report.
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ file: 'client/src/App.tsx', line: 8, message: expect.stringMatching(/^TS2322: Type '"nope"' is not assignable/) });
  });

  it('lists every name it could not find in a changed file, beyond the errors it shows, and knows DOM types', { timeout: LIMIT }, async () => {
    const files = starter();
    const lines = Array.from({ length: 8 }, (_, i) => `export const n${i}: number = '${i}';`);
    files.set(
      'client/src/App.tsx',
      [...lines, 'const canvas = null as HTMLCanvasElement | null;', 'export default function App() { return <Scoreboard value={canvas} />; }', ''].join('\n'),
    );
    const r = await typecheckProject(files, ['client/src/App.tsx'], { ...real, maxErrors: 3 });
    expect(r.errors).toHaveLength(3);
    expect(r.missingNames).toEqual([{ file: 'client/src/App.tsx', name: 'Scoreboard' }]);
  });

  it('caps the number of errors it reports', { timeout: LIMIT }, async () => {
    const files = starter();
    files.set('client/src/lib/many.ts', Array.from({ length: 30 }, (_, i) => `export const n${i}: number = '${i}';`).join('\n'));
    const r = await typecheckProject(files, ['client/src/lib/many.ts'], { ...real, maxErrors: 5 });
    expect(r).toMatchObject({ status: 'errors', reason: '30 type errors, the first 5 shown' });
    expect(r.errors.map((e) => e.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('does not run without a changed TypeScript file', async () => {
    expect(await typecheckProject(starter(), ['client/index.html'], { tsc: '/nonexistent/tsc' })).toEqual({
      status: 'ok',
      errors: [],
      reason: null,
      durationMs: 0,
      missingNames: [],
    });
  });

  it('skips a project that is too big, a missing compiler, and a compiler that fails', async () => {
    const files = starter();
    files.set('client/src/App.tsx', BROKEN_APP);
    const changed = ['client/src/App.tsx'];
    expect(await typecheckProject(files, changed, { maxFiles: 5 })).toMatchObject({
      status: 'skipped',
      errors: [],
      reason: expect.stringContaining('TypeScript files (more than 5)'),
    });
    expect(await typecheckProject(files, changed, { maxBytes: 1024 })).toMatchObject({
      status: 'skipped',
      reason: expect.stringContaining('KB of TypeScript (more than 1 KB)'),
    });
    expect(await typecheckProject(files, changed, { tsc: '/nonexistent/tsc' })).toMatchObject({
      status: 'skipped',
      reason: 'the TypeScript compiler is not installed',
    });
    const crashing = path.join(scratch, 'crashing-tsc');
    writeFileSync(crashing, '#!/bin/sh\necho "fatal: out of memory" >&2\nexit 3\n');
    chmodSync(crashing, 0o755);
    expect(await typecheckProject(files, changed, { tsc: crashing, tmpDir })).toMatchObject({
      status: 'skipped',
      reason: 'the compiler failed: fatal: out of memory',
    });
  });

  // The child sleeps as long as the test may run: a check that waited for it would time the test out.
  const SLEEP_S = Math.ceil(LIMIT / 1000);
  it('kills a compiler over its time budget, with the process it started, and reports the check as skipped', { timeout: LIMIT }, async () => {
    // A stand-in like .bin/tsc on Node 20: a wrapper whose child does the work.
    const slow = path.join(scratch, 'slow-tsc');
    const marker = `sprout-typecheck-slow-${process.pid}`;
    writeFileSync(slow, `#!/bin/sh\nsh -c 'sleep ${SLEEP_S}; echo ${marker}' &\nwait\n`);
    chmodSync(slow, 0o755);
    const r = await typecheckProject(starter(), ['client/src/App.tsx'], { tsc: slow, timeoutMs: 500, tmpDir });
    expect(r).toMatchObject({ status: 'skipped', errors: [], reason: 'it took longer than 0.5 s' });
    expect(leftovers()).toEqual([]);
    const alive = execFileSync('ps', ['-eo', 'args'])
      .toString()
      .split('\n')
      .filter((l) => l.includes(`sleep ${SLEEP_S}`) && l.includes(marker));
    expect(alive).toEqual([]);
  });

  it('stops when the run is stopped', { timeout: LIMIT }, async () => {
    const slow = path.join(scratch, 'slow-tsc-2');
    writeFileSync(slow, `#!/bin/sh\nsleep ${SLEEP_S}\n`);
    chmodSync(slow, 0o755);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    expect(await typecheckProject(starter(), ['client/src/App.tsx'], { tsc: slow, signal: ac.signal, tmpDir })).toMatchObject({
      status: 'skipped',
      reason: 'the run was stopped',
    });
  });
});
