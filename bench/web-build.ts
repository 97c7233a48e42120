// The web app the browser benchmarks run against: a production build in apps/web/.next-bench, so a
// benchmark never replaces the .next that the e2e suite (maybe running at the same time) serves.
// `next build` rewrites apps/web/tsconfig.json and next-env.d.ts for its dist dir; both are put back
// exactly as they were. BENCH_SKIP_WEB_BUILD=1 reuses an existing build; BENCH_DIST_DIR names another
// dist dir (`.next`, which `npm test` has just built from the same sources).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './summary';

export const BENCH_DIST_DIR = process.env.BENCH_DIST_DIR || '.next-bench';
const run = promisify(execFile);

/** Runs `next build` in `dir` into `distDir`, keeping the files Next rewrites unchanged. */
export async function nextBuild(dir: string, distDir: string, env: Record<string, string> = {}): Promise<void> {
  const kept = ['tsconfig.json', 'next-env.d.ts']
    .map((f) => path.join(dir, f))
    .filter(existsSync)
    .map((f) => [f, readFileSync(f)] as const);
  try {
    await run(process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: dir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', NEXT_DIST_DIR: distDir, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
  } finally {
    for (const [file, content] of kept) writeFileSync(file, content);
  }
}

/**
 * Builds the web app into .next-bench (unless BENCH_SKIP_WEB_BUILD=1 and it exists) and points
 * every `next start` this process starts (the testkit's startProduct) at it.
 */
export async function prepareWebBuild(): Promise<void> {
  const web = path.join(ROOT, 'apps/web');
  process.env.NEXT_DIST_DIR = BENCH_DIST_DIR;
  if (process.env.BENCH_SKIP_WEB_BUILD === '1' && existsSync(path.join(web, BENCH_DIST_DIR, 'BUILD_ID'))) return;
  const started = performance.now();
  process.stderr.write(`building the web app into apps/web/${BENCH_DIST_DIR}…\n`);
  await nextBuild(web, BENCH_DIST_DIR);
  process.stderr.write(`  built in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}
