import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const API_BROWSER = ['src/verify/**/*.test.ts', 'src/**/*.browser.test.ts', 'src/chat/offline-checks*.test.ts'];

// One project per workspace; `db` and `api` touch the database and are re-run on PostgreSQL in CI.
export default defineConfig({
  test: {
    // The security suite's counts (tried / refused / failures per category) are printed at the end.
    reporters: ['default', './security/tally-reporter.ts'],
    // Two files at once, not Vitest's default of one on a 2-core machine (cores - 1): most files wait
    // on Chromium, the database or timers, and two workers cut the unit stage from 16 to 11.5 minutes
    // with every test passing. Projects that must not overlap say fileParallelism: false.
    maxWorkers: 2,
    // isolate: false: a worker keeps one module graph for all the files of a project it runs,
    // instead of importing it afresh for each file (every API test file imported the whole API:
    // the api project took 322 s with 138 s of imports, 234 s without; the unit stage 808 s → 645 s).
    // Test files keep no module state of their own between files. reliability and e2e stay isolated:
    // they start processes, and e2e's helpers expect a module graph per file.
    projects: [
      { test: { name: 'core', isolate: false, root: 'packages/core', include: ['src/**/*.test.ts'] } },
      // DESIGN's dependency rules and import cycles, over the whole repository (scripts/boundaries).
      { test: { name: 'repo', isolate: false, root: 'scripts', include: ['**/*.test.ts'] } },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web', import.meta.url)) } },
        test: { name: 'web', isolate: false, root: 'apps/web', include: ['lib/**/*.test.ts', 'components/**/*.test.ts'] },
      },
      { test: { name: 'engine', isolate: false, root: 'packages/engine', include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      // Builds and type-checks every app it can compose: slow on a busy machine.
      { test: { name: 'offline', isolate: false, root: 'packages/offline', include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      { test: { name: 'template', isolate: false, root: 'packages/template', include: ['src/**/*.test.ts'] } },
      { test: { name: 'testkit', isolate: false, root: 'packages/testkit', include: ['src/**/*.test.ts'] } },
      // The eval's pure parts (case files, judging, the table) and the suites' case files themselves.
      { test: { name: 'eval', isolate: false, root: 'eval', include: ['**/*.test.ts'] } },
      // Builds with esbuild and, in *.browser.test.ts, drives Chromium: first runs prebundle vendor files.
      { test: { name: 'preview', isolate: false, root: 'packages/preview', include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      { test: { name: 'db', isolate: false, root: 'packages/db', include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      {
        test: { name: 'api', isolate: false, root: 'apps/api', include: ['src/**/*.test.ts'], exclude: API_BROWSER, testTimeout: 60_000, hookTimeout: 120_000 },
      },
      // The API's tests that drive Chromium (render and behaviour checks, the preview in a frame): what
      // they judge does not depend on the database driver, so CI's PostgreSQL pass (api, db) skips them.
      { test: { name: 'api-browser', isolate: false, root: 'apps/api', include: API_BROWSER, testTimeout: 120_000, hookTimeout: 120_000 } },
      // Issue 8: hostile inputs against the real API, parser fuzzing, redirects (npm run test:security).
      { test: { name: 'security', isolate: false, root: 'security', include: ['**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } },
      // Issue 8: crash safety, database faults and two instances on their own PostgreSQL clusters.
      // They start processes and clusters: one file at a time on a 2-core machine.
      { test: { name: 'reliability', root: 'reliability', include: ['**/*.test.ts'], testTimeout: 180_000, hookTimeout: 180_000, fileParallelism: false } },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.test.ts'],
          globalSetup: ['./global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One shared product instance and a 2-core machine: files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
