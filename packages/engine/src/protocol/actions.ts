import type { EditEvent, SearchReplace } from './parse-edits';

/** One change to the project's files, as the protocol writes it and the applier performs it. */
export type EditAction =
  | { type: 'write'; path: string; content: string }
  | { type: 'edit'; path: string; blocks: SearchReplace[] }
  | { type: 'delete'; path: string }
  | { type: 'rename'; from: string; to: string };

/** The parser events that complete an action (the others are prose, progress or problems). */
export type ActionEvent = Extract<EditEvent, { type: 'file-end' | 'edit' | 'delete' | 'rename' }>;

/** The action a parser event completes; null for events that change no file. */
export function actionOf(e: EditEvent): EditAction | null {
  switch (e.type) {
    case 'file-end':
      return { type: 'write', path: e.path, content: e.content };
    case 'edit':
      return { type: 'edit', path: e.path, blocks: e.blocks };
    case 'delete':
      return { type: 'delete', path: e.path };
    case 'rename':
      return { type: 'rename', from: e.from, to: e.to };
    default:
      return null;
  }
}
