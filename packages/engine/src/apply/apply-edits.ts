import { caseTwin, FILE_LIMITS, packageManifestProblem, utf8ByteLength, validateProjectPath } from '@sprout/core';
import type { EditAction } from '../protocol/actions';
import type { SearchReplace } from '../protocol/parse-edits';

export interface ApplyProblem {
  /** forbidden: a path outside the rules (treated as hostile: the whole run is refused). */
  kind: 'forbidden' | 'not-found' | 'no-match' | 'ambiguous' | 'conflict' | 'too-large';
  action: EditAction['type'];
  path: string;
  message: string;
}

export interface FileChange {
  type: 'written' | 'edited' | 'deleted' | 'renamed';
  path: string;
  from?: string;
}

export type ApplyResult = { files: Map<string, string>; changes: FileChange[]; problems: ApplyProblem[] };

const describe = (a: EditAction) => (a.type === 'rename' ? `${a.from} → ${a.to}` : a.path);

/** Replaces the one place `search` matches: exactly first, then ignoring indentation and trailing spaces. */
export function replaceOnce(content: string, { search, replace }: SearchReplace): { ok: true; content: string } | { ok: false; count: number } {
  if (search === '') return { ok: true, content: content + (content.endsWith('\n') || content === '' ? '' : '\n') + replace };
  const exact = content.split(search).length - 1;
  if (exact === 1) return { ok: true, content: content.replace(search, () => replace) };
  if (exact > 1) return { ok: false, count: exact };
  const lines = content.split('\n');
  const want = search.split('\n').map((l) => l.trim());
  while (want.length && want[want.length - 1] === '') want.pop();
  if (!want.length) return { ok: false, count: 0 };
  const starts: number[] = [];
  for (let i = 0; i + want.length <= lines.length; i++) {
    if (want.every((w, j) => lines[i + j]!.trim() === w)) starts.push(i);
  }
  if (starts.length !== 1) return { ok: false, count: starts.length };
  const at = starts[0]!;
  lines.splice(at, want.length, ...replace.split('\n'));
  return { ok: true, content: lines.join('\n') };
}

/**
 * Applies a run's actions to a copy of the project files. Every path is checked against the
 * project rules; nothing is guessed: a search that matches nowhere or twice is reported.
 */
export function applyEdits(current: ReadonlyMap<string, string>, actions: readonly EditAction[]): ApplyResult {
  const files = new Map(current);
  const changes: FileChange[] = [];
  const problems: ApplyProblem[] = [];
  const fail = (a: EditAction, kind: ApplyProblem['kind'], path: string, message: string) => problems.push({ kind, action: a.type, path, message });
  // A package.json that would make npm run or fetch something on install is not written (the export installs it).
  const manifestRefused = (a: EditAction, path: string, content: string) => {
    const problem = path === 'package.json' ? packageManifestProblem(content) : null;
    if (problem) fail(a, 'conflict', path, `Cannot write package.json: ${problem}`);
    return problem !== null;
  };

  for (const a of actions) {
    const paths = a.type === 'rename' ? [a.from, a.to] : [a.path];
    const bad = paths.map((p) => [p, validateProjectPath(p)] as const).find(([, r]) => !r.ok);
    if (bad) {
      fail(a, 'forbidden', bad[0], `Refused ${a.type} of ${JSON.stringify(bad[0]).slice(0, 120)}: ${(bad[1] as { reason: string }).reason}`);
      continue;
    }
    switch (a.type) {
      case 'write':
        if (caseTwin(files.keys(), a.path)) {
          fail(
            a,
            'conflict',
            a.path,
            `Cannot write ${a.path}: ${caseTwin(files.keys(), a.path)} already exists, and the two would be the same file on macOS and Windows.`,
          );
          break;
        }
        if (utf8ByteLength(a.content) > FILE_LIMITS.maxFileBytes) {
          fail(a, 'too-large', a.path, `${a.path} is larger than ${FILE_LIMITS.maxFileBytes / 1024} KB.`);
          break;
        }
        if (manifestRefused(a, a.path, a.content)) break;
        files.set(a.path, a.content);
        changes.push({ type: 'written', path: a.path });
        break;
      case 'edit': {
        let content = files.get(a.path);
        if (content === undefined) {
          fail(a, 'not-found', a.path, `Cannot edit ${a.path}: the file does not exist.`);
          break;
        }
        let ok = true;
        for (const [i, block] of a.blocks.entries()) {
          const r = replaceOnce(content, block);
          if (!r.ok) {
            ok = false;
            fail(
              a,
              r.count === 0 ? 'no-match' : 'ambiguous',
              a.path,
              r.count === 0
                ? `Edit ${i + 1} of ${a.path}: the SEARCH text was not found in the file.`
                : `Edit ${i + 1} of ${a.path}: the SEARCH text matches ${r.count} places; include more surrounding lines.`,
            );
            break;
          }
          content = r.content;
        }
        if (ok && !manifestRefused(a, a.path, content)) {
          files.set(a.path, content);
          changes.push({ type: 'edited', path: a.path });
        }
        break;
      }
      case 'delete':
        if (!files.delete(a.path)) fail(a, 'not-found', a.path, `Cannot delete ${a.path}: the file does not exist.`);
        else changes.push({ type: 'deleted', path: a.path });
        break;
      case 'rename': {
        const content = files.get(a.from);
        if (content === undefined) fail(a, 'not-found', a.from, `Cannot rename ${describe(a)}: ${a.from} does not exist.`);
        else if (files.has(a.to)) fail(a, 'conflict', a.to, `Cannot rename ${describe(a)}: ${a.to} already exists.`);
        else if (caseTwin(files.keys(), a.to, a.from))
          fail(a, 'conflict', a.to, `Cannot rename ${describe(a)}: ${caseTwin(files.keys(), a.to, a.from)} already exists (same name but for case).`);
        else if (!manifestRefused(a, a.to, content)) {
          files.delete(a.from);
          files.set(a.to, content);
          changes.push({ type: 'renamed', path: a.to, from: a.from });
        }
        break;
      }
    }
  }
  if (files.size > FILE_LIMITS.maxFiles) {
    problems.push({ kind: 'too-large', action: 'write', path: '', message: `A project may hold at most ${FILE_LIMITS.maxFiles} files.` });
  }
  return { files, changes, problems };
}
