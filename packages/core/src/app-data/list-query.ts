import { FIELD_NAME } from './rules';

// A list query of an app's backend (GET /_sprout/v1/collections/:name): equality and range filters
// on top-level fields, one sort field, cursor pagination. Parsed into a closed shape the database layer
// turns into parameters: no field or operator reaches SQL as text.

export const FILTER_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export type Scalar = string | number | boolean | null;
export interface Filter {
  field: string;
  op: FilterOp;
  value: Scalar | Scalar[];
}
/** Sort by a document field, or by the server's `createdAt` / `updatedAt`. */
export interface ListQuery {
  where: Filter[];
  orderBy: string;
  desc: boolean;
  limit: number;
  after: Cursor | null;
}
export interface Cursor {
  /** The sort value of the last document of the previous page (JSON), and its id. */
  value: unknown;
  id: string;
}

export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 200;
const MAX_FILTERS = 10;
const MAX_IN = 100;
export const SORTABLE_SYSTEM_FIELDS = ['createdAt', 'updatedAt'] as const;

// What a time cursor holds: the database's text form of a timestamp (`2026-11-29 08:00:00.123+00`) or
// ISO 8601, with every field in range (the database refuses a 30 February that JavaScript rolls over).
const TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?\d{2})?)?$/;

function isTime(value: unknown): boolean {
  const m = typeof value === 'string' ? TIME.exec(value) : null;
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59 && Number(m[7] ?? 0) <= 15;
}

export type ListQueryResult = { ok: true; query: ListQuery } | { ok: false; problem: string };

const isScalar = (v: unknown): v is Scalar => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

function parseWhere(raw: unknown): Filter[] | string {
  if (raw === undefined || raw === null || raw === '') return [];
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return '"where" must be JSON, like {"status":"open"}.';
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return '"where" must be an object of field names.';
  const filters: Filter[] = [];
  for (const [field, condition] of Object.entries(value)) {
    if (!FIELD_NAME.test(field) && field !== 'createdBy') return `"${field.slice(0, 64)}" is not a field you can filter on.`;
    if (isScalar(condition)) {
      filters.push({ field, op: 'eq', value: condition });
      continue;
    }
    if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) return `The filter on "${field}" must be a value or {"gt": value, …}.`;
    for (const [op, operand] of Object.entries(condition)) {
      if (!(FILTER_OPS as readonly string[]).includes(op)) return `Unknown filter "${op.slice(0, 20)}" on "${field}" (use ${FILTER_OPS.join(', ')}).`;
      if (op === 'in') {
        if (!Array.isArray(operand) || operand.length > MAX_IN || !operand.every(isScalar))
          return `"in" on "${field}" takes a list of at most ${MAX_IN} values.`;
      } else if (!isScalar(operand)) return `"${op}" on "${field}" takes a string, number, true, false or null.`;
      filters.push({ field, op: op as FilterOp, value: operand as Scalar | Scalar[] });
    }
  }
  if (filters.length > MAX_FILTERS) return `At most ${MAX_FILTERS} filters.`;
  return filters;
}

function toBase64url(text: string): string {
  let binary = '';
  for (const b of new TextEncoder().encode(text)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeCursor(cursor: Cursor): string {
  return toBase64url(JSON.stringify([cursor.value, cursor.id]));
}

function decodeCursor(text: string): Cursor | null {
  if (text.length > 2000) return null;
  try {
    const parsed = JSON.parse(fromBase64url(text)) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[1] !== 'string' || !isScalar(parsed[0])) return null;
    return { value: parsed[0], id: parsed[1] };
  } catch {
    return null;
  }
}

/** Parses the query string of a list (values as sent: strings, or already-typed from JSON). */
export function parseListQuery(input: { where?: unknown; orderBy?: unknown; desc?: unknown; limit?: unknown; after?: unknown }): ListQueryResult {
  const where = parseWhere(input.where);
  if (typeof where === 'string') return { ok: false, problem: where };
  const orderBy = input.orderBy === undefined || input.orderBy === '' ? 'createdAt' : input.orderBy;
  if (typeof orderBy !== 'string' || !(FIELD_NAME.test(orderBy) || (SORTABLE_SYSTEM_FIELDS as readonly string[]).includes(orderBy)))
    return { ok: false, problem: '"orderBy" must be a field name.' };
  const desc = input.desc === true || input.desc === 'true' || input.desc === '1';
  if (input.desc !== undefined && !desc && !(input.desc === false || input.desc === 'false' || input.desc === '0' || input.desc === ''))
    return { ok: false, problem: '"desc" must be true or false.' };
  const limit = input.limit === undefined || input.limit === '' ? DEFAULT_LIST_LIMIT : Number(input.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT)
    return { ok: false, problem: `"limit" must be a whole number from 1 to ${MAX_LIST_LIMIT}.` };
  let after: Cursor | null = null;
  if (input.after !== undefined && input.after !== '') {
    after = typeof input.after === 'string' ? decodeCursor(input.after) : null;
    // A cursor of a time order holds a time: anything else is one this server never gave out.
    const timeOrder = (SORTABLE_SYSTEM_FIELDS as readonly string[]).includes(orderBy);
    if (after && timeOrder && !isTime(after.value)) after = null;
    if (!after) return { ok: false, problem: '"after" is not a cursor this server gave out.' };
  }
  return { ok: true, query: { where, orderBy, desc, limit, after } };
}
