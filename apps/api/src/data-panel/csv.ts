import type { AppDocument } from '@sprout/core/contract';

// A collection as CSV for a spreadsheet (RFC 4180). Documents are free-form JSON, so the columns
// are the server's fields followed by every top-level field any document has, in first-seen order.

const SYSTEM_COLUMNS = ['id', 'createdAt', 'updatedAt', 'createdBy'] as const;

/**
 * Spreadsheets run a cell that starts with one of these as a formula (CSV injection): a visitor of
 * the app could otherwise plant `=HYPERLINK(...)` in the owner's spreadsheet. A leading ' makes it text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return FORMULA_START.test(value) ? `'${value}` : value;
  // A JSON number prints as a plain numeric literal (-5, 1e+21): a spreadsheet reads it as a number, never as a formula.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  return FORMULA_START.test(json) ? `'${json}` : json;
}

function cell(value: unknown): string {
  const t = text(value);
  return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

/** The columns of a collection's CSV. */
export function csvColumns(docs: readonly AppDocument[]): string[] {
  const fields = new Set<string>();
  for (const doc of docs) for (const key of Object.keys(doc.data)) fields.add(key);
  return [...SYSTEM_COLUMNS, ...[...fields].filter((f) => !(SYSTEM_COLUMNS as readonly string[]).includes(f))];
}

/** The whole file: a byte-order mark (Excel reads UTF-8 only with it), a header line, one line per document. */
export function documentsToCsv(docs: readonly AppDocument[]): string {
  const columns = csvColumns(docs);
  const lines = [columns.map(cell).join(',')];
  for (const doc of docs) {
    const row: Record<string, unknown> = { ...doc.data, id: doc.id, createdAt: doc.createdAt, updatedAt: doc.updatedAt, createdBy: doc.createdBy };
    lines.push(columns.map((c) => cell(row[c])).join(','));
  }
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
