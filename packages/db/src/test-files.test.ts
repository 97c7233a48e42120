import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assertNamesItsDatabase, DATABASE_HELPERS, databaseTestFiles, opensDatabase } from './test-files';

// The helpers' names are built from the list, so this file itself is not one that opens a database.
const [TEST_DB, , TEST_APP, MODEL_TEST_APP] = DATABASE_HELPERS;

const PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A folder of test files with the given texts. */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sprout-test-files-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('which test files open a database', () => {
  it('the ones that name a database helper, in their own text or a *.testing.ts module beside them', () => {
    const dir = folder({
      'a/queries.test.ts': `import { ${TEST_DB} } from '@sprout/db/testing';\nconst h = await ${TEST_DB}();\n`,
      'a/routes.test.ts': `import { ${TEST_APP} } from '../testing';\nconst t = ${TEST_APP}();\n`,
      'b/checks.testing.ts': `export const useChecks = () => ${MODEL_TEST_APP}({});\n`,
      'b/checks.test.ts': "import { useChecks } from './checks.testing';\n",
      'b/pure.testing.ts': 'export const x = 1;\n',
      'b/pure.test.ts': "import { x } from './pure.testing';\nimport { parse } from './parse';\n",
      'c/cookies.test.ts': `import { describe } from 'vitest';\n// ${TEST_DB}s is another word\n`,
      'node_modules/x/y.test.ts': `${TEST_DB}();\n`,
    });
    expect(databaseTestFiles(dir)).toEqual(['a/queries.test.ts', 'a/routes.test.ts', 'b/checks.test.ts']);
    expect(databaseTestFiles(dir, (f) => f.startsWith('a/'))).toEqual(['b/checks.test.ts']);
    expect(opensDatabase(path.join(dir, 'c/cookies.test.ts'))).toBe(false);
  });

  it("in this package: the query tests, not the lock file's or the event loop's", () => {
    const files = databaseTestFiles(path.join(PACKAGE, 'src'));
    expect(files).toContain('operations/quota.test.ts');
    expect(files).toContain('test-template.test.ts');
    expect(files).not.toContain('dir-lock.test.ts');
    expect(files).not.toContain('pglite-turns.test.ts');
  });

  it('a file that opens one without naming its helper is refused, and the error says what to do', () => {
    const dir = folder({ 'hidden.test.ts': "import { setUp } from './set-up';\nsetUp();\n" });
    expect(() => assertNamesItsDatabase(path.join(dir, 'hidden.test.ts'))).toThrow(`PostgreSQL pass would skip it: call ${TEST_DB}, `);
    expect(opensDatabase(fileURLToPath(import.meta.url))).toBe(false);
  });
});
