// The repository's import graph, read from the sources as text (no compiler API: TypeScript 7 has
// none in-process). Every static import, re-export, `import type` and dynamic `import()` counts.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PATH_ALIASES } from './rules';

export interface SourceFile {
  /** Repository-relative path with forward slashes. */
  path: string;
  text: string;
}

export interface ImportEdge {
  from: string;
  /** The specifier as written: '@sprout/db', './x', 'node:fs'. */
  specifier: string;
  /** The file a relative (or aliased: `@/lib/cn` in the web app) specifier resolves to, when it is one of ours. */
  resolved: string | null;
  typeOnly: boolean;
  line: number;
}

const STATIC = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Comments can mention imports; blank them (keeping line numbers) before looking for real ones. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, (_m, pre: string) => pre);
}

export function importsOf(file: SourceFile, exists: (p: string) => boolean): ImportEdge[] {
  const text = withoutComments(file.text);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean, index: number) =>
    edges.push({ from: file.path, specifier, resolved: resolveRelative(file.path, specifier, exists), typeOnly, line: lineOf(text, index) });
  for (const m of text.matchAll(STATIC)) {
    // `import { type A, type B } from` is type-only too when every name is.
    const names = /\{([^}]*)\}/.exec(m[0])?.[1];
    const allTypes = !!names && names.split(',').every((n) => !n.trim() || n.trim().startsWith('type '));
    add(m[3]!, !!m[2] || allTypes, m.index);
  }
  for (const m of text.matchAll(DYNAMIC)) add(m[1]!, false, m.index);
  return edges;
}

function resolveRelative(from: string, specifier: string, exists: (p: string) => boolean): string | null {
  const alias = PATH_ALIASES.find((a) => from.startsWith(a.files) && specifier.startsWith(a.alias));
  if (!specifier.startsWith('.') && !alias) return null;
  const base = alias
    ? path.posix.join(alias.target, specifier.slice(alias.alias.length))
    : path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  // ESM sources may name the compiled extension of a TypeScript file.
  const stem = base.replace(/\.js$/, '');
  for (const ext of EXTENSIONS) {
    if (exists(`${stem}${ext}`)) return `${stem}${ext}`;
    if (exists(`${base}${ext}`)) return `${base}${ext}`;
  }
  return null;
}

/** Reads the files from disk under `root` (paths as git lists them). */
export function readSources(root: string, paths: string[]): { files: SourceFile[]; exists: (p: string) => boolean } {
  const known = new Set(paths);
  const exists = (p: string) => known.has(p) || (existsSync(path.join(root, p)) && statSync(path.join(root, p)).isFile());
  return { files: paths.map((p) => ({ path: p, text: readFileSync(path.join(root, p), 'utf8') })), exists };
}
