import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BoundaryInput } from './check';
import { readSources } from './import-graph';

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
// A project's starter files are data the template ships, not our code.
const NOT_OURS = [/^packages\/template\/files\//, /(^|\/)node_modules\//, /(^|\/)\.next[^/]*\//];

/**
 * The repository as the checker reads it: tracked and new (not ignored) sources that are on disk (a file
 * deleted in the working tree is gone), and each package's entry points.
 */
export function repoInput(root: string): BoundaryInput {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\n');
  const paths = listed.filter((p) => SOURCE.test(p) && !NOT_OURS.some((re) => re.test(p)) && existsSync(path.join(root, p)));
  const { files, exists } = readSources(root, paths);
  const entryPoints: Record<string, string[]> = {};
  for (const manifest of listed.filter((p) => /^(apps|packages)\/[^/]+\/package\.json$/.test(p))) {
    const pkg = JSON.parse(readFileSync(path.join(root, manifest), 'utf8')) as { name: string; exports?: Record<string, string> };
    entryPoints[pkg.name] = Object.keys(pkg.exports ?? { '.': '' }).map((k) => (k === '.' ? pkg.name : `${pkg.name}/${k.replace(/^\.\//, '')}`));
  }
  return { files, exists, entryPoints };
}
