import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

const SOURCE = readFileSync(new URL('./bridge-runtime.js', import.meta.url), 'utf8');
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
