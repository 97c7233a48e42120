// On a board, a "column" is a stage cards move through, not a field: "add a Blocked column" or
// "rename the Review column" on a kanban board ask for a stage, which the offline builder cannot
// change. It says so, rather than adding a field nobody asked for or not finding one.

import { normalise } from '../understand/text';
import type { EditResult } from './look';

const CONFIG = 'client/src/config.ts';

/** The board's columns (a kanban board's, or the stages of a composed board), or null without a board. */
export function boardColumns(config: string): string[] | null {
  const kanban = /^export const columns = \[\n([\s\S]*?)\n\];$/m.exec(config)?.[1];
  if (kanban) return [...kanban.matchAll(/title: '((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
  const board = /^export const parts = \{[^\n]*\bboard: '([^']+)'/m.exec(config)?.[1];
  if (!board) return null;
  const line = config.split('\n').find((l) => l.includes(`name: '${board}'`));
  const options = line ? /options: \[([^\]]*)\]/.exec(line)?.[1] : undefined;
  return options ? [...options.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1')) : [];
}

/**
 * The answer when the words name a column of the board (`words`), or when any column is asked
 * for on a board (`words` null); null when the app has no board or the words name no column.
 */
export function boardColumnAnswer(files: ReadonlyMap<string, string>, words: string | null, field?: string): EditResult | null {
  const columns = boardColumns(files.get(CONFIG) ?? '');
  if (!columns) return null;
  const column = words === null ? null : columns.find((c) => normalise(c) === normalise(words));
  if (words !== null && !column) return null;
  const named = column ? `“${column}” is a column of the board, and ` : 'On this board the columns are the stages cards move through, and ';
  const hint = field ? ` To add a field to each card instead, say “add a ${field} field”.` : '';
  return { changes: [], message: `${named}I can't add, rename or remove the board's columns offline.${hint}`, done: false };
}
