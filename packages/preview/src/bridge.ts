import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

const read = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');

/**
 * The files put into bridge-runtime.js, each at its own `@include` line (the runtime's lines say in
 * which order they run): every other `bridge*.js` file of this folder.
 */
export const BRIDGE_INCLUDES = [
  'bridge-source-maps.js',
  'bridge-element-picker-facts.js',
  'bridge-element-picker-overlay.js',
  'bridge-element-picker-changes.js',
  'bridge-element-picker-selection.js',
  'bridge-element-picker.js',
  'bridge-storage.js',
  'bridge-permissions.js',
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One script in the page (its CSP hash), written as several files: the runtime names where each of
 * the others goes with a line of its own, `/* @include name.js: what it defines *\/`. Every file
 * named in `includes` must have its line, and the runtime may name no other.
 */
export function withIncludes(runtime: string, includes: readonly string[], readFile: (name: string) => string): string {
  let source = runtime;
  for (const name of includes) {
    const line = new RegExp(`^ *\\/\\* @include ${escapeRegExp(name)}(?:[:\\s][^*]*)?\\*\\/$`, 'm');
    if (!line.test(source)) throw new Error(`bridge-runtime.js has lost its @include line for ${name}`);
    source = source.replace(line, () => readFile(name));
  }
  const unknown = /^ *\/\* @include (\S+?):?(?:\s|\*\/)/m.exec(source);
  if (unknown) throw new Error(`bridge-runtime.js includes ${unknown[1]}, which bridge.ts does not put in`);
  return source;
}

const SOURCE = withIncludes(read('bridge-runtime.js'), BRIDGE_INCLUDES, read);
const cache = new Map<string, string>();

/**
 * The runtime bridge for previews framed by `targetOrigin` (the web app's origin), minified.
 * The origin is baked in so the bridge never posts to '*'.
 */
export function bridgeScript(targetOrigin: string): string {
  const origin = new URL(targetOrigin).origin;
  let code = cache.get(origin);
  if (code === undefined) {
    code = transformSync(SOURCE, {
      minify: true,
      target: 'es2017',
      define: { __SPROUT_TARGET_ORIGIN__: JSON.stringify(origin) },
    }).code.trim();
    cache.set(origin, code);
  }
  return code;
}
