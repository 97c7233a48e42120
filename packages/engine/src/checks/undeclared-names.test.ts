import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testBuilder } from '@sprout/preview/testing';
import { ALLOWED_PACKAGES, starterFiles } from '@sprout/template';
import { scaledTimeout } from '@sprout/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { applyFixers } from '../fixers/apply-fixers';
import { startChecks } from './start-checks';
import type { TypeCheckResult } from './typecheck';
import { confirmedUndeclared, type UndeclaredName } from './undeclared-names';

const scoreboard: UndeclaredName = { file: 'client/src/App.tsx', name: 'Scoreboard', line: 3, column: 10 };
const result = (status: TypeCheckResult['status'], missing: string[] = []): TypeCheckResult => ({
  status,
  errors: [],
  reason: null,
  durationMs: 1,
  missingNames: missing.map((name) => ({ file: 'client/src/App.tsx', name })),
});

describe('confirmedUndeclared', () => {
  it('reports a name the compiler could not find either', () => {
    expect(confirmedUndeclared([scoreboard], result('errors', ['Scoreboard']))).toEqual([
      { source: 'imports', file: 'client/src/App.tsx', line: 3, column: 10, message: '<Scoreboard> is used but never imported or declared.' },
    ]);
  });

  it('stays silent when the compiler checked the file and found the name', () => {
    expect(confirmedUndeclared([scoreboard], result('ok'))).toEqual([]);
    expect(confirmedUndeclared([scoreboard], result('errors', ['Other']))).toEqual([]);
  });

  it('keeps its word when the compiler did not check: skipped, or a file it does not check', () => {
    expect(confirmedUndeclared([scoreboard], result('skipped'))).toHaveLength(1);
    expect(confirmedUndeclared([{ ...scoreboard, file: 'client/src/App.jsx' }], result('ok'))).toHaveLength(1);
  });
});

describe('startChecks with names the fixers could not place', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'sprout-undeclared-test-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const builder = testBuilder();

  async function check(app: string, extra: Record<string, string> = {}) {
    const files = new Map(starterFiles().map((f) => [f.name, f.content]));
    files.set('client/src/App.tsx', app);
    for (const [p, c] of Object.entries(extra)) files.set(p, c);
    const changed = new Set(['client/src/App.tsx', ...Object.keys(extra)]);
    const fixed = applyFixers(files, changed, []);
    const checks = await startChecks(files, changed, {
      build: (f) => builder.build(f, { mode: 'preview', assetBase: '/_sprout/build/v/', bridgeOrigin: 'http://localhost:3000' }),
      allowed: ALLOWED_PACKAGES,
      undeclared: fixed.undeclared,
      // A machine busy with other suites may take long to start the compiler: the budget grows with its load.
      typeCheck: { tmpDir: scratch, timeoutMs: scaledTimeout(60_000) },
    });
    return { undeclared: fixed.undeclared.map((u) => u.name), issues: checks.issues.map((i) => i.message) };
  }

  it('report a name the compiler cannot find either', { timeout: scaledTimeout(90_000) }, async () => {
    const r = await check('export default function App() {\n  return <Scoreboard />;\n}\n');
    expect(r.undeclared).toEqual(['Scoreboard']);
    expect(r.issues).toEqual(['<Scoreboard> is used but never imported or declared.']);
  });

  it('drop a name the compiler knows from elsewhere in the project', { timeout: scaledTimeout(90_000) }, async () => {
    const r = await check('export default function App() {\n  return <Widget label="x" />;\n}\n', {
      'client/src/widget-global.d.ts': 'declare global { const Widget: (p: { label: string }) => null }\nexport {};\n',
    });
    expect(r.undeclared).toEqual(['Widget']);
    expect(r.issues).toEqual([]);
  });
});
