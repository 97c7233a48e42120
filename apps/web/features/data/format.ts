import type { AppDocument } from '@sprout/core/contract';

// How the Data panel shows an app's documents: free-form JSON, so the table's columns are worked
// out from the documents themselves, and every value is cut to fit a cell.

/** The fields the server sets on every document; an edited document may not carry them. */
const SYSTEM_FIELDS = ['id', 'createdAt', 'updatedAt', 'createdBy'];

/** The table's data columns: every top-level field any of the documents has, in first-seen order (at most `max`). */
export function documentColumns(docs: readonly AppDocument[], max = 12): { columns: string[]; hidden: number } {
  const seen = new Set<string>();
  for (const doc of docs) for (const key of Object.keys(doc.data)) seen.add(key);
  const all = [...seen];
  return { columns: all.slice(0, max), hidden: Math.max(0, all.length - max) };
}

/**
 * A field's key as a column heading people read: `guestsGiveTheirName` → "Guests give their name",
 * `dietary_needs` → "Dietary needs", `rsvpURL` → "Rsvp URL". The key itself stays on the heading's hover.
 */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    // A word in capitals (an acronym) keeps them; the others are lower case after the first.
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()));
  if (words.length === 0) return key;
  const [first, ...rest] = words;
  return [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest].join(' ');
}

/** A value as one short line for a table cell; empty for a field the document does not have. */
export function cellText(value: unknown, max = 60): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const line = text.replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * Who made a document, short: the app user's email when known, else "User a1b2c3" or
 * "Visitor a1b2c3" (an anonymous visitor, kept the same by a cookie); "You" for what the owner added
 * in the preview, where they are one visitor on every device (`visitor:owner-<their id>`).
 */
export function creatorLabel(createdBy: string, emails?: ReadonlyMap<string, string>): string {
  const [kind, id = ''] = createdBy.split(/:(.*)/s);
  if (kind === 'user') return emails?.get(id) ?? `User ${id.slice(0, 6)}`;
  if (kind === 'visitor') return id.startsWith('owner-') ? 'You' : `Visitor ${id.slice(0, 6)}`;
  return cellText(createdBy, 20);
}

export type ParsedDocument = { ok: true; data: Record<string, unknown> } | { ok: false; problem: string };

/** The edit box's text as a document's data, or what is wrong with it (the server checks the collection's rules). */
export function parseDocumentText(text: string): ParsedDocument {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, problem: `This is not valid JSON: ${(err as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, problem: 'A document is a JSON object: { "field": value, … }.' };
  const system = Object.keys(value).filter((k) => SYSTEM_FIELDS.includes(k));
  if (system.length)
    return { ok: false, problem: `Leave out ${system.map((f) => `"${f}"`).join(', ')}: the server sets ${system.length > 1 ? 'them' : 'it'}.` };
  return { ok: true, data: value as Record<string, unknown> };
}

/** A document's data as the edit box and the viewer show it. */
export const prettyJson = (value: unknown): string => JSON.stringify(value, null, 2);

/** "12.3 KB" for the usage line. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
}

/** The collection to show: the one chosen while it is still there, else the first holding documents, else the first. */
export function pickCollection(collections: readonly { name: string; documents: number }[], chosen: string | null): string | null {
  if (chosen && collections.some((c) => c.name === chosen)) return chosen;
  return (collections.find((c) => c.documents > 0) ?? collections[0])?.name ?? null;
}
