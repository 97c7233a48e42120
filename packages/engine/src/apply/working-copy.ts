import { validateProjectPath } from '@sprout/core';
import type { EditAction } from '../protocol/actions';
import { applyEdits, type ApplyProblem, type FileChange } from './apply-edits';
import { findLazyPlaceholder } from './lazy-placeholder';
import { normalizePath } from './normalize-path';

export type ApplyOutcome =
  | { kind: 'applied'; change: FileChange; created: boolean; bytes: number; normalized: string[] }
  | { kind: 'placeholder'; path: string; line: string }
  | { kind: 'forbidden'; problem: ApplyProblem }
  | { kind: 'problem'; problem: ApplyProblem };

/** The project's files as a run changes them, action by action; the version is written from it at the end. */
export class WorkingCopy {
  private current: Map<string, string>;
  /** Paths the run wrote, edited or renamed to (the fixers and linters look at these). */
  readonly changed = new Set<string>();
  private applied = 0;

  constructor(private readonly base: ReadonlyMap<string, string>) {
    this.current = new Map(base);
  }

  get files(): Map<string, string> {
    return this.current;
  }

  /** The files before the run: what its changes are told against (the reply's who-sees-what line). */
  get before(): ReadonlyMap<string, string> {
    return this.base;
  }

  /** Normalises a path the model got slightly wrong, then tells whether the rules allow it. */
  checkPath(raw: string): { path: string; ok: true } | { path: string; ok: false; reason: string } {
    const path = normalizePath(raw);
    const check = validateProjectPath(path);
    return check.ok ? { path, ok: true } : { path, ok: false, reason: check.reason };
  }

  apply(raw: EditAction): ApplyOutcome {
    const normalized: string[] = [];
    const fix = (p: string) => {
      const n = normalizePath(p);
      if (n !== p) normalized.push(`${p} → ${n}`);
      return n;
    };
    const action: EditAction = raw.type === 'rename' ? { ...raw, from: fix(raw.from), to: fix(raw.to) } : { ...raw, path: fix(raw.path) };
    if (action.type === 'write') {
      const line = findLazyPlaceholder(action.content, this.current.get(action.path));
      if (line) return { kind: 'placeholder', path: action.path, line };
    }
    const result = applyEdits(this.current, [action]);
    const problem = result.problems[0];
    if (problem) return problem.kind === 'forbidden' ? { kind: 'forbidden', problem } : { kind: 'problem', problem };
    const change = result.changes[0]!;
    const created = action.type === 'write' && !this.current.has(action.path);
    this.current = result.files;
    this.applied++;
    if (change.type === 'deleted') this.changed.delete(change.path);
    else {
      if (change.type === 'renamed' && change.from) this.changed.delete(change.from);
      this.changed.add(change.path);
    }
    const bytes = change.type === 'deleted' ? 0 : Buffer.byteLength(this.current.get(change.path) ?? '');
    return { kind: 'applied', change, created, bytes, normalized };
  }

  /** How many actions were applied so far: a model that uses tools made progress when it moved. */
  get revision(): number {
    return this.applied;
  }

  /** Whether the files differ from the version the run started from. */
  hasChanges(): boolean {
    if (this.current.size !== this.base.size) return true;
    for (const [path, content] of this.current) if (this.base.get(path) !== content) return true;
    return false;
  }
}
