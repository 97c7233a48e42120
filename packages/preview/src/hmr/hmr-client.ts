import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { BuiltAsset } from '../types';

export interface HmrClient {
  /** The file name it is served under in every preview build (content-hashed). */
  name: string;
  asset: BuiltAsset;
}

let pending: Promise<HmrClient> | null = null;

/**
 * The hot update client (hmr-runtime.js with react-refresh's runtime), bundled once per process.
 * The same bytes for every project: it learns its page from the page's module list.
 */
export function hmrClient(): Promise<HmrClient> {
  if (!pending) {
    pending = build();
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

async function build(): Promise<HmrClient> {
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./hmr-runtime.js', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"development"' },
  });
  const body = result.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 20);
  return { name: `sprout-hmr.${hash}.js`, asset: { contentType: 'text/javascript; charset=utf-8', body } };
}
