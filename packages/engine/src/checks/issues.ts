import type { CheckIssue } from '@sprout/core/contract';

// Declared once in the contract: it reaches the chat in run events and the API's replies.
export type { CheckIssue };

export const issue = (
  source: CheckIssue['source'],
  file: string | null,
  message: string,
  line: number | null = null,
  column: number | null = null,
): CheckIssue => ({
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
