// npm run bench:preview — the preview builder beside `vite build` of the same project, exported.
// Prints medians of RUNS runs and the ratio (how many times faster the preview is).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { importedPackages, PreviewBuilder, type BuildRequest, type ProjectFile } from '@sprout/preview';
import { ALLOWED_PACKAGES, TEMPLATE_PACKAGE_DIR, exportProjectFiles, starterFiles } from '@sprout/template';
import { generatedProject } from './generated-project';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const run = promisify(execFile);
const request: BuildRequest = { mode: 'preview', assetBase: '/_sprout/build/v/', bridgeOrigin: 'http://localhost:3000', scope: 'bench' };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** A one-line change to App.tsx, different each time (new text and a new Tailwind class). */
function edited(files: ProjectFile[], i: number): ProjectFile[] {
  return files.map((f) =>
    f.path === 'client/src/App.tsx' ? { ...f, content: f.content.replace('min-h-screen', `min-h-screen mt-[${i + 1}px]`) + `\nexport const edit${i} = ${i};\n` } : f,
  );
}

const builder = (cacheDir: string) => new PreviewBuilder({ cacheDir, resolveDir: TEMPLATE_PACKAGE_DIR, allowed: ALLOWED_PACKAGES });

async function expectOk(p: Promise<{ ok: boolean }>) {
  const result = await p;
  if (!result.ok) throw new Error(`build failed: ${JSON.stringify(result)}`);
}

async function sprout(files: ProjectFile[], warmCache: string) {
  const firstEver: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sprout-bench-vendor-'));
    firstEver.push(await timed(() => expectOk(builder(dir).build(files, request))));
    await rm(dir, { recursive: true, force: true });
  }
  await expectOk(builder(warmCache).build(files, request));
  const cold: number[] = [];
  for (let i = 0; i < RUNS; i++) cold.push(await timed(() => expectOk(builder(warmCache).build(files, request))));
  const b = builder(warmCache);
  await expectOk(b.build(files, request));
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await timed(() => expectOk(b.build(files, request))));
  const oneFile: number[] = [];
  for (let i = 0; i < RUNS; i++) oneFile.push(await timed(() => expectOk(b.build(edited(files, i), request))));
  await b.build(files, { ...request, cacheKey: 'version' });
  const hit = await timed(() => expectOk(b.build(files, { ...request, cacheKey: 'version' })));
  const production: number[] = [];
  for (let i = 0; i < RUNS; i++) production.push(await timed(() => expectOk(b.build(files, { mode: 'production', assetBase: '/assets/' }))));
  return { firstEver: median(firstEver), cold: median(cold), warm: median(warm), oneFile: median(oneFile), hit, production: median(production) };
}

async function vite(files: ProjectFile[], name: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `sprout-bench-${name}-`));
  const exported = exportProjectFiles(
    files.map((f) => ({ name: f.path, content: f.content })),
    importedPackages(files),
    name,
  );
  for (const f of exported) {
    await mkdir(path.dirname(path.join(dir, f.name)), { recursive: true });
    await writeFile(path.join(dir, f.name), f.content);
  }
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
  const options = { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 };
  const install = await timed(() => run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], options));
  const viteBin = path.join(dir, 'node_modules', '.bin', 'vite');
  const build = () => run(viteBin, ['build', '--logLevel', 'silent'], options);
  const cold = await timed(build);
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await timed(build));
  const oneFile: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const app = edited(files, i).find((f) => f.path === 'client/src/App.tsx')!;
    await writeFile(path.join(dir, app.path), app.content);
    oneFile.push(await timed(build));
  }
  await rm(dir, { recursive: true, force: true });
  return { install, cold, warm: median(warm), oneFile: median(oneFile) };
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());
const ratio = (vite: number, ours: number) => `${(vite / ours).toFixed(1)}×`;

export interface PreviewBenchResult {
  runs: number;
  results: Record<string, { sprout: Awaited<ReturnType<typeof sprout>>; vite: Awaited<ReturnType<typeof vite>> }>;
  rows: string[][];
}

/** Both projects, our builder and vite build side by side; medians of RUNS runs. */
export async function runPreviewBench(): Promise<PreviewBenchResult> {
  const warmCache = await mkdtemp(path.join(os.tmpdir(), 'sprout-bench-cache-'));
  const projects: [string, ProjectFile[]][] = [
    ['template', starterFiles().map((f) => ({ path: f.name, content: f.content }))],
    ['generated-20', generatedProject()],
  ];
  const rows: string[][] = [];
  const results: PreviewBenchResult['results'] = {};
  for (const [name, files] of projects) {
    process.stderr.write(`benchmarking ${name} (${files.length} files)…\n`);
    const ours = await sprout(files, warmCache);
    const theirs = await vite(files, name);
    results[name] = { sprout: ours, vite: theirs };
    rows.push(
      [name, 'first build ever (empty vendor cache)', ms(ours.firstEver), ms(theirs.cold), ratio(theirs.cold, ours.firstEver)],
      [name, 'cold build (new process, vendor on disk)', ms(ours.cold), ms(theirs.cold), ratio(theirs.cold, ours.cold)],
      [name, 'warm build', ms(ours.warm), ms(theirs.warm), ratio(theirs.warm, ours.warm)],
      [name, 'rebuild after a one-file edit', ms(ours.oneFile), ms(theirs.oneFile), ratio(theirs.oneFile, ours.oneFile)],
      [name, 'same version again (cache hit)', ms(ours.hit), ms(theirs.warm), ratio(theirs.warm, ours.hit)],
      [name, 'production bundle (publish)', ms(ours.production), ms(theirs.warm), ratio(theirs.warm, ours.production)],
      [name, '(vite only: npm install, once)', '', ms(theirs.install), ''],
    );
  }
  await rm(warmCache, { recursive: true, force: true });
  return { runs: RUNS, results, rows };
}

async function main() {
  const { rows, results } = await runPreviewBench();
  const header = ['project', 'measure', 'Sprout ms', 'vite build ms', 'vite / Sprout'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  console.log(`\nPreview builder vs vite build — median of ${RUNS} runs (Node ${process.version}, ${os.cpus().length} CPUs)\n`);
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const row of rows) console.log(line(row));
  await mkdir(path.join(import.meta.dirname, 'results'), { recursive: true });
  await writeFile(path.join(import.meta.dirname, 'results', `preview-${Date.now()}.json`), JSON.stringify({ runs: RUNS, results }, null, 2));
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await main();
