import type { ProjectFile } from './types';

/** Where the `@/` alias points, as in the template's vite.config.ts and tsconfig.json. */
export const SRC_ROOT = 'client/src';
/** The Vite root: `/src/main.tsx` in index.html means `client/src/main.tsx`. */
export const CLIENT_ROOT = 'client';
export const PUBLIC_ROOT = 'client/public';

const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json', '.css'];

/** A project's files by path, with the import resolution rules of the template's Vite config. */
export class ProjectFiles {
  private readonly byPath: Map<string, string>;

  constructor(files: readonly ProjectFile[]) {
    this.byPath = new Map(files.map((f) => [f.path, f.content]));
  }

  get(path: string): string | undefined {
    return this.byPath.get(path);
  }

  has(path: string): boolean {
    return this.byPath.has(path);
  }

  paths(): string[] {
    return [...this.byPath.keys()];
  }

  entries(): [string, string][] {
    return [...this.byPath.entries()];
  }

  /**
   * Resolves a relative or `@/` import written in `importer` to a project path: the exact file, then
   * with each known extension, then as a folder's index file. Null when nothing matches.
   */
  resolve(spec: string, importer: string): string | null {
    let base: string | null;
    if (spec.startsWith('@/')) base = joinPath(SRC_ROOT, spec.slice(2));
    else if (spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..') base = joinPath(dirname(importer), spec);
    else if (spec.startsWith('/')) base = joinPath(CLIENT_ROOT, spec.slice(1));
    else return null;
    if (base === null) return null;
    base = base.replace(/\/$/, '');
    if (this.byPath.has(base)) return base;
    for (const ext of EXTENSIONS) if (this.byPath.has(base + ext)) return base + ext;
    for (const ext of EXTENSIONS) if (this.byPath.has(`${base}/index${ext}`)) return `${base}/index${ext}`;
    return null;
  }
}

function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i === -1 ? '' : path.slice(0, i);
}

/** Joins and normalises; null when the result would leave the project root. */
export function joinPath(dir: string, rel: string): string | null {
  const out: string[] = dir === '' ? [] : dir.split('/');
  for (const part of rel.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extensionOf(path)] ?? 'application/octet-stream';
}
