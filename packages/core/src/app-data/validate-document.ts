import { type CollectionRules, FIELD_NAME, type FieldRule, SYSTEM_FIELDS } from './rules';

/** The largest document, as JSON. */
export const MAX_DOCUMENT_BYTES = 64 * 1024;
const MAX_DEPTH = 16;

export type DocumentCheck = { ok: true; data: Record<string, unknown> } | { ok: false; problems: string[] };

function depthOf(value: unknown, depth = 0): number {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return depth;
  let deepest = depth;
  for (const v of Object.values(value)) deepest = Math.max(deepest, depthOf(v, depth + 1));
  return deepest;
}

function typeProblem(name: string, rule: FieldRule, value: unknown): string | null {
  const ok =
    rule.type === 'string'
      ? typeof value === 'string'
      : rule.type === 'number'
        ? typeof value === 'number' && Number.isFinite(value)
        : rule.type === 'integer'
          ? Number.isInteger(value)
          : rule.type === 'boolean'
            ? typeof value === 'boolean'
            : rule.type === 'array'
              ? Array.isArray(value)
              : value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!ok) return `"${name}" must be ${rule.type === 'integer' || rule.type === 'array' || rule.type === 'object' ? 'an' : 'a'} ${rule.type}`;
  if (rule.maxLength !== undefined && (typeof value === 'string' || Array.isArray(value)) && value.length > rule.maxLength)
    return `"${name}" is longer than ${rule.maxLength}`;
  if (typeof value === 'number') {
    if (rule.min !== undefined && value < rule.min) return `"${name}" must be at least ${rule.min}`;
    if (rule.max !== undefined && value > rule.max) return `"${name}" must be at most ${rule.max}`;
  }
  if (rule.enum && !rule.enum.includes(value as string | number)) return `"${name}" must be one of ${rule.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  return null;
}

/**
 * Checks a whole document (after a patch is merged) against its collection's fields: plain JSON,
 * no system fields, within the size and depth limits, declared fields of the right type.
 */
export function validateDocument(rules: CollectionRules, input: unknown): DocumentCheck {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return { ok: false, problems: ['A document must be a JSON object.'] };
  const data = input as Record<string, unknown>;
  const problems: string[] = [];
  const size = new TextEncoder().encode(JSON.stringify(data)).length;
  if (size > MAX_DOCUMENT_BYTES) problems.push(`The document is too large (${Math.ceil(size / 1024)} KB; at most ${MAX_DOCUMENT_BYTES / 1024} KB).`);
  if (depthOf(data) > MAX_DEPTH) problems.push(`The document is nested too deeply (at most ${MAX_DEPTH} levels).`);
  for (const key of Object.keys(data)) {
    if ((SYSTEM_FIELDS as readonly string[]).includes(key)) problems.push(`"${key}" is set by the server.`);
    else if (!FIELD_NAME.test(key)) problems.push(`"${key.slice(0, 64)}" is not a field name (letters, digits and _, starting with a letter or _).`);
    else if (rules.strict && !Object.hasOwn(rules.fields, key)) problems.push(`"${key}" is not a field of this collection.`);
  }
  for (const [name, rule] of Object.entries(rules.fields)) {
    const value = data[name];
    if (value === undefined || value === null) {
      if (rule.required) problems.push(`"${name}" is required.`);
      continue;
    }
    const problem = typeProblem(name, rule, value);
    if (problem) problems.push(`${problem}.`);
  }
  return problems.length ? { ok: false, problems } : { ok: true, data };
}
