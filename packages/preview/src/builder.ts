import { compileProject, type CompileOptions } from './compile-project';
import { Lru } from './lru';
import { parseBareSpecifier } from './specifiers';
import { TailwindCompiler } from './tailwind';
import type { AllowedPackages, BuildResult, ProjectFile } from './types';
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
  private readonly builds: Lru<string, Promise<BuildResult>>;

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
    const context = { ...this.options, vendor: this.vendor, tailwind: this.tailwind };
    const run = async () => compileProject(context, typeof files === 'function' ? await files() : files, options);
    if (cacheKey === undefined) return run();
    const key = JSON.stringify([cacheKey, options.mode, options.assetBase, options.vendorBase, options.bridgeOrigin]);
    const cached = this.builds.get(key);
    if (cached) return cached;
    const pending = run();
    this.builds.set(key, pending);
    // An internal failure (not a problem in the project) must be retried next time, not remembered.
    pending.catch(() => this.builds.delete(key));
    return pending;
  }

  /** Whether a build for this key and options is in memory (finished or running). */
  has(request: BuildRequest): boolean {
    const { cacheKey, ...options } = request;
    return this.builds.get(JSON.stringify([cacheKey, options.mode, options.assetBase, options.vendorBase, options.bridgeOrigin])) !== undefined;
  }

  /** Prebuilds vendor files in the background so the first preview does not wait for them. */
  async warmUp(specifiers: readonly string[] = DEFAULT_WARM): Promise<void> {
    const allowed = specifiers.filter((s) => Object.hasOwn(this.options.allowed, parseBareSpecifier(s)?.name ?? ''));
    await Promise.all(allowed.map((s) => this.vendor.ensure(s)));
  }
}

/** What the starter template loads. */
export const DEFAULT_WARM = [
  'react',
  'react/jsx-runtime',
  'react-dom/client',
  'radix-ui',
  'class-variance-authority',
  'clsx',
  'tailwind-merge',
  'lucide-react',
];
