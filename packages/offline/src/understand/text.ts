// Text helpers shared by the prompt readers. Everything works on a normalised copy of the prompt so
// the patterns elsewhere only have to think about one spelling of quotes, dashes and spaces.

/** Lower case, straight quotes, plain hyphens, single spaces. */
export function normalise(text: string): string {
  return tidy(text).toLowerCase();
}

/**
 * Same as normalise but keeps the original case (for names the person typed). A blank line ends a
 * sentence, as a full stop would: an approved plan's answers come after the request in paragraphs
 * of their own ("…sets, reps and weight\n\nWho should see the workouts? Only me"), and a list of
 * fields must not run on into them.
 */
export function tidy(text: string): string {
  return text
    .replace(/([.!?;:])?[ \t]*(?:\r?\n[ \t]*){2,}/g, (_m, end: string | undefined) => `${end ?? '.'} `)
    .replace(/[\u2018\u2019\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201F]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

const SMALL = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

// Words people write in capitals, whatever case the prompt had them in ("wedding rsvp" → "Wedding RSVP").
const ACRONYMS = new Set([
  'ai',
  'api',
  'b2b',
  'b2c',
  'bbq',
  'bmi',
  'crm',
  'csv',
  'diy',
  'dj',
  'faq',
  'hr',
  'id',
  'kpi',
  'mvp',
  'pdf',
  'qr',
  'rsvp',
  'seo',
  'sms',
  'ui',
  'url',
  'ux',
  'vip',
]);

/** "creative agency" → "Creative Agency"; small words stay lower case except at the start; acronyms in capitals. */
export function titleCase(text: string): string {
  return text
    .split(' ')
    .filter(Boolean)
    .map((w, i) => {
      const lower = w.toLowerCase();
      const bare = lower.replace(/[^a-z0-9]/g, '');
      if (ACRONYMS.has(bare)) return w.replace(/[a-z]+/gi, (part) => part.toUpperCase());
      return i > 0 && SMALL.has(lower) ? lower : w.charAt(0).toUpperCase() + w.slice(1);
    })
    .join(' ');
}

/** "to do" → "To do": only the first letter raised (for labels such as column names). */
export function sentenceCase(text: string): string {
  const t = text.trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** A list as people write it: "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[], word = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
}

/** Splits "a, b and c" / "a/b/c" / "a, b, or c" into trimmed items. */
export function splitList(text: string): string[] {
  return text
    .split(/\s*(?:,|\/|;|\band\b|\bor\b|&|\+)\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** An identifier-like slug: "In review" → "in-review". */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'item'
  );
}

/** A camelCase identifier safe for object keys: "due date" → "dueDate". */
export function camel(text: string): string {
  const parts = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const id = parts.map((p, i) => (i === 0 ? p : p.charAt(0).toUpperCase() + p.slice(1))).join('');
  return /^[a-z]/.test(id) ? id.slice(0, 40) : `field${id}`.slice(0, 40);
}
