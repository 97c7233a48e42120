import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { writeFileAtomic } from './atomic-write';
import { flatSpecifier, parseBareSpecifier } from './specifiers';
import type { AllowedPackages } from './types';

export interface VendorOptions {
  /** Files land in `{cacheDir}/vendor/{key}/`, reused across restarts and shared by processes. */
  cacheDir: string;
  /** A directory from which the allowed packages resolve (where they are installed). */
  resolveDir: string;
  allowed: AllowedPackages;
}

interface Entry {
  /** Package roots this file imports, left to the import map so every page has one copy of each. */
  externals: string[];
}

export class VendorError extends Error {
  override name = 'VendorError';
}

// Bump when the shape of vendor files changes, so old caches are ignored.
const FORMAT = 3;

/**
 * Prebundled ESM files of the allowed packages, built on first use and kept on disk. Each file
 * bundles its package but leaves the roots of other allowed packages (and its own root, for
 * subpaths) as bare imports, mapped by the page's import map: so react, react-dom and everything
 * built on them share one React instance, whichever subpaths a project imports.
 */
export class VendorCache {
  readonly key: string;
  readonly dir: string;
  private readonly ready = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Entry>>();
  private readonly failed = new Set<string>();

  constructor(private readonly options: VendorOptions) {
    const fingerprint = JSON.stringify({
      FORMAT,
      esbuild: esbuild.version,
      packages: Object.entries(options.allowed).sort(([a], [b]) => a.localeCompare(b)),
    });
    this.key = createHash('sha256').update(fingerprint).digest('hex').slice(0, 16);
    this.dir = path.join(options.cacheDir, 'vendor', this.key);
  }

  /** Makes the file for `spec` (and, transitively, the packages it imports) available. */
  async ensure(spec: string): Promise<void> {
    const entry = await this.entry(spec);
    await Promise.all(entry.externals.map((ext) => this.ensure(ext)));
  }

  /** Every specifier the page needs, with the file each one maps to (the closure over vendor imports). */
  async closure(specs: Iterable<string>): Promise<string[]> {
    const seen = new Set<string>();
    const visit = async (spec: string): Promise<void> => {
      if (seen.has(spec)) return;
      seen.add(spec);
      const entry = await this.entry(spec);
      await Promise.all(entry.externals.map(visit));
    };
    await Promise.all([...specs].map(visit));
    return [...seen].sort();
  }

  fileName(spec: string): string {
    return `${flatSpecifier(spec)}.js`;
  }

  /** A built vendor file by name (`react-dom~client.js`), or null. Names come from URLs: checked strictly. */
  async read(fileName: string): Promise<Uint8Array | null> {
    if (!/^[A-Za-z0-9@._~+-]+\.js$/.test(fileName) || fileName.startsWith('.')) return null;
    try {
      return await readFile(path.join(this.dir, fileName));
    } catch {
      return null;
    }
  }

  /**
   * Like read, but builds the file first when this process has not: with several API instances,
   * the page may come from one and its vendor files be asked of another. Specifiers that fail to
   * build are remembered, so requests for made-up names cannot keep esbuild busy.
   */
  async readOrBuild(fileName: string): Promise<Uint8Array | null> {
    const found = await this.read(fileName);
    if (found || !/^[a-z0-9@][a-z0-9@._~+-]*\.js$/i.test(fileName)) return found;
    const spec = fileName.slice(0, -3).replaceAll('~', '/');
    if (this.failed.has(spec)) return null;
    try {
      await this.ensure(spec);
    } catch (err) {
      if (!(err instanceof VendorError)) throw err;
      if (this.failed.size < 10_000) this.failed.add(spec);
      return null;
    }
    return this.read(fileName);
  }

  private entry(spec: string): Promise<Entry> {
    const known = this.ready.get(spec);
    if (known) return Promise.resolve(known);
    let pending = this.inflight.get(spec);
    if (!pending) {
      pending = this.load(spec).finally(() => this.inflight.delete(spec));
      this.inflight.set(spec, pending);
    }
    return pending;
  }

  private async load(spec: string): Promise<Entry> {
    const parsed = parseBareSpecifier(spec);
    if (!parsed || !Object.hasOwn(this.options.allowed, parsed.name)) throw new VendorError(`'${spec}' is not an allowed package.`);
    const metaFile = path.join(this.dir, `${flatSpecifier(spec)}.json`);
    const cached = await readFile(metaFile, 'utf8').then(
      (t) => JSON.parse(t) as Entry,
      () => null,
    );
    if (cached) {
      this.ready.set(spec, cached);
      return cached;
    }
    const { code, externals } = await this.build(spec);
    await writeFileAtomic(path.join(this.dir, this.fileName(spec)), code);
    // The metadata goes last: its presence says the file beside it is complete.
    const entry: Entry = { externals };
    await writeFileAtomic(metaFile, JSON.stringify(entry));
    this.ready.set(spec, entry);
    return entry;
  }

  private async build(spec: string): Promise<{ code: Uint8Array; externals: string[] }> {
    const first = await this.bundle(spec, undefined);
    if (!first.cjs) return first;
    // A CommonJS entry (react, react-dom) has no static export list: name its exports explicitly,
    // or `import { useState } from 'react'` would find nothing in the ESM file.
    const names = this.commonJsExportNames(spec);
    const contents = [
      `export { default } from ${JSON.stringify(spec)};`,
      names.length ? `export { ${names.join(', ')} } from ${JSON.stringify(spec)};` : '',
    ].join('\n');
    return this.bundle(spec, contents);
  }

  private commonJsExportNames(spec: string): string[] {
    const require = createRequire(path.join(this.options.resolveDir, 'vendor-entry.js'));
    const mod = require(spec) as Record<string, unknown>;
    return Object.keys(mod).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default' && k !== '__esModule');
  }

  private async bundle(spec: string, wrapper: string | undefined): Promise<{ code: Uint8Array; externals: string[]; cjs: boolean }> {
    const externals = new Set<string>();
    const allowed = this.options.allowed;
    const self = parseBareSpecifier(spec)!;
    let result: esbuild.BuildResult<{ write: false; metafile: true }>;
    const externalsPlugin: esbuild.Plugin = {
      name: 'sprout-vendor-externals',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.namespace === 'vendor-shim') return { path: args.path, external: true };
          if (args.kind === 'entry-point' || args.path === spec) return undefined;
          const p = parseBareSpecifier(args.path);
          // Subpaths and private dependencies are bundled; only package roots are shared.
          if (!p || p.subpath !== '' || !Object.hasOwn(allowed, p.name)) return undefined;
          if (p.name === self.name && self.subpath === '') return undefined;
          externals.add(args.path);
          // CommonJS `require('react')` cannot import an external ESM file; a shim module can.
          if (args.kind === 'require-call') return { path: args.path, namespace: 'vendor-shim' };
          return { path: args.path, external: true };
        });
        build.onLoad({ filter: /.*/, namespace: 'vendor-shim' }, (args) => ({
          contents: `import * as m from ${JSON.stringify(args.path)};\nmodule.exports = m.default ?? m;`,
          loader: 'js',
        }));
      },
    };
    const entry: Pick<esbuild.BuildOptions, 'entryPoints' | 'stdin'> =
      wrapper === undefined
        ? { entryPoints: [spec] }
        : { stdin: { contents: wrapper, resolveDir: this.options.resolveDir, loader: 'js', sourcefile: 'vendor-entry.js' } };
    try {
      result = await esbuild.build({
        ...entry,
        absWorkingDir: this.options.resolveDir,
        bundle: true,
        write: false,
        outdir: 'out',
        metafile: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        logLevel: 'silent',
        define: { 'process.env.NODE_ENV': '"development"', global: 'globalThis' },
        plugins: [externalsPlugin],
      });
    } catch (err) {
      const failure = err as esbuild.BuildFailure;
      const text = failure.errors?.[0]?.text ?? String(err);
      throw new VendorError(`Could not load '${spec}': ${text}`);
    }
    const output = result.outputFiles.find((f) => f.path.endsWith('.js'))!;
    const meta = Object.values(result.metafile.outputs).find((o) => o.entryPoint !== undefined);
    const cjs = wrapper === undefined && meta?.entryPoint !== undefined && result.metafile.inputs[meta.entryPoint]?.format === 'cjs';
    return { code: output.contents, externals: [...externals].sort(), cjs };
  }
}
