import { parse, type ParserPlugin } from '@babel/parser';
import type { File } from '@babel/types';

// The fixers and checks that reason about names read the syntax tree, never the text: a type argument
// (`useRef<HTMLCanvasElement>`), a string or a comment that looks like a tag is not a JSX element.
// Babel's parser reads TypeScript and JSX with error recovery, so a file with a slip still gives a
// tree for the parts that parse; the native TypeScript 7 compiler has no parser API to call.

const PLUGINS: Record<string, ParserPlugin[]> = {
  tsx: ['typescript', 'jsx'],
  ts: ['typescript'],
  mts: ['typescript'],
  cts: ['typescript'],
  jsx: ['jsx'],
  js: ['jsx'],
  mjs: ['jsx'],
  cjs: ['jsx'],
};

/** Whether `path` is a module the syntax readers understand (TypeScript or JavaScript, JSX or not). */
export function isCodeModule(path: string): boolean {
  return Object.hasOwn(PLUGINS, extensionOf(path)) && !path.endsWith('.d.ts');
}

const extensionOf = (path: string) => /\.([a-z]+)$/.exec(path)?.[1] ?? '';

// Fixers and checks read the same file several times in one round; a few recent trees are kept.
const cache = new Map<string, File | null>();
const CACHE_SIZE = 64;

/**
 * The syntax tree of a module, or null when it cannot be read at all (not code, or an error the parser
 * cannot recover from). Never throws.
 */
export function parseModule(path: string, code: string): File | null {
  const plugins = PLUGINS[extensionOf(path)];
  if (!plugins || path.endsWith('.d.ts')) return null;
  const key = `${plugins.join()}\0${code}`;
  if (cache.has(key)) return cache.get(key)!;
  let tree: File | null;
  try {
    tree = parse(code, { sourceType: 'module', plugins, errorRecovery: true, allowReturnOutsideFunction: true, allowUndeclaredExports: true });
  } catch {
    tree = null;
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, tree);
  return tree;
}
