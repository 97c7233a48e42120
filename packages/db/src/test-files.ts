import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Which test files open a database: the ones CI runs a second time on PostgreSQL. Decided by a rule
// on the file's text, not a list: a test file that opens a database names the helper that opens it,
// in its own text or in a `*.testing.ts` module of its own folder that it imports. `createTestDb`
// checks the rule for the file that calls it, so a file that breaks it fails in every run.

/** The helpers that give a test a database of its own (`@sprout/db/testing`, `@sprout/api/testing`). */
export const DATABASE_HELPERS = ['createTestDb', 'createTestApp', 'useTestApp', 'useModelTestApp', 'listenApiInstance'] as const;

const NAMES_A_HELPER = new RegExp(`\\b(${DATABASE_HELPERS.join('|')})\\b`);
const IMPORTS_A_TESTING_MODULE = /from\s+['"](\.\/[^'"]+\.testing)(?:\.ts)?['"]/g;

/** Whether the test file at `file` (its text `source`) opens a database by the rule above. */
export function opensDatabase(file: string, source = readFileSync(file, 'utf8')): boolean {
  if (NAMES_A_HELPER.test(source)) return true;
  for (const [, specifier] of source.matchAll(IMPORTS_A_TESTING_MODULE)) {
    const helper = path.resolve(path.dirname(file), `${specifier}.ts`);
    if (existsSync(helper) && NAMES_A_HELPER.test(readFileSync(helper, 'utf8'))) return true;
  }
  return false;
}

/** Throws, naming the rule, when the test file at `file` opens a database the rule does not see. */
export function assertNamesItsDatabase(file: string): void {
  if (opensDatabase(file)) return;
  throw new Error(
    `${file} opens a database without naming the helper that opens it, so CI's PostgreSQL pass would skip it: ` +
      `call ${DATABASE_HELPERS.join(', ')} in the file itself or in a *.testing.ts module beside it that it imports`,
  );
}

/** The test files (`*.test.ts`) under `dir` that open a database, as paths relative to `dir`, sorted. */
export function databaseTestFiles(dir: string, isExcluded: (relative: string) => boolean = () => false): string[] {
  return testFiles(dir)
    .map((file) => path.relative(dir, file))
    .filter((relative) => !isExcluded(relative) && opensDatabase(path.join(dir, relative)))
    .sort();
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('.')) return [];
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(full);
    return e.name.endsWith('.test.ts') ? [full] : [];
  });
}
