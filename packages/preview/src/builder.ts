import { compileModules } from './compile-modules';
import { compileProject, type CompileOptions } from './compile-project';
import { bundleFunction, type FunctionBundle } from './functions/bundle-function';
import { Lru } from './lru';
import { ModuleEmitter } from './modules/emit-module';
import type { StyleSource } from './modules/page-styles';
import { ModuleTransformer } from './modules/transform-module';
import { parseBareSpecifier } from './specifiers';
import { TailwindCompiler } from './tailwind';
import type { AllowedPackages, BuildResult, BuiltAsset, ProjectFile } from './types';
import { VendorCache } from './vendor';

export interface PreviewBuilderOptions {
  /** Disk cache root (vendor files); shared across restarts and processes. */
  cacheDir: string;
  /** A directory from which the allowed packages resolve. */
  resolveDir: string;
  allowed: AllowedPackages;
  /** How many build results stay in memory. */
  maxCachedBuilds?: number;
}

export interface BuildRequest extends CompileOptions {
  /**
   * Identifies the input (a version id): a second request with the same key and options is answered
   * from memory. Omit to always build.
   */
  cacheKey?: string;
}

/** The preview builder of one process: vendor cache, Tailwind compilers, and recent builds by version. */
export class PreviewBuilder {
  readonly vendor: VendorCache;
  private readonly tailwind = new TailwindCompiler();
  private readonly transformer = new ModuleTransformer();
  private readonly emitter = new ModuleEmitter();
  private readonly lastStyles = new Lru<string, StyleSource[]>(256);
  private readonly builds: Lru<string, Promise<BuildResult>>;
  // Preview files of each scope's recent builds by name: a page loaded with one version imports the
  // changed modules of the next under its own folder (names are content hashes, unique per scope).
  private readonly scopeFiles = new Lru<string, Map<string, BuiltAsset>>(64);

  constructor(private readonly options: PreviewBuilderOptions) {
    this.vendor = new VendorCache(options);
    this.builds = new Lru(options.maxCachedBuilds ?? 64);
  }

  /**
   * Builds `files` (or what `files()` loads: with a cache hit it is never called, so callers can
   * skip reading the version from the database).
   */
  build(files: readonly ProjectFile[] | (() => Promise<readonly ProjectFile[]>), request: BuildRequest): Promise<BuildResult> {
    const { cacheKey, ...options } = request;
    const context = {
      ...this.options,
      vendor: this.vendor,
      tailwind: this.tailwind,
      transformer: this.transformer,
      emitter: this.emitter,
      lastStyles: this.lastStyles,
    };
    const run = async () => {
      const input = typeof files === 'function' ? await files() : files;
      if (options.mode === 'production') return compileProject(context, input, options);
      const result = await compileModules(context, input, options);
      if (result.ok && options.scope !== undefined) this.remember(options.scope, result.assets);
      return result;
    };
    if (cacheKey === undefined) return run();
    const key = JSON.stringify([cacheKey, options.mode, options.assetBase, options.vendorBase, options.bridgeOrigin, options.version]);
    const cached = this.builds.get(key);
    if (cached) return cached;
    const pending = run();
    this.builds.set(key, pending);
    // An internal failure (not a problem in the project) must be retried next time, not remembered.
    pending.catch(() => this.builds.delete(key));
    return pending;
  }

  /** Bundles one function file of a version (`functions/<name>.ts`) into an ES module for workerd. */
  bundleFunction(files: readonly ProjectFile[], path: string): Promise<FunctionBundle> {
    return bundleFunction({ ...this.options, vendor: this.vendor, tailwind: this.tailwind }, files, path);
  }

  /** Whether a build for this key and options is in memory (finished or running). */
  has(request: BuildRequest): boolean {
    const { cacheKey, ...options } = request;
    return (
      this.builds.get(JSON.stringify([cacheKey, options.mode, options.assetBase, options.vendorBase, options.bridgeOrigin, options.version])) !== undefined
    );
  }

  /** A preview file (module, source map, stylesheet) of a recent build of `scope` by name, from memory only. */
  previewFile(scope: string, name: string): BuiltAsset | undefined {
    return this.scopeFiles.get(scope)?.get(name);
  }

  private remember(scope: string, assets: ReadonlyMap<string, BuiltAsset>): void {
    let known = this.scopeFiles.get(scope);
    if (!known) {
      known = new Map();
      this.scopeFiles.set(scope, known);
    }
    for (const [name, asset] of assets) {
      known.delete(name);
      known.set(name, asset);
    }
    // Oldest first: a project's files beyond the last few thousand are built again on request.
    for (const name of known.keys()) {
      if (known.size <= MAX_FILES_PER_SCOPE) break;
      known.delete(name);
    }
  }

  /** Prebuilds vendor files in the background so the first preview does not wait for them. */
  async warmUp(specifiers: readonly string[] = DEFAULT_WARM): Promise<void> {
    const allowed = specifiers.filter((s) => Object.hasOwn(this.options.allowed, parseBareSpecifier(s)?.name ?? ''));
    await Promise.all(allowed.map((s) => this.vendor.ensure(s)));
  }
}

const MAX_FILES_PER_SCOPE = 2000;

/** What the starter template loads. */
export const DEFAULT_WARM = [
  'react',
  'react/jsx-runtime',
  // Preview modules' JSX (through the preview's runtime, which marks elements with their source).
  'react/jsx-dev-runtime',
  'react-dom/client',
  'radix-ui',
  'class-variance-authority',
  'clsx',
  'tailwind-merge',
  'lucide-react',
];
