// The protocol's writer (docs/architecture.md#the-edit-protocol): what a model is asked to write, written by our own code (the
// offline builder, tests). It is the parser's inverse: parseEdits(writeAnswer(x)) gives x back.

import type { EditAction } from './actions';

// A quote would end the attribute early; no project path needs one.
const attr = (path: string) => path.replace(/"/g, '');

/** One action as its block: a whole-file write, SEARCH/REPLACE edits, a delete or a rename. */
export function writeAction(action: EditAction): string {
  switch (action.type) {
    case 'write': {
      const body = action.content.endsWith('\n') ? action.content : `${action.content}\n`;
      return `<sprout-write path="${attr(action.path)}">\n${body}</sprout-write>`;
    }
    case 'edit': {
      const parts = action.blocks.map((b) => `<<<<<<< SEARCH\n${b.search}\n=======\n${b.replace}\n>>>>>>> REPLACE`);
      return `<sprout-edit path="${attr(action.path)}">\n${parts.join('\n')}\n</sprout-edit>`;
    }
    case 'delete':
      return `<sprout-delete path="${attr(action.path)}" />`;
    case 'rename':
      return `<sprout-rename from="${attr(action.from)}" to="${attr(action.to)}" />`;
  }
}

/** A whole answer: prose before, the actions, the summary, prose after. */
export function writeAnswer(parts: { intro: string; actions: readonly EditAction[]; summary?: string; outro?: string }): string {
  // Blocks follow each other without blank lines, so the chat's prose has no gaps where they were.
  const out = [parts.intro.trim(), ''];
  for (const a of parts.actions) out.push(writeAction(a));
  if (parts.summary) out.push(`<sprout-summary>${parts.summary.replace(/[\r\n<>]+/g, ' ').trim()}</sprout-summary>`);
  if (parts.outro) out.push('', parts.outro.trim());
  return `${out.join('\n')}\n`;
}
