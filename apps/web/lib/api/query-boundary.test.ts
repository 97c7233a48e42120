import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// TanStack Query is not in the root layout (it would weigh on the home page's first load): the pages that
// fetch on the client get it from their segment's layout, and components loaded on demand from the
// shell bring their own QueryProvider. This reads the import graph from the sources (static imports;
// `import()` starts a chunk of its own) and fails when a page or a lazy component would run a query
// hook with no provider above it.
const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STATIC = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const HOOK_CALL = /\buse(Query|Queries|InfiniteQuery|SuspenseQuery|Mutation|MutationState|QueryClient|IsFetching|IsMutating)\s*[<(]/;
const PROVIDER = 'lib/api/query-provider.tsx';

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
const source = (file: string) => withoutComments(readFileSync(path.join(WEB, file), 'utf8'));

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? specifier.slice(2) : specifier.startsWith('.') ? path.posix.join(path.posix.dirname(from), specifier) : null;
  if (base === null) return null;
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const file = path.posix.normalize(base + ext);
    if (existsSync(path.join(WEB, file)) && statSync(path.join(WEB, file)).isFile()) return file;
  }
  return null;
}

const REEXPORT = /^\s*export\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"];?/gm;
const valueNames = (list: string) =>
  list
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n && !n.startsWith('type '))
    .map((n) => n.split(/\s+as\s+/)[0]!.trim());

/**
 * A feature's public entry (its index.ts: re-exports only) brings into a chunk only the modules
 * whose values are used: the package declares its modules free of side effects (package.json
 * `sideEffects`), so the bundler leaves the others out, and so does this reading.
 */
function throughEntry(entry: string, names: string[] | null): string[] {
  const text = source(entry);
  if (text.replace(REEXPORT, '').trim() !== '') return [entry];
  return [...text.matchAll(REEXPORT)].flatMap((m) => {
    if (m[1]) return [];
    const provides = valueNames(m[2]!);
    if (names && !names.some((n) => provides.includes(n))) return [];
    return resolve(entry, m[3]!) ?? [];
  });
}

/** The files `file` imports statically (values, not types), and the ones it loads with import(). */
function edges(file: string): { statics: string[]; lazy: string[] } {
  const text = source(file);
  const statics: string[] = [];
  for (const m of text.matchAll(STATIC)) {
    const names = /\{([^}]*)\}/.exec(m[0])?.[1];
    const typesOnly = !!m[2] || (!!names && names.split(',').every((n) => !n.trim() || n.trim().startsWith('type ')));
    const target = typesOnly ? null : resolve(file, m[3]!);
    if (!target) continue;
    if (target.endsWith('/index.ts')) statics.push(...throughEntry(target, names === undefined ? null : valueNames(names)));
    else statics.push(target);
  }
  const lazy = [...text.matchAll(DYNAMIC)].flatMap((m) => resolve(file, m[1]!) ?? []);
  return { statics, lazy };
}

/** Every file in `file`'s chunk: it and what it imports statically, transitively. */
function chunkOf(file: string): Set<string> {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const next of edges(f).statics) visit(next);
  };
  visit(file);
  return seen;
}

const callsHooks = (files: Set<string>) => [...files].filter((f) => HOOK_CALL.test(source(f)));
const importsLibrary = (files: Set<string>) => [...files].filter((f) => /from\s+['"]@tanstack\/react-query['"]/.test(source(f)));

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(WEB, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
}

describe('where TanStack Query is provided', () => {
  const shell = [...chunkOf('app/layout.tsx'), ...chunkOf('app/page.tsx')];

  it('is not part of the root layout or the home page', () => {
    expect(importsLibrary(new Set(shell))).toEqual([]);
  });

  it('is above every page that runs a query hook: its layout or an enclosing one provides it', () => {
    const pages = filesUnder('app').filter((f) => f.endsWith('/page.tsx'));
    expect(pages.length).toBeGreaterThan(15);
    const unprovided = pages.filter((page) => {
      if (callsHooks(chunkOf(page)).length === 0) return false;
      const layouts = page
        .split('/')
        .slice(1, -1)
        .map((_, i, parts) => `app/${parts.slice(0, i + 1).join('/')}/layout.tsx`)
        .filter((l) => existsSync(path.join(WEB, l)));
      return !layouts.some((l) => chunkOf(l).has(PROVIDER)) && !chunkOf(page).has(PROVIDER);
    });
    expect(unprovided).toEqual([]);
  });

  it('comes with every component the shell loads on demand that runs a query hook', () => {
    const lazy = [...new Set(shell.flatMap((f) => edges(f).lazy))].filter((f) => f.endsWith('.tsx'));
    expect(lazy.length).toBeGreaterThan(3);
    expect(lazy.filter((f) => callsHooks(chunkOf(f)).length > 0 && !chunkOf(f).has(PROVIDER))).toEqual([]);
  });
});
