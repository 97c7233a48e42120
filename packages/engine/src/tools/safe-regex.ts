/**
 * A regular expression from a model, or why it is refused. Its cost is bounded: at most 200
 * characters, no backreferences or lookbehind, and no repeated group that itself repeats or has
 * alternatives (`(a+)+`, `(a|aa)*`: the patterns whose matching time grows exponentially). The
 * search also matches each line's first 1,000 characters only and stops after its time budget.
 */
const MAX_PATTERN_LENGTH = 200;

export function safeRegex(pattern: string, ignoreCase: boolean): RegExp | string {
  if (pattern.length > MAX_PATTERN_LENGTH) return `The pattern is longer than ${MAX_PATTERN_LENGTH} characters.`;
  if (/\\[1-9]|\\k</.test(pattern)) return 'Backreferences are not allowed.';
  if (/\(\?<[=!]/.test(pattern)) return 'Lookbehind is not allowed.';
  const risky = riskyGroup(pattern);
  if (risky) return risky;
  try {
    return new RegExp(pattern, ignoreCase ? 'i' : '');
  } catch (err) {
    return `Not a valid regular expression: ${err instanceof Error ? err.message : String(err)}`;
  }
}

const QUANTIFIER = /^(?:[*+?]|\{\d*,?\d*\})/;

/** A repeated group that repeats inside or has alternatives, or null. */
function riskyGroup(pattern: string): string | null {
  // Per open group: whether it holds a quantifier or an alternative.
  const open: { repeats: boolean; alternatives: boolean }[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') {
      open.push({ repeats: false, alternatives: false });
      // (?:…), (?=…), (?!…), (?<name>…): the group's prefix is not a quantifier.
      const prefix = /^\?(?:[:=!]|<[A-Za-z_$][\w$]*>)/.exec(pattern.slice(i + 1));
      if (prefix) i += prefix[0].length;
    } else if (c === '|' && open.length) open.at(-1)!.alternatives = true;
    else if (c === ')') {
      const group = open.pop();
      if (!group) continue;
      const repeated = QUANTIFIER.test(pattern.slice(i + 1)) && pattern[i + 1] !== '?';
      if (repeated && (group.repeats || group.alternatives))
        return 'A repeated group may not repeat inside or have alternatives (it could take very long to match).';
      // What it holds repeats for the group around it too.
      if (open.length && (group.repeats || repeated)) open.at(-1)!.repeats = true;
    } else if (QUANTIFIER.test(pattern.slice(i)) && open.length) open.at(-1)!.repeats = true;
  }
  return null;
}
