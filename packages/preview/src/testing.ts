// The preview builder's test helpers (`@sprout/preview/testing`): a builder on a cache shared by every test run, the
// starter template as project files, and readers of a build's result.
import os from 'node:os';
import path from 'node:path';
import { ALLOWED_PACKAGES, TEMPLATE_PACKAGE_DIR, starterFiles } from '@sprout/template';
import { PreviewBuilder } from './builder';
import type { BuildResult, BuildSuccess, ProjectFile } from './types';

/** Shared across test files and runs: vendor files are keyed by package versions, so reuse is safe. */
export const TEST_CACHE_DIR = path.join(os.tmpdir(), 'sprout-preview-test-cache');

export function testBuilder(): PreviewBuilder {
  return new PreviewBuilder({ cacheDir: TEST_CACHE_DIR, resolveDir: TEMPLATE_PACKAGE_DIR, allowed: ALLOWED_PACKAGES });
}

export function templateFiles(): ProjectFile[] {
  return starterFiles().map((f) => ({ path: f.name, content: f.content }));
}

/** The template with some files replaced or added. */
export function withFiles(changes: Record<string, string>, base = templateFiles()): ProjectFile[] {
  const map = new Map(base.map((f) => [f.path, f.content]));
  for (const [p, c] of Object.entries(changes)) map.set(p, c);
  return [...map].map(([p, content]) => ({ path: p, content }));
}

export function expectOk(result: BuildResult): BuildSuccess {
  if (!result.ok) throw new Error(`build failed:\n${result.errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.message}`).join('\n')}`);
  return result;
}

const decoder = new TextDecoder();
export function assetText(result: BuildSuccess, ext: string): string {
  const found = [...result.assets].find(([name]) => name.endsWith(ext) && !name.endsWith('.map'));
  if (!found) throw new Error(`no ${ext} asset in ${[...result.assets.keys()].join(', ')}`);
  return decoder.decode(found[1].body);
}

/** The code of a project module of a preview build (unbundled), by project path. */
export function moduleText(result: BuildSuccess, projectPath: string): string {
  const entry = result.manifest?.modules[projectPath];
  const asset = entry && result.assets.get(entry.name);
  if (!asset) throw new Error(`no module ${projectPath} in ${Object.keys(result.manifest?.modules ?? {}).join(', ')}`);
  return decoder.decode(asset.body);
}
