import type { FileDiff } from '@sprout/core/contract';
import { isAssetModule } from '../context/select-files';
import { unifiedDiff } from './line-diff';

export type { FileDiff };

/** Per file, what changed from `before` (the parent version; empty for the first) to `after`. */
export function diffFileSets(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): FileDiff[] {
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  const out: FileDiff[] = [];
  for (const path of paths) {
    const a = before.get(path);
    const b = after.get(path);
    if (a === b) continue;
    const status = a === undefined ? 'added' : b === undefined ? 'removed' : 'modified';
    if (isAssetModule(a ?? '') || isAssetModule(b ?? '')) {
      out.push({ path, status, diff: '', additions: b === undefined ? 0 : 1, deletions: a === undefined ? 0 : 1 });
      continue;
    }
    const d = unifiedDiff(a ?? '', b ?? '', { oldPath: a === undefined ? null : path, newPath: b === undefined ? null : path });
    out.push({ path, status, diff: d.text, additions: d.additions, deletions: d.deletions });
  }
  return out;
}
