/** One problem found after applying a run's changes, in the shape the fix round and the chat use. */
export interface CheckIssue {
  source: 'build' | 'htmlhint' | 'jshint' | 'imports' | 'apply' | 'parser' | 'runtime' | 'types';
  file: string | null;
  line: number | null;
  column: number | null;
  message: string;
}

export const issue = (source: CheckIssue['source'], file: string | null, message: string, line: number | null = null, column: number | null = null): CheckIssue => ({
  source,
  file,
  line,
  column,
  message,
});

export function formatIssue(i: CheckIssue): string {
  const where = i.file ? `${i.file}${i.line ? `:${i.line}${i.column ? `:${i.column}` : ''}` : ''}: ` : '';
  return `${where}${i.message}`;
}
