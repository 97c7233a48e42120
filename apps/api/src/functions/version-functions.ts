import { type FunctionAccess, functionNameOf } from '@sprout/core';
import type { BuildMessage, PreviewBuilder, ProjectFile } from '@sprout/preview';

export interface BuiltFunction {
  name: string;
  code: string;
  /** The bundle's source map: where in the project's files an error happened. */
  map: string;
  access: FunctionAccess;
  schedule: string | null;
  /** The secrets it reads by name. */
  secrets: string[];
}

/** A version's functions, bundled; `errors` names the files that did not build (those functions are absent). */
export interface VersionFunctions {
  versionId: string;
  functions: Map<string, BuiltFunction>;
  errors: BuildMessage[];
}

const CACHED_VERSIONS = 200;

/**
 * Each version's functions, bundled once (a version never changes) and kept for the versions used
 * most recently. A version with no function files costs one read of its files, then nothing.
 */
export class VersionFunctionCache {
  private readonly built = new Map<string, Promise<VersionFunctions>>();

  constructor(private readonly previews: PreviewBuilder) {}

  of(versionId: string, files: () => Promise<readonly ProjectFile[]>): Promise<VersionFunctions> {
    const hit = this.built.get(versionId);
    if (hit) {
      // Used again: it becomes the newest.
      this.built.delete(versionId);
      this.built.set(versionId, hit);
      return hit;
    }
    const pending = files().then((input) => bundleVersionFunctions(this.previews, versionId, input));
    this.built.set(versionId, pending);
    // An internal failure (the database, esbuild itself) is tried again next time, not remembered.
    pending.catch(() => this.built.delete(versionId));
    if (this.built.size > CACHED_VERSIONS) this.built.delete(this.built.keys().next().value!);
    return pending;
  }
}

/** Bundles every `functions/<name>.ts` of a version's files. */
async function bundleVersionFunctions(previews: PreviewBuilder, versionId: string, files: readonly ProjectFile[]): Promise<VersionFunctions> {
  const functions = new Map<string, BuiltFunction>();
  const errors: BuildMessage[] = [];
  for (const file of files) {
    const name = functionNameOf(file.path);
    if (!name) continue;
    const bundle = await previews.bundleFunction(files, file.path);
    if (bundle.ok) functions.set(name, { name, code: bundle.code, map: bundle.map, ...bundle.exports });
    else errors.push(...bundle.errors);
  }
  return { versionId, functions, errors };
}
