import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { databaseTestFiles } from './packages/db/src/test-files.ts';
import { scaledTimeout } from './packages/testkit/src/timeouts.ts';
import { LongFilesFirstSequencer } from './scripts/long-files-first.ts';

const API_BROWSER = ['src/checks/**/*.test.ts', 'src/**/*.browser.test.ts', 'src/chat/offline-checks*.test.ts'];

// Every time limit is the one an unloaded machine needs, grown with the machine's load when the run
// starts (scaledTimeout: load per core, SPROUT_TIMEOUT_SCALE for the least factor): a limit ends a
// hang, it never judges speed. expect.poll waits as long as a server round trip can take, not
// Vitest's one second.
const limits = (test = 5_000, hook = 10_000) => ({
  testTimeout: scaledTimeout(test),
  hookTimeout: scaledTimeout(hook),
  expect: { poll: { timeout: scaledTimeout(10_000) } },
});
// The projects that drive Chromium scale their limits again as each file starts, and print a failed
// test's browser steps (packages/testkit/src/browser-test-setup.ts).
const browserLimits = (test: number, hook: number) => ({
  ...limits(test, hook),
  setupFiles: [fileURLToPath(new URL('./packages/testkit/src/browser-test-setup.ts', import.meta.url))],
  env: { SPROUT_BROWSER_TEST_TIMEOUT: String(test), SPROUT_BROWSER_HOOK_TIMEOUT: String(hook) },
});

// CI's PostgreSQL pass (npm run test:db sets SPROUT_TEST_FILES=database) runs only the test files of
// db, engine and api that open a database, by the rule packages/db/src/test-files.ts states and
// createTestDb enforces; the others do not depend on the driver.
const DATABASE_PASS = process.env.SPROUT_TEST_FILES === 'database';
const unitFiles = (root: string, include: string[]) =>
  DATABASE_PASS ? databaseTestFiles(fileURLToPath(new URL(`./${root}/src`, import.meta.url))).map((f) => `src/${f}`) : include;

// SPROUT_SKIP_PROJECTS=e2e,reliability leaves those projects out (scripts/test.mjs runs the
// reliability suite in a Vitest of its own beside the rest): several `--project '!name'` flags on
// the command line select the union of what each lets through, which is every project.
const skipped = new Set((process.env.SPROUT_SKIP_PROJECTS ?? '').split(',').filter(Boolean));
const selected = <T extends { test: { name: string } }>(projects: T[]): T[] => projects.filter((p) => !skipped.has(p.test.name));

// One project per workspace.
export default defineConfig({
  test: {
    // The security suite's counts (tried / refused / failures per category) are printed at the end.
    reporters: ['default', './security/tally-reporter.ts'],
    // Three files at once, not Vitest's default of one on a 2-core machine (cores - 1): most files wait
    // on Chromium, the database or timers. Measured on the unit stage: one worker 16 minutes, two
    // 11.5; on a slower machine two 640 s and three 517 s (the CPU idle under 1 %), every test
    // passing. The browser suite keeps two (its own setting below). Projects that must not overlap
    // say fileParallelism: false. The PostgreSQL pass keeps two: each file's app holds 15 to 20
    // connections (its pool, its listeners, a pool per job queue) and a file may start two apps; three
    // files at once were measured at 97 connections of the server's 100, and CI once ran out ("too many
    // clients": a registration answered 500, a run failed).
    maxWorkers: DATABASE_PASS ? 2 : 3,
    // Long files first, so the run does not end on one of them alone (scripts/long-files-first.ts).
    sequence: { sequencer: LongFilesFirstSequencer },
    // isolate: false: a worker keeps one module graph for all the files of a project it runs,
    // instead of importing it afresh for each file (every API test file imported the whole API:
    // the api project took 322 s with 138 s of imports, 234 s without; the unit stage 808 s → 645 s).
    // Test files keep no module state of their own between files. reliability and e2e stay isolated:
    // they start processes, and e2e's helpers expect a module graph per file.
    projects: selected([
      { test: { name: 'core', isolate: false, root: 'packages/core', include: ['src/**/*.test.ts'], ...limits() } },
      // The repository's own rules: imports by layer and no cycles (scripts/boundaries), docs that name
      // only paths that exist, nothing cited from outside the repository (scripts/self-contained).
      { test: { name: 'repo', isolate: false, root: 'scripts', include: ['**/*.test.ts'], ...limits() } },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web', import.meta.url)) } },
        test: {
          name: 'web',
          isolate: false,
          root: 'apps/web',
          include: ['lib/**/*.test.ts', 'ui/**/*.test.ts', 'features/**/*.test.ts'],
          ...limits(),
        },
      },
      {
        test: {
          name: 'engine',
          isolate: false,
          root: 'packages/engine',
          include: unitFiles('packages/engine', ['src/**/*.test.ts']),
          ...limits(60_000, 120_000),
        },
      },
      // Builds and type-checks every app it can compose: slow on a busy machine.
      { test: { name: 'offline', isolate: false, root: 'packages/offline', include: ['src/**/*.test.ts'], ...limits(60_000, 120_000) } },
      // Starts workerd processes: app functions on the real runtime.
      { test: { name: 'functions', isolate: false, root: 'packages/functions', include: ['src/**/*.test.ts'], ...limits(30_000, 30_000) } },
      { test: { name: 'template', isolate: false, root: 'packages/template', include: ['src/**/*.test.ts'], ...limits() } },
      { test: { name: 'testkit', isolate: false, root: 'packages/testkit', include: ['src/**/*.test.ts'], ...limits() } },
      // The eval's pure parts (case files, judging, the table) and the suites' case files themselves.
      { test: { name: 'eval', isolate: false, root: 'eval', include: ['**/*.test.ts'], ...limits() } },
      // Builds with esbuild and, in *.browser.test.ts, drives Chromium: first runs prebundle vendor files.
      { test: { name: 'preview', isolate: false, root: 'packages/preview', include: ['src/**/*.test.ts'], ...limits(60_000, 120_000) } },
      { test: { name: 'db', isolate: false, root: 'packages/db', include: unitFiles('packages/db', ['src/**/*.test.ts']), ...limits(60_000, 120_000) } },
      {
        test: {
          name: 'api',
          isolate: false,
          root: 'apps/api',
          include: unitFiles('apps/api', ['src/**/*.test.ts']),
          exclude: API_BROWSER,
          ...limits(60_000, 120_000),
        },
      },
      // The API's tests that drive Chromium (render and behaviour checks, the preview in a frame): what
      // they judge does not depend on the database driver, so CI's PostgreSQL pass (api, db) skips them.
      { test: { name: 'api-browser', isolate: false, root: 'apps/api', include: API_BROWSER, ...browserLimits(120_000, 120_000) } },
      // Hostile inputs against the real API, parser fuzzing, redirects (npm run test:security).
      { test: { name: 'security', isolate: false, root: 'security', include: ['**/*.test.ts'], ...limits(120_000, 120_000) } },
      // Crash safety, database faults and two instances on their own PostgreSQL clusters.
      // They start processes and clusters: one file at a time on a 2-core machine.
      { test: { name: 'reliability', root: 'reliability', include: ['**/*.test.ts'], ...limits(180_000, 180_000), fileParallelism: false } },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.test.ts'],
          globalSetup: ['./global-setup.ts'],
          ...browserLimits(60_000, 180_000),
          // Two files at once, each worker on a product of its own (global-setup.ts): a file shares
          // its product only with the files that ran before it on the same worker, never with one
          // running beside it. Not three: the suite already keeps both cores busy (vmstat: ~5 % idle).
          maxWorkers: 2,
        },
      },
    ]),
  },
});
