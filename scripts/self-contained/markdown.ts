// What a Markdown document names: its inline code spans, its links and its headings' anchors, each
// with its line. Fenced code blocks are examples (commands, code, file formats) and are skipped.

interface Mention {
  kind: 'code' | 'link';
  /** The span's text, or the link's target as written. */
  text: string;
  line: number;
}

export interface MarkdownFacts {
  /** In document order. */
  mentions: Mention[];
  /** The anchors GitHub gives the document's headings (`## Running Sprout: staff` → `running-sprout-staff`). */
  anchors: Set<string>;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const CODE_SPAN = /(`+)([\s\S]*?[^`])\1(?!`)/g;
// [text](target) and ![alt](target), with an optional "title"; <target> for targets with spaces.
const LINK = /!?\[[^\]]*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g;
// A reference definition: [name]: target
const REFERENCE = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

export function readMarkdown(text: string): MarkdownFacts {
  const mentions: Mention[] = [];
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const fenceMark = FENCE.exec(raw)?.[1];
    if (fence) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
      return;
    }
    if (fenceMark) {
      fence = fenceMark;
      return;
    }
    const heading = HEADING.exec(raw)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    // Code spans first; links are looked for in what is left, so `[a](b)` inside code is no link.
    const found: (Mention & { at: number })[] = [];
    const rest = raw.replace(CODE_SPAN, (whole, _ticks: string, body: string, at: number) => {
      found.push({ kind: 'code', text: body.trim(), line, at });
      return ' '.repeat(whole.length);
    });
    for (const m of rest.matchAll(LINK)) {
      found.push({ kind: 'link', text: unwrap(m[1]!), line, at: m.index });
      // A code span that is a link's text ([`x.ts`](…)) is a label: the link's target is what it names.
      const textEnd = m.index + m[0].indexOf('](');
      for (let j = found.length - 2; j >= 0; j--) if (found[j]!.kind === 'code' && found[j]!.at > m.index && found[j]!.at < textEnd) found.splice(j, 1);
    }
    const reference = REFERENCE.exec(rest)?.[1];
    if (reference) found.push({ kind: 'link', text: unwrap(reference), line, at: 0 });
    found.sort((a, b) => a.at - b.at);
    for (const { at: _at, ...mention } of found) mentions.push(mention);
  });
  return { mentions, anchors };
}

const unwrap = (target: string) => (target.startsWith('<') && target.endsWith('>') ? target.slice(1, -1) : target);

/** GitHub's heading anchor: the heading's text without markup, lower case, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
  const plain = heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
  return plain
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}
