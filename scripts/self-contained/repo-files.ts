// The repository as these checks read it: the files git holds or would hold (tracked and new, not
// ignored) that are on disk, so a half-done move in the working tree is seen as it is now.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RepoTree } from './doc-paths';

export function repoTree(root: string): RepoTree {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  const files = [...new Set(listed.split('\n'))].filter((p) => p !== '' && existsSync(path.join(root, p)));
  const ignored = new Map<string, boolean>();
  const isIgnored = (p: string) => {
    if (!ignored.has(p)) {
      // --no-index: by the ignore rules alone, whether or not the path exists or is tracked. A rule for
      // folders (`data/`) matches a path that is not there only when it is spelled as a folder.
      const rules = (q: string) => spawnSync('git', ['check-ignore', '--quiet', '--no-index', q], { cwd: root }).status === 0;
      ignored.set(p, rules(p) || rules(`${p}/`));
    }
    return ignored.get(p)!;
  };
  return { files, isIgnored };
}

/** The text of a repository file, or null for a binary one (it has a NUL byte) or one moved away since it was listed. */
export function readText(root: string, file: string): string | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path.join(root, file));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  return bytes.includes(0) ? null : bytes.toString('utf8');
}

/** The documents whose paths are checked: every README.md and everything in docs/. */
export const isCheckedDoc = (file: string) => /(^|\/)README\.md$/.test(file) || /^docs\/.*\.md$/.test(file);
