import * as esbuild from 'esbuild';
import { fromEsbuild } from '../build-messages';
import { ProjectFiles } from '../project-files';
import { projectPlugin } from '../project-plugin';
import type { CompileContext } from '../compile-project';
import type { BuildMessage, ProjectFile } from '../types';
import { type FunctionExports, readFunctionExports } from './function-exports';

/** `map`: the bundle's source map (sources named `project:<path>`), to place a function's errors in its files. */
export type FunctionBundle = { ok: true; code: string; map: string; exports: FunctionExports } | { ok: false; errors: BuildMessage[] };

/**
 * Bundles one function file of a version (`functions/<name>.ts`) into a single ES module for workerd:
 * the project's files from memory, the allowed packages from the install, no Node modules (a
 * function has no file system or process). Never throws for problems in the project.
 */
export async function bundleFunction(
  ctx: Pick<CompileContext, 'allowed' | 'resolveDir' | 'vendor' | 'tailwind'>,
  input: readonly ProjectFile[],
  path: string,
): Promise<FunctionBundle> {
  const files = new ProjectFiles(input);
  const source = files.get(path);
  if (source === undefined) return { ok: false, errors: [{ file: path, line: null, column: null, message: `${path} does not exist.` }] };
  const declared = await readFunctionExports(path, source);
  if (!declared.ok) return declared;
  try {
    const result = await esbuild.build({
      entryPoints: [path],
      absWorkingDir: ctx.resolveDir,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      conditions: ['workerd', 'worker', 'browser'],
      target: 'es2022',
      charset: 'utf8',
      legalComments: 'none',
      // The runtime loads the bundle as function.js: its stack frames name that file.
      outfile: 'function.js',
      sourcemap: 'external',
      sourcesContent: false,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [
        projectPlugin({
          files,
          mode: 'production',
          allowed: ctx.allowed,
          resolveDir: ctx.resolveDir,
          vendor: ctx.vendor,
          tailwind: ctx.tailwind,
          candidates: [],
          usedPackages: new Set(),
          runsOn: 'server',
        }),
      ],
    });
    const map = result.outputFiles.find((f) => f.path.endsWith('.map'))!.text;
    const code = result.outputFiles.find((f) => !f.path.endsWith('.map'))!.text;
    return { ok: true, code, map, exports: declared.exports };
  } catch (err) {
    const failure = err as esbuild.BuildFailure;
    if (!Array.isArray(failure.errors)) throw err;
    return { ok: false, errors: failure.errors.map(fromEsbuild) };
  }
}
