import { createHash } from 'node:crypto';
import * as esbuild from 'esbuild';
import { fromEsbuild } from '../build-messages';
import { Lru } from '../lru';
import type { BuildMessage } from '../types';
import { analyzeModule, type ModuleAnalysis } from './analyze-module';

/** How esbuild reads a file of each extension; anything else cannot be imported. */
export const MODULE_LOADERS: Record<string, esbuild.Loader> = {
  tsx: 'tsx',
  ts: 'ts',
  jsx: 'jsx',
  js: 'js',
  mjs: 'js',
  cjs: 'js',
  json: 'json',
  md: 'text',
  txt: 'text',
  html: 'text',
  svg: 'dataurl',
  png: 'dataurl',
  jpg: 'dataurl',
  jpeg: 'dataurl',
  gif: 'dataurl',
  webp: 'dataurl',
  avif: 'dataurl',
  ico: 'dataurl',
  woff: 'dataurl',
  woff2: 'dataurl',
};

export interface TransformedModule {
  /** Plain ES2022 with the module's own import specifiers (rewritten later, per version). */
  code: string;
  /** Its source map (sources: the project path). */
  map: string;
  analysis: ModuleAnalysis;
  warnings: BuildMessage[];
  /** Identifies path + content (and how they were transformed): equal keys, equal output. */
  key: string;
}

export type TransformOutcome = { ok: true; module: TransformedModule } | { ok: false; errors: BuildMessage[]; warnings: BuildMessage[] };

const ENV = JSON.stringify({ MODE: 'development', DEV: true, PROD: false, SSR: false, BASE_URL: '/' });

// How every preview module is transformed (the same for all: only previews load modules one by one).
// JSX goes through React's development runtime (`jsxDEV` from react/jsx-dev-runtime), which esbuild
// hands each element's place in the source; the emitted module imports it from the preview's own
// runtime (./jsx-locations.ts), which marks host elements with it (`data-sprout-loc`).
const OPTIONS = {
  format: 'esm',
  target: ['es2022', 'chrome111', 'safari16.4', 'firefox128'],
  jsx: 'automatic',
  jsxDev: true,
  charset: 'utf8',
  sourcemap: 'external',
  sourcesContent: true,
  legalComments: 'eof',
  logLevel: 'silent',
  define: { 'process.env.NODE_ENV': '"development"', 'import.meta.env': ENV },
} satisfies esbuild.TransformOptions;
// Part of every key: output made with other options (or another esbuild) never answers for it.
const FINGERPRINT = JSON.stringify([esbuild.version, OPTIONS]);

/**
 * One module of a project, transformed on its own (TypeScript and JSX to ES2022, JSON and assets to
 * modules) and analysed, for preview pages only (a published app is bundled by compile-project.ts and
 * carries no source locations), cached by path and content: a file that did not change is never
 * transformed again, in this project or in any other that has the same file (the template's).
 */
export class ModuleTransformer {
  private readonly cache: Lru<string, Promise<TransformOutcome>>;

  constructor(size = 4000) {
    this.cache = new Lru(size);
  }

  transform(path: string, content: string, loader: esbuild.Loader): Promise<TransformOutcome> {
    const key = createHash('sha256').update(FINGERPRINT).update('\0').update(path).update('\0').update(content).digest('hex').slice(0, 32);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const pending = run(path, content, loader, key);
    this.cache.set(key, pending);
    // A failure of the machinery (not of the code) is not the file's answer: try again next time.
    pending.catch(() => this.cache.delete(key));
    return pending;
  }
}

async function run(path: string, content: string, loader: esbuild.Loader, key: string): Promise<TransformOutcome> {
  let result: esbuild.TransformResult;
  try {
    // The source file's name is the project path: esbuild gives it to jsxDEV as `fileName`.
    result = await esbuild.transform(content, { ...OPTIONS, loader, sourcefile: path });
  } catch (err) {
    const failure = err as esbuild.TransformFailure;
    if (!Array.isArray(failure.errors)) throw err;
    return { ok: false, errors: failure.errors.map(fromEsbuild), warnings: failure.warnings.map(fromEsbuild) };
  }
  const warnings = result.warnings.map(fromEsbuild);
  let analysis: ModuleAnalysis;
  try {
    analysis = analyzeModule(result.code, path);
  } catch (err) {
    const message = `Sprout could not read the compiled module: ${err instanceof Error ? err.message : String(err)}`;
    return { ok: false, errors: [{ file: path, line: null, column: null, message }], warnings };
  }
  return { ok: true, module: { code: result.code, map: result.map, analysis, warnings, key } };
}
