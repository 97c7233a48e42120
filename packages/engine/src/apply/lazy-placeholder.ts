// A "lazy" write replaces a file with an abbreviation of it: the model meant "keep what was there"
// but applying it would delete that code. Such writes are not applied; the model is asked again.

const COMMENT = /^\s*(?:\/\/|\/\*|\{\s*\/\*|<!--|\*)\s*(.*?)\s*(?:\*\/\s*\}?|-->)?\s*$/;
const ELLIPSIS = /(?:\.\.\.|…)/;
const WITH_ELLIPSIS = /\b(?:rest|existing|unchanged|same|previous|remaining|other|omitted|more|here|code|content|as before|etc)\b/i;
const STRONG = [
  /\brest of (?:the )?(?:code|file|component|implementation|app|styles?|functions?|logic|jsx|markup)\b/i,
  /\bexisting (?:code|implementation|imports|logic|functions?|components?|styles?|content|jsx|markup)\b/i,
  /\b(?:code|file|component|everything else|all else|the rest|implementation) (?:remains?|stays?|is|are) (?:the same|unchanged|as (?:before|is))\b/i,
  /\b(?:unchanged|same as before|as before)\s*$/i,
  /\bkeep (?:the )?(?:rest|existing)\b/i,
];

/** The first placeholder line of `content`, or null. A line that was already in `previous` does not count. */
export function findLazyPlaceholder(content: string, previous?: string): string | null {
  const before = previous ? new Set(previous.split('\n').map((l) => l.trim())) : null;
  for (const line of content.split('\n')) {
    const m = COMMENT.exec(line);
    if (!m) continue;
    const text = m[1] ?? '';
    const lazy = (ELLIPSIS.test(text) && (WITH_ELLIPSIS.test(text) || text.replace(/[.…\s]/g, '') === '')) || STRONG.some((re) => re.test(text));
    if (lazy && !before?.has(line.trim())) return line.trim();
  }
  return null;
}
