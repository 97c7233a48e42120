import { createRequire } from 'node:module';
import path from 'node:path';
import { extensionOf, type ProjectFiles } from '../project-files';
import { isBareSpecifier, isNodeBuiltin, parseBareSpecifier, unavailablePackageMessage } from '../specifiers';
import type { AllowedPackages } from '../types';
import { VendorError, type VendorCache } from '../vendor';
import { MODULE_LOADERS } from './transform-module';

/** What one import of a module is, once resolved. */
export type ImportTarget =
  | { kind: 'module'; path: string }
  | { kind: 'package'; spec: string }
  | { kind: 'style'; path: string }
  | { kind: 'package-style'; spec: string; file: string }
  | { kind: 'error'; message: string };

export interface ResolveContext {
  files: ProjectFiles;
  allowed: AllowedPackages;
  resolveDir: string;
  vendor: VendorCache;
}

/**
 * Resolves an import the way the bundled build does (project-plugin.ts): project files by the
 * template's rules, allowed packages through the vendor cache (left to the import map), package
 * stylesheets from disk; everything else is an error with the same message.
 */
export async function resolveImport(ctx: ResolveContext, spec: string, importer: string): Promise<ImportTarget> {
  if (/^(?:https?:)?\/\//i.test(spec) || spec.startsWith('data:'))
    return { kind: 'error', message: `Importing code from a URL ('${spec}') is not supported; use one of the available packages.` };
  if (isNodeBuiltin(spec)) return { kind: 'error', message: `'${spec}' is a Node.js module; the app runs in the browser and cannot import it.` };
  if (!isBareSpecifier(spec)) {
    const target = ctx.files.resolve(spec, importer);
    if (!target) return { kind: 'error', message: `Cannot find '${spec}' from ${importer}: no such file (tried .tsx, .ts, .jsx, .js and index files).` };
    const extension = extensionOf(target);
    if (extension === 'css') return { kind: 'style', path: target };
    if (!MODULE_LOADERS[extension]) return { kind: 'error', message: `Files of type .${extension || '(none)'} cannot be imported (${target}).` };
    return { kind: 'module', path: target };
  }
  const parsed = parseBareSpecifier(spec);
  if (!parsed) return { kind: 'error', message: `'${spec}' is not a valid package import.` };
  if (!Object.hasOwn(ctx.allowed, parsed.name)) return { kind: 'error', message: unavailablePackageMessage(parsed.name, ctx.allowed) };
  if (spec.endsWith('.css')) {
    try {
      return { kind: 'package-style', spec, file: createRequire(path.join(ctx.resolveDir, 'x.js')).resolve(spec) };
    } catch {
      return { kind: 'error', message: `Cannot find the stylesheet '${spec}'.` };
    }
  }
  try {
    await ctx.vendor.ensure(spec);
  } catch (err) {
    if (err instanceof VendorError) return { kind: 'error', message: err.message };
    throw err;
  }
  return { kind: 'package', spec };
}

/** 1-based line and column of the first quoted occurrence of `spec` in the source (where the import is written). */
export function locateSpecifier(source: string, spec: string): { line: number | null; column: number | null } {
  let at = -1;
  for (const quote of ["'", '"', '`']) {
    const i = source.indexOf(quote + spec + quote);
    if (i !== -1 && (at === -1 || i < at)) at = i;
  }
  if (at === -1) return { line: null, column: null };
  const before = source.slice(0, at);
  const line = before.split('\n').length;
  return { line, column: at - before.lastIndexOf('\n') };
}
