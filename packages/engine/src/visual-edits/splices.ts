// A visual edit is a set of splices at offsets the syntax tree gave: the rest of the file stays byte
// for byte as it was. The new text is written in the form the place needs (JSX text, a JSX attribute,
// a JavaScript string in the literal's own quotes), so a value can never end the literal early.

export interface Splice {
  start: number;
  end: number;
  text: string;
  /** Which edit asked for it, for the refusal when two splices overlap. */
  edit: number;
}

/**
 * The code with every splice applied, or the edit whose splice overlaps an earlier one. Insertions at
 * the same offset keep the order they were made in.
 */
export function applySplices(code: string, splices: readonly Splice[]): { ok: true; code: string } | { ok: false; edit: number } {
  const sorted = splices.map((s, order) => ({ ...s, order })).sort((a, b) => a.start - b.start || a.end - b.end || a.order - b.order);
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1]!, sorted[i]!];
    if (b.start < a.end) return { ok: false, edit: Math.max(a.edit, b.edit) };
  }
  let out = code;
  for (let i = sorted.length - 1; i >= 0; i--) {
    const s = sorted[i]!;
    out = out.slice(0, s.start) + s.text + out.slice(s.end);
  }
  return { ok: true, code: out };
}

/** A JavaScript string literal in the quote the source used (JSON's escapes, which JavaScript reads the same). */
export function jsString(value: string, quote: string): string {
  const json = JSON.stringify(value);
  if (quote !== "'") return json;
  const inner = json.slice(1, -1).replace(/\\.|'/g, (m) => (m === '\\"' ? '"' : m === "'" ? "\\'" : m));
  return `'${inner}'`;
}

/** The text of a template literal with no placeholders: a backtick or `${` in the value stays text. */
export const templateText = (value: string) => value.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');

/**
 * A JSX attribute value: quoted when JSX reads the quoted text back as it is, else a braced
 * JavaScript string (a quote would end it; `&name;` would be read as an entity, while a lone `&`, as
 * in `[&_svg]:size-4`, is plain text).
 */
export const jsxAttributeValue = (value: string, quote = '"') =>
  value.includes(quote) || /&[^\s&;]*;/.test(value) ? `{${JSON.stringify(value)}}` : `${quote}${value}${quote}`;

/**
 * Text as a JSX child: plain when JSX would show it as it is, else a braced string (braces and angle
 * brackets are syntax, `&` starts an entity, and JSX drops spaces at the edges of a line).
 */
export const jsxChildText = (value: string) => (value === '' || /[{}<>&]/.test(value) || /^\s|\s$/.test(value) ? `{${JSON.stringify(value)}}` : value);
