import type { ProjectFiles } from './project-files';

export class CssImportError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'CssImportError';
  }
}

// `@import './x.css';`, `@import "x.css" layer(base);`, `@import url('./x.css');`
const IMPORT = /@import\s+(?:url\(\s*)?(['"])([^'"]+)\1\s*\)?([^;]*);/g;

const isLocal = (spec: string) => spec.startsWith('./') || spec.startsWith('../') || spec.startsWith('@/') || spec.startsWith('/');

/**
 * Replaces `@import`s of the project's own CSS files by their content, recursively, because
 * Tailwind resolves imports on disk and project files live only in memory. Package imports
 * (`tailwindcss`) and remote URLs are left for Tailwind and the browser.
 */
export function inlineCssImports(files: ProjectFiles, path: string, seen: string[] = []): string {
  const css = files.get(path) ?? '';
  if (seen.includes(path)) throw new CssImportError(`CSS import cycle: ${[...seen, path].join(' → ')}`, path, 1);
  return css.replace(IMPORT, (statement: string, _q: string, spec: string, rest: string, offset: number) => {
    if (!isLocal(spec)) return statement;
    const target = files.resolve(spec, path);
    const line = css.slice(0, offset).split('\n').length;
    if (!target || !target.endsWith('.css')) throw new CssImportError(`Cannot find the CSS file '${spec}' imported here.`, path, line);
    const body = inlineCssImports(files, target, [...seen, path]);
    const layer = /layer\(([^)]*)\)/.exec(rest)?.[1];
    return layer ? `@layer ${layer} {\n${body}\n}` : body;
  });
}
