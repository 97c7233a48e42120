import type { Message } from 'esbuild';
import type { BuildMessage } from './types';

export const PROJECT_NAMESPACE = 'project';

/** esbuild names in-memory files `project:client/src/App.tsx`; people and the engine want the path. */
export function projectPath(file: string): string {
  const i = file.indexOf(`${PROJECT_NAMESPACE}:`);
  return i === -1 ? file : file.slice(i + PROJECT_NAMESPACE.length + 1);
}

/** An esbuild message as a BuildMessage with 1-based line and column. */
export function fromEsbuild(message: Message): BuildMessage {
  const loc = message.location;
  const notes = message.notes.map((n) => n.text).filter(Boolean);
  return {
    file: loc ? projectPath(loc.file) : null,
    line: loc ? loc.line : null,
    column: loc ? loc.column + 1 : null,
    message: notes.length ? `${message.text} (${notes.join(' ')})` : message.text,
    ...(loc?.lineText ? { lineText: loc.lineText } : {}),
  };
}
