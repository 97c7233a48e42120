// Code that sends its reader to a doc (`docs/architecture.md#trust-boundaries`) names a doc and a
// heading that exist: the doc is where the rule is written down, so the pointer must not go stale.

export interface CodeProblem {
  file: string;
  line: number;
  named: string;
  message: string;
}

const DOC_LINK = /\bdocs\/([\w./-]+?\.md)(?:#([\w-]+))?/g;

/** Whether a line's text at `index` is a comment: a line comment before it, or a block comment's line. */
function inComment(line: string, index: number): boolean {
  const before = line.slice(0, index);
  return /\/\/|\/\*|(^|\s)--\s/.test(before) || /^\s*(\*|#)/.test(line);
}

/** `anchors` maps each checked document (`docs/deploy.md`) to its headings' anchors. */
export function docLinksInCode(file: string, text: string, anchors: ReadonlyMap<string, ReadonlySet<string>>): CodeProblem[] {
  const problems: CodeProblem[] = [];
  text.split('\n').forEach((content, i) => {
    for (const m of content.matchAll(DOC_LINK)) {
      if (!inComment(content, m.index)) continue; // a string may name a file of someone's project
      const doc = `docs/${m[1]}`;
      const headings = anchors.get(doc);
      if (!headings) problems.push({ file, line: i + 1, named: m[0], message: `${doc} does not exist` });
      else if (m[2] && !headings.has(m[2])) problems.push({ file, line: i + 1, named: m[0], message: `${doc} has no heading #${m[2]}` });
    }
  });
  return problems;
}
