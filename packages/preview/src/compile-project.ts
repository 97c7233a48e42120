import path from 'node:path';
import * as esbuild from 'esbuild';
import { bridgeScript } from './bridge';
import { fromEsbuild, projectPath } from './build-messages';
import { assemblePage, extractEntries, INDEX_HTML } from './html';
import { contentTypeOf, ProjectFiles, PUBLIC_ROOT } from './project-files';
import { lucideIconsPlugin } from './lucide-icons';
import { projectPlugin } from './project-plugin';
import type { TailwindCompiler } from './tailwind';
import type { AllowedPackages, BuildMode, BuildResult, BuiltAsset, ProjectFile } from './types';
import type { VendorCache } from './vendor';

export interface CompileContext {
  allowed: AllowedPackages;
  resolveDir: string;
  vendor: VendorCache;
  tailwind: TailwindCompiler;
}

export interface CompileOptions {
  mode: BuildMode;
  /** URL prefix of the built files, ending in '/': `/_sprout/build/{versionId}/` or `/assets/`. */
  assetBase: string;
  /** URL prefix of vendor files in preview mode, ending in '/'. */
  vendorBase?: string;
  /** Reuse scope for the Tailwind compiler (the project id). */
  scope?: string;
  /** Inject the runtime bridge, posting to this origin (the web app). */
  bridgeOrigin?: string;
  /** Preview mode: the version being built, named in the page's module list for the hot update client. */
  version?: string;
}

const OUTDIR = 'out';
const encoder = new TextEncoder();

/** Builds a version's files into a page, its scripts and styles. Never throws for problems in the project. */
export async function compileProject(ctx: CompileContext, input: readonly ProjectFile[], options: CompileOptions): Promise<BuildResult> {
  const started = performance.now();
  const { mode } = options;
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  const files = new ProjectFiles(input);
  const page = extractEntries(files);
  if ('error' in page) {
    return { ok: false, mode, errors: [{ file: INDEX_HTML, line: null, column: null, message: page.error }], warnings: [], durationMs: elapsed() };
  }
  const usedPackages = new Set<string>();
  const production = mode === 'production';
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      entryPoints: page.entries,
      absWorkingDir: ctx.resolveDir,
      outdir: OUTDIR,
      entryNames: '[name]-[hash]',
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2022', 'chrome111', 'safari16.4', 'firefox128'],
      jsx: 'automatic',
      charset: 'utf8',
      minify: production,
      sourcemap: production ? false : 'linked',
      sourcesContent: !production,
      legalComments: production ? 'none' : 'eof',
      logLevel: 'silent',
      define: {
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        'import.meta.env': JSON.stringify({ MODE: production ? 'production' : 'development', DEV: !production, PROD: production, SSR: false, BASE_URL: '/' }),
      },
      plugins: [
        ...(production ? [lucideIconsPlugin(input, ctx.resolveDir)].filter((p) => p !== null) : []),
        projectPlugin({
          files,
          mode,
          allowed: ctx.allowed,
          resolveDir: ctx.resolveDir,
          vendor: ctx.vendor,
          tailwind: ctx.tailwind,
          candidates: ctx.tailwind.candidatesOf(files),
          scope: production ? undefined : options.scope,
          usedPackages,
        }),
      ],
    });
  } catch (err) {
    const failure = err as esbuild.BuildFailure;
    if (!Array.isArray(failure.errors)) throw err;
    return { ok: false, mode, errors: failure.errors.map(fromEsbuild), warnings: failure.warnings.map(fromEsbuild), durationMs: elapsed() };
  }

  const assets = new Map<string, BuiltAsset>();
  const outAbs = path.join(ctx.resolveDir, OUTDIR);
  for (const file of result.outputFiles) {
    const name = path.relative(outAbs, file.path).split(path.sep).join('/');
    const body = name.endsWith('.map') ? encoder.encode(cleanSourceMap(file.text)) : file.contents;
    assets.set(name, { contentType: contentTypeOf(name), body });
  }
  const stylesheets: string[] = [];
  const modules: string[] = [];
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    modules.push(options.assetBase + path.posix.relative(OUTDIR, out));
    if (meta.cssBundle) stylesheets.push(options.assetBase + path.posix.relative(OUTDIR, meta.cssBundle));
  }

  let importMap: Record<string, string> | undefined;
  let vendorSpecifiers: string[] = [];
  if (!production && usedPackages.size > 0) {
    vendorSpecifiers = await ctx.vendor.closure(usedPackages);
    const base = `${options.vendorBase ?? '/_sprout/vendor/'}${ctx.vendor.key}/`;
    importMap = Object.fromEntries(vendorSpecifiers.map((s) => [s, base + ctx.vendor.fileName(s)]));
  }
  const assembled = assemblePage(page.html, {
    headScripts: options.bridgeOrigin ? [bridgeScript(options.bridgeOrigin)] : [],
    importMap,
    stylesheets,
    modules,
  });

  return {
    ok: true,
    mode,
    html: assembled.html,
    assets,
    publicFiles: publicFilesOf(files),
    scriptHashes: assembled.scriptHashes,
    vendorSpecifiers,
    warnings: result.warnings.map(fromEsbuild),
    durationMs: elapsed(),
  };
}

function publicFilesOf(files: ProjectFiles): Map<string, BuiltAsset> {
  const out = new Map<string, BuiltAsset>();
  for (const [file, content] of files.entries()) {
    if (!file.startsWith(`${PUBLIC_ROOT}/`)) continue;
    const name = file.slice(PUBLIC_ROOT.length + 1);
    out.set(name, { contentType: contentTypeOf(name), body: encoder.encode(content) });
  }
  return out;
}

// Source paths in the map become project paths (`client/src/App.tsx`), which is what the bridge reports.
function cleanSourceMap(text: string): string {
  const map = JSON.parse(text) as { sources?: string[] };
  map.sources = (map.sources ?? []).map(projectPath);
  return JSON.stringify(map);
}
