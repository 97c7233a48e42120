// npm run bench:preview — the preview builder beside `vite build` of the same project, exported as
// the standalone Vite project a person downloads, in the same run. Two projects: the starter
// template, and a 20-file generated-style app on top of it (bench/generated-project.ts). Our
// figures: cold build (a new builder: no Tailwind or per-project cache, vendor files on disk, as
// after a server restart), warm build, one-file edit → server work (a one-line edit with a new
// Tailwind class: the server's whole work for the new version, which the iframe then hot-applies).
// Vite's: `vite build` after its `npm install`, and again after the same one-file edit; and its dev
// server's work for that edit (bench/vite-dev.ts). Then the first preview of a 200-file project
// (bench/preview-first-load.ts): build and page load in Chromium until the last component shows,
// beside the same project's bundled page and an empty page in the same browser. Medians of
// BENCH_RUNS (5; --short: 3) runs. --short measures the 20-file project only.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { importedPackages, PreviewBuilder, type BuildRequest, type ProjectFile } from '@sprout/preview';
import { ALLOWED_PACKAGES, TEMPLATE_PACKAGE_DIR, exportProjectFiles, starterFiles } from '@sprout/template';
import { generatedProject } from './generated-project';
import { measureFirstPreview, type FirstPreview } from './preview-first-load';
import { viteDevEdits } from './vite-dev';
import { isMain, median, ms, runs, SHORT, timed, times, writeResult, type Row } from './summary';

const run = promisify(execFile);
const request: BuildRequest = { mode: 'preview', assetBase: '/_sprout/build/v/', bridgeOrigin: 'http://localhost:3000', scope: 'bench' };

/** A one-line change to App.tsx, different each time (new text and a new Tailwind class). */
function edited(files: ProjectFile[], i: number): ProjectFile[] {
  return files.map((f) =>
    f.path === 'client/src/App.tsx'
      ? { ...f, content: f.content.replace('min-h-screen', `min-h-screen mt-[${i + 1}px]`) + `\nexport const edit${i} = ${i};\n` }
      : f,
  );
}

const builder = (cacheDir: string) => new PreviewBuilder({ cacheDir, resolveDir: TEMPLATE_PACKAGE_DIR, allowed: ALLOWED_PACKAGES });

async function expectOk(p: Promise<{ ok: boolean }>) {
  const result = await p;
  if (!result.ok) throw new Error(`build failed: ${JSON.stringify(result)}`);
}

async function sprout(files: ProjectFile[], n: number) {
  // The very first build on a machine also prebundles the vendor packages: once, informational.
  const cache = await mkdtemp(path.join(os.tmpdir(), 'sprout-bench-vendor-'));
  const firstEver = await timed(() => expectOk(builder(cache).build(files, request)));
  const cold: number[] = [];
  for (let i = 0; i < n; i++) cold.push(await timed(() => expectOk(builder(cache).build(files, request))));
  const b = builder(cache);
  await expectOk(b.build(files, request));
  const warm: number[] = [];
  for (let i = 0; i < n; i++) warm.push(await timed(() => expectOk(b.build(files, request))));
  const oneFile: number[] = [];
  for (let i = 0; i < n; i++) oneFile.push(await timed(() => expectOk(b.build(edited(files, i), request))));
  // The server keeps each version's build: asking again for the same version costs nothing.
  await b.build(files, { ...request, cacheKey: 'version' });
  const hit = await timed(() => expectOk(b.build(files, { ...request, cacheKey: 'version' })));
  const production: number[] = [];
  for (let i = 0; i < n; i++) production.push(await timed(() => expectOk(b.build(files, { mode: 'production', assetBase: '/assets/' }))));
  await rm(cache, { recursive: true, force: true });
  return { firstEver, cold: median(cold), warm: median(warm), oneFile: median(oneFile), hit, production: median(production) };
}

async function vite(files: ProjectFile[], name: string, n: number) {
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
  // npm_* variables of the npm running this script would leak into the project's own npm.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
  const options = { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 };
  const install = await timed(() => run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], options));
  const build = () => run(path.join(dir, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'silent'], options);
  const first = await timed(build);
  const again: number[] = [];
  for (let i = 0; i < n; i++) again.push(await timed(build));
  const oneFile: number[] = [];
  for (let i = 0; i < n; i++) {
    const app = edited(files, i).find((f) => f.path === 'client/src/App.tsx')!;
    await writeFile(path.join(dir, app.path), app.content);
    oneFile.push(await timed(build));
  }
  const devEdit = await viteDevEdits(dir, Math.max(n, 5), env).then(median, (err: Error) => {
    const stderr = (err as Error & { stderr?: string }).stderr?.trim().split('\n').slice(-3).join(' ') ?? '';
    console.error(`preview: the vite dev server baseline could not run (${err.message.split('\n')[0]} ${stderr})`);
    return NaN;
  });
  await rm(dir, { recursive: true, force: true });
  return { install, first, build: median(again), oneFile: median(oneFile), devEdit };
}

/** `vite` is null when its baseline could not run (its `npm install` needs the registry): our figures still count. */
type Measured = { sprout: Awaited<ReturnType<typeof sprout>>; vite: Awaited<ReturnType<typeof vite>> | null; files: number };
export interface PreviewBench {
  runs: number;
  projects: Record<string, Measured>;
  /** A 200-file project's first preview on a warm server and browser; null with --short. */
  firstPreview: FirstPreview | null;
}

export async function runPreviewBench(short = SHORT): Promise<PreviewBench> {
  const n = runs(short);
  const projects: [string, ProjectFile[]][] = [['generated-20', generatedProject()]];
  if (!short) projects.unshift(['template', starterFiles().map((f) => ({ path: f.name, content: f.content }))]);
  const out: PreviewBench = { runs: n, projects: {}, firstPreview: null };
  for (const [name, files] of projects) {
    process.stderr.write(`preview: ${name} (${files.length} files), ${n} runs each…\n`);
    const ours = await sprout(files, n);
    const baseline = await vite(files, name, n).catch((err: Error) => {
      console.error(`preview: the vite build baseline of ${name} could not run (${err.message.split('\n')[0]}); our figures stand without the ratio.`);
      return null;
    });
    out.projects[name] = { sprout: ours, vite: baseline, files: files.length };
  }
  if (!short) {
    process.stderr.write(`preview: first preview of a 200-file project, ${n} runs…\n`);
    const cache = await mkdtemp(path.join(os.tmpdir(), 'sprout-bench-vendor-'));
    const b = builder(cache);
    // A warm server: vendor files on disk, the 20-file project built before.
    await expectOk(b.build(generatedProject(), request));
    out.firstPreview = await measureFirstPreview(b, n);
    await rm(cache, { recursive: true, force: true });
  }
  return out;
}

/** The summary rows: the 20-file project against `vite build`, with their budgets (docs/performance.md). */
export function previewRows(r: PreviewBench): Row[] {
  const g = r.projects['generated-20']!;
  const row = (measure: string, ours: number, theirs: number | undefined, limit: number): Row => ({
    measure: `preview, 20-file project: ${measure}`,
    ours: ms(ours),
    baseline: theirs === undefined ? 'vite build did not run' : `${ms(theirs)} (vite build)`,
    ratio: theirs === undefined ? '' : times(theirs / ours),
    budget: `≤ ${limit} ms, ≥ 15×`,
    ok: ours <= limit && (theirs === undefined || theirs / ours >= 15),
  });
  const first = r.firstPreview;
  return [
    row('cold build (new builder)', g.sprout.cold, g.vite?.build, 50),
    row('warm build', g.sprout.warm, g.vite?.build, 50),
    {
      measure: 'preview, 20-file project: one-file edit → server work',
      ours: ms(g.sprout.oneFile),
      baseline: g.vite ? `${ms(g.vite.devEdit)} (vite dev server)` : 'vite did not run',
      ratio: g.vite ? times(g.vite.devEdit / g.sprout.oneFile) : '',
      budget: '≤ 5 ms',
      ok: g.sprout.oneFile <= 5,
    },
    ...(first
      ? [
          {
            measure: `preview, ${first.files}-file project: first preview (build + page shown)`,
            ours: ms(median(first.total)),
            baseline: '',
            ratio: '',
            budget: '≤ 300 ms',
            ok: median(first.total) <= 300,
          },
          { measure: '  of which: server build', ours: ms(median(first.server)), baseline: '', ratio: '', budget: '—', ok: null },
          {
            measure: '  of which: page load to last component',
            ours: ms(median(first.browser)),
            baseline: `${ms(median(first.bundledPage))} (bundled page)`,
            ratio: (median(first.bundledPage) / median(first.browser)).toFixed(2),
            budget: '—',
            ok: null,
          },
          { measure: '  floor: a page with only the heading', ours: ms(median(first.emptyPage)), baseline: '', ratio: '', budget: '—', ok: null },
        ]
      : []),
  ];
}

function printDetail(r: PreviewBench) {
  const rows: string[][] = [];
  for (const [name, { sprout: s, vite }] of Object.entries(r.projects)) {
    // Without the baseline its columns read n/a.
    const v = vite ?? { first: NaN, build: NaN, oneFile: NaN, install: NaN, devEdit: NaN };
    rows.push(
      [name, 'first build ever (vendor prebundle, once)', ms(s.firstEver), ms(v.first), times(v.first / s.firstEver)],
      [name, 'cold build (new builder, vendor on disk)', ms(s.cold), ms(v.build), times(v.build / s.cold)],
      [name, 'warm build', ms(s.warm), ms(v.build), times(v.build / s.warm)],
      [name, 'one-file edit → server work (vs vite build)', ms(s.oneFile), ms(v.oneFile), times(v.oneFile / s.oneFile)],
      [name, 'one-file edit → server work (vs vite dev server)', ms(s.oneFile), ms(v.devEdit), times(v.devEdit / s.oneFile)],
      [name, 'same version again (cache hit)', ms(s.hit), ms(v.build), times(v.build / s.hit)],
      [name, 'production bundle (publish)', ms(s.production), ms(v.build), times(v.build / s.production)],
      [name, '(vite only: npm install, once)', '', ms(v.install), ''],
    );
  }
  const header = ['project', 'measure', 'Sprout', 'vite build', 'vite / Sprout'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  console.log(`\nPreview builder vs vite build — median of ${r.runs} runs (Node ${process.version}, ${os.cpus().length} CPUs)\n`);
  console.log([line(header), `|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`, ...rows.map(line)].join('\n'));
  const first = r.firstPreview;
  if (first)
    console.log(
      `\nFirst preview of a ${first.files}-file project (warm server and browser): ${ms(median(first.total))} ` +
        `(server build ${ms(median(first.server))}, page load to the last component ${ms(median(first.browser))}); runs: ${first.total.map(ms).join(', ')}\n` +
        `Beside it in the same browser: the same project bundled as published, its page ${ms(median(first.bundledPage))}; a page with only the heading ${ms(median(first.emptyPage))}`,
    );
}

if (isMain(import.meta.url)) {
  const r = await runPreviewBench();
  printDetail(r);
  writeResult(`preview-${Date.now()}.json`, r);
}
