// Writing answers in the edit protocol (DESIGN §4): whole-file writes, SEARCH/REPLACE edits,
// deletes and the summary line, exactly as a real model is asked to write them.

export type Change =
  | { type: 'write'; path: string; content: string }
  | { type: 'edit'; path: string; blocks: { search: string; replace: string }[] }
  | { type: 'delete'; path: string };

const attr = (path: string) => path.replace(/"/g, '');

export function block(change: Change): string {
  switch (change.type) {
    case 'write': {
      const body = change.content.endsWith('\n') ? change.content : `${change.content}\n`;
      return `<sprout-write path="${attr(change.path)}">\n${body}</sprout-write>`;
    }
    case 'edit': {
      const parts = change.blocks.map((b) => `<<<<<<< SEARCH\n${b.search}\n=======\n${b.replace}\n>>>>>>> REPLACE`);
      return `<sprout-edit path="${attr(change.path)}">\n${parts.join('\n')}\n</sprout-edit>`;
    }
    case 'delete':
      return `<sprout-delete path="${attr(change.path)}" />`;
  }
}

/** A whole answer: prose before, the changes, the summary, prose after. */
export function answer(parts: { intro: string; changes: Change[]; summary?: string; outro?: string }): string {
  // Blocks follow each other without blank lines, so the chat's prose has no gaps where they were.
  const out = [parts.intro.trim(), ''];
  for (const c of parts.changes) out.push(block(c));
  if (parts.summary) out.push(`<sprout-summary>${parts.summary.replace(/[\r\n<>]+/g, ' ').trim()}</sprout-summary>`);
  if (parts.outro) out.push('', parts.outro.trim());
  return `${out.join('\n')}\n`;
}

/** Applies changes to a copy of the files, the way the engine will (used to chain follow-up edits). */
export function applyChanges(files: ReadonlyMap<string, string>, changes: readonly Change[]): Map<string, string> {
  const next = new Map(files);
  for (const c of changes) {
    if (c.type === 'write') next.set(c.path, c.content);
    else if (c.type === 'delete') next.delete(c.path);
    else {
      let text = next.get(c.path) ?? '';
      for (const b of c.blocks) text = text.replace(b.search, () => b.replace);
      next.set(c.path, text);
    }
  }
  return next;
}
