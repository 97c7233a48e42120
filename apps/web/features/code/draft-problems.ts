import type { CheckIssue, FileCheck } from '@sprout/core/contract';

/** A short fingerprint of a draft's text (FNV-1a and its length): the check's cache key, not the text itself. */
export function contentKey(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(36)}.${text.length}`;
}

export interface EditorProblem {
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning';
}

/** The problems of a check that sit in `path` at a known line: what the editor marks in place. */
export function editorProblems(check: FileCheck, path: string): EditorProblem[] {
  const inFile = (severity: EditorProblem['severity']) => (i: CheckIssue) =>
    i.file === path && i.line !== null ? [{ line: i.line, column: i.column ?? 1, message: i.message, severity }] : [];
  return [...check.errors.flatMap(inFile('error')), ...check.warnings.flatMap(inFile('warning'))];
}

/** One problem in words for the bar under the editor: the line in this file, the file elsewhere. */
export function problemText(i: CheckIssue, path: string): string {
  const where = i.file && i.file !== path ? `${i.file}${i.line ? `:${i.line}` : ''}: ` : i.line ? `Line ${i.line}: ` : '';
  // Build messages can run to several lines (a code frame): the first says what is wrong.
  return `${where}${i.message.split('\n')[0]}`;
}

export type ProblemsState =
  | { kind: 'checking' }
  | { kind: 'failed' }
  | { kind: 'clean' }
  | { kind: 'errors'; count: number; builds: boolean }
  | { kind: 'warnings'; count: number };

/** What the bar under the editor says about a draft. */
export function problemsState(check: FileCheck | undefined, checking: boolean, failed: boolean): ProblemsState {
  if (!check) return checking || !failed ? { kind: 'checking' } : { kind: 'failed' };
  if (check.errors.length || !check.builds) return { kind: 'errors', count: check.errors.length, builds: check.builds };
  if (check.warnings.length) return { kind: 'warnings', count: check.warnings.length };
  return { kind: 'clean' };
}

export function problemsSummary(state: ProblemsState): string {
  const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  switch (state.kind) {
    case 'checking':
      return 'Checking your edit…';
    case 'failed':
      return 'Your edit could not be checked. It is checked again when you save.';
    case 'clean':
      return 'Builds, no problems found';
    case 'errors':
      return state.builds ? `${n(state.count, 'problem')} to fix` : `Does not build: ${n(state.count, 'problem')}`;
    case 'warnings':
      return `Builds, with ${n(state.count, 'type warning')}`;
  }
}
