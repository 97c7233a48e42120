import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

const read = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
// One script in the page (its CSP hash), written as two files: the runtime names where the source
// map helpers go.
const INCLUDE = /^ *\/\* @include bridge-source-maps\.js[^*]*\*\/$/m;
const RUNTIME = read('bridge-runtime.js');
if (!INCLUDE.test(RUNTIME)) throw new Error('bridge-runtime.js has lost its @include line for bridge-source-maps.js');
const SOURCE = RUNTIME.replace(INCLUDE, () => read('bridge-source-maps.js'));
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
