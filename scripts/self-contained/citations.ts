// The repository stands alone: nothing in it sends a reader to documents kept elsewhere or to an
// issue tracker's numbers. A comment says the rule or the reason itself, or points to a heading of
// docs/architecture.md (or another doc in the repository).
//
// A citation is: the names of the product's specification and design notes, kept outside the
// repository (the upper-case words, with or without `.md`, or either name followed by a section
// sign); an issue by its number (the word issue or issues, then a number, with or without `#`); a
// relative path to the `shared` folder beside the repository (one that does not reach a folder of
// ours from where it is written).
import path from 'node:path';

export interface Citation {
  file: string;
  line: number;
  /** The citation as written. */
  text: string;
}

// Spelled so that this file does not cite what it finds.
const NOTES = ['S' + 'PEC', 'D' + 'ESIGN'];
const PATTERNS: readonly RegExp[] = [
  new RegExp(`\\b(${NOTES.join('|')})(\\.md)?\\b`, 'g'),
  new RegExp(`\\b(${NOTES.join('|')})(\\.md)?\\s*§\\s*\\d+`, 'gi'),
  /\b[Ii]ssues?\s+#?\d+/g,
];
const SHARED = /(?:\.\.\/)+shared\b/g;

/** `isFolder` says whether a repository-relative path is a folder of the repository. */
export function findCitations(file: string, text: string, isFolder: (p: string) => boolean): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((content, i) => {
    const hits = new Map<number, string>();
    for (const re of PATTERNS) for (const m of content.matchAll(re)) if (!hits.has(m.index)) hits.set(m.index, m[0]);
    for (const m of content.matchAll(SHARED)) {
      // A relative path up to a `shared` folder that reaches a folder of ours from where it is
      // written is a path like any other; anything else means the folder beside the repository
      // (scripts say it from the root, not from their own folder, so a path that stays inside but
      // finds nothing counts too).
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[0]));
      if (resolved.startsWith('../') || !isFolder(resolved)) hits.set(m.index, m[0]);
    }
    for (const [, hit] of [...hits].sort(([a], [b]) => a - b)) found.push({ file, line: i + 1, text: hit });
  });
  return found;
}
