// The generated apps are TypeScript: esbuild (the preview) only strips types, so this test runs the
// real compiler over one app of every family and variant, as an exported project would be built.

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { scaledTimeout } from '@sprout/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { readMarker } from './families/common';
import { CASES } from './cases';
import { converse } from './testing';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSC = path.join(ROOT, 'node_modules/.bin/tsc');
const run = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), 'sprout-offline-tsc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// One app per family and variant: the rest differ only in data.
const seen = new Set<string>();
const apps = CASES.map((c) => ({ ...c, files: converse([c.prompt])[0]!.files })).filter((c) => {
  const m = readMarker(c.files.get('client/src/config.ts'));
  // Composed apps differ in their parts (App.tsx), so each is checked.
  const key = m?.family === 'collection' ? c.prompt : `${m?.family}/${m?.variant}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
});

/** Writes an app under `root`, with `@/` imports made relative so one compiler run covers every app. */
function writeApp(root: string, files: Map<string, string>) {
  for (const [p, content] of files) {
    const file = path.join(root, p);
    mkdirSync(path.dirname(file), { recursive: true });
    const relative = (target: string) => {
      const r = path
        .relative(path.dirname(file), path.join(root, 'client/src', target))
        .split(path.sep)
        .join('/');
      return r.startsWith('.') ? r : `./${r}`;
    };
    writeFileSync(
      file,
      content.replace(/(from\s+|import\s+)(['"])@\/([^'"]+)\2/g, (_m, kw: string, q: string, target: string) => `${kw}${q}${relative(target)}${q}`),
    );
  }
}

describe('generated apps type-check with the template tsconfig (strict)', () => {
  it(`${apps.length} apps, one per family and variant`, { timeout: scaledTimeout(120_000) }, async () => {
    expect(apps.length).toBeGreaterThanOrEqual(18);
    apps.forEach((a, i) => writeApp(path.join(dir, `app-${i}`), a.files));
    // The template's compiler options, over all apps at once (the type libraries load once).
    const { compilerOptions } = JSON.parse(apps[0]!.files.get('tsconfig.json')!) as { compilerOptions: Record<string, unknown> };
    delete compilerOptions.paths;
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['app-*/client/src', 'app-*/functions', 'app-*/lib'] }));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    const out = await run(TSC, ['-p', 'tsconfig.json', '--noEmit'], { cwd: dir }).then(
      () => '',
      (err: { stdout?: string }) => String(err.stdout ?? err),
    );
    // Errors name the app folder; map it back to its prompt.
    expect(out.replace(/app-(\d+)\//g, (_m, i: string) => `[${apps[Number(i)]!.prompt.slice(0, 50)}] `)).toBe('');
  });
});
