// The generated apps' fixed code lives as real files under source/ (named *.txt so the
// repository's own TypeScript check does not try to compile app code). Each family reads the files it
// needs; only data files (config, seed content, theme) are generated per prompt.

import { readFileSync } from 'node:fs';

const cache = new Map<string, string>();

/** The static source `source/{path}.txt`. */
export function source(path: string): string {
  let text = cache.get(path);
  if (text === undefined) {
    text = readFileSync(new URL(`../source/${path}.txt`, import.meta.url), 'utf8');
    cache.set(path, text);
  }
  return text;
}

export interface GeneratedFile {
  path: string;
  content: string;
}

/** Static sources of a family → project files: `{dir}/{file}` goes to `client/src/{file}`. */
export function sourceFiles(dir: string, files: readonly string[]): GeneratedFile[] {
  return files.map((f) => ({ path: `client/src/${f}`, content: source(`${dir}/${f}`) }));
}

/** Static sources that live at the project's root, outside the page: `server/{file}` goes to `{file}` (functions/, lib/). */
export function serverFiles(files: readonly string[]): GeneratedFile[] {
  return files.map((f) => ({ path: f, content: source(`server/${f}`) }));
}

/** A static source with `__NAME__` tokens replaced by generated code. */
export function fill(path: string, values: Record<string, string>): string {
  return source(path).replace(/__([A-Z]+)__/g, (token, key: string) => {
    const v = values[key];
    if (v === undefined) throw new Error(`${path}: no value for ${token}`);
    return v;
  });
}
