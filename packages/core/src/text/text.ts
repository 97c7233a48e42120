const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Replaces lone UTF-16 surrogates with U+FFFD. encodeURIComponent throws on them, and they can
 * arrive from any text field, so anything we put in a URL goes through this first.
 */
export function toWellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** encodeURIComponent that never throws. */
export function encodeQueryValue(text: string): string {
  return encodeURIComponent(toWellFormed(text));
}

// Zero-width and BOM characters are invisible, so text made only of them reads as blank.
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;

export function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '').trim() === '';
}

/** C0 and C1 control characters, including DEL. */
export const CONTROL_CHARS = /[\u0000-\u001F\u007F-\u009F]/;

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Text from an HTML page (a title, an attribute) as the browser shows it: the common named entities decoded. */
export function decodeHtmlText(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => HTML_ENTITIES[name]!);
}
