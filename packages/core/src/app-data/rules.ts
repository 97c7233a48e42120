// The access rules of an app's backend: `sprout.data.json` at the project root, versioned with the
// code. Safe when nobody writes any: a collection the file does not declare lets every visitor see and
// change only their own documents. A file that does not parse is an error the run must fix, never an
// open door, so parsing reports problems instead of falling back to anything looser.

export const DATA_RULES_PATH = 'sprout.data.json';
export const ACCESS_LEVELS = ['anyone', 'signed-in', 'creator', 'nobody'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export const OPERATIONS = ['create', 'read', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];
export const FIELD_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldRule {
  type: FieldType;
  required?: boolean;
  /** Strings: most characters; arrays: most items. */
  maxLength?: number;
  min?: number;
  max?: number;
  /** Allowed values (strings or numbers). */
  enum?: (string | number)[];
}

export interface CollectionRules {
  create: AccessLevel;
  read: AccessLevel;
  update: AccessLevel;
  delete: AccessLevel;
  /** Declared fields; others are allowed unless `strict`. */
  fields: Record<string, FieldRule>;
  strict: boolean;
  /** Fields whose value no two documents may share (a booked slot). */
  unique: string[];
}

export interface DataRules {
  collections: Record<string, CollectionRules>;
}

export type RulesResult = { ok: true; rules: DataRules } | { ok: false; problems: string[] };

export const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
// Never "__proto__": assigned as a key it replaces an object's prototype instead of adding a field.
export const FIELD_NAME = /^(?!__proto__$)[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Fields the server sets on every document; a document may not carry them. */
export const SYSTEM_FIELDS = ['id', 'createdAt', 'updatedAt', 'createdBy'] as const;
export const MAX_COLLECTIONS = 100;

/** Rules of a collection the file does not declare: each visitor sees and changes only their own documents. */
export const DEFAULT_COLLECTION_RULES: Readonly<CollectionRules> = Object.freeze({
  create: 'anyone',
  read: 'creator',
  update: 'creator',
  delete: 'creator',
  fields: {},
  strict: false,
  unique: [],
});

export const NO_RULES: DataRules = { collections: {} };

/**
 * Sprout's own collection of an app's paid orders (docs/app-backend.md, "Payments"): written only by
 * Sprout when a payment is made or refunded, read by the project owner and by whoever paid. An app
 * cannot declare it, so no rules file can open it to others or let the app's code forge a payment.
 */
export const PAYMENTS_COLLECTION = 'payments';
export const PAYMENTS_RULES: Readonly<CollectionRules> = Object.freeze({
  create: 'nobody',
  read: 'creator',
  update: 'nobody',
  delete: 'nobody',
  fields: {},
  strict: false,
  unique: [],
});

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function parseField(name: string, raw: unknown, problems: string[]): FieldRule | null {
  const where = `field "${name}"`;
  if (typeof raw === 'string') raw = { type: raw };
  if (!isObject(raw)) return (problems.push(`${where}: must be a type name or an object with "type"`), null);
  const type = raw.type;
  if (typeof type !== 'string' || !(FIELD_TYPES as readonly string[]).includes(type)) {
    problems.push(`${where}: "type" must be one of ${FIELD_TYPES.join(', ')}`);
    return null;
  }
  const rule: FieldRule = { type: type as FieldType };
  for (const key of Object.keys(raw)) {
    if (!['type', 'required', 'maxLength', 'min', 'max', 'enum'].includes(key)) problems.push(`${where}: unknown key "${key}"`);
  }
  if (raw.required !== undefined) {
    if (typeof raw.required !== 'boolean') problems.push(`${where}: "required" must be true or false`);
    else rule.required = raw.required;
  }
  for (const key of ['maxLength', 'min', 'max'] as const) {
    if (raw[key] === undefined) continue;
    if (typeof raw[key] !== 'number' || !Number.isFinite(raw[key])) problems.push(`${where}: "${key}" must be a number`);
    else rule[key] = raw[key];
  }
  if (raw.enum !== undefined) {
    if (!Array.isArray(raw.enum) || raw.enum.length === 0 || !raw.enum.every((v) => typeof v === 'string' || typeof v === 'number'))
      problems.push(`${where}: "enum" must be a list of strings or numbers`);
    else rule.enum = raw.enum as (string | number)[];
  }
  return rule;
}

function parseCollection(name: string, raw: unknown, problems: string[]): CollectionRules | null {
  const where = `collection "${name}"`;
  if (!COLLECTION_NAME.test(name)) problems.push(`${where}: names start with a letter and use letters, digits, - and _ (64 at most)`);
  if (!isObject(raw)) return (problems.push(`${where}: must be an object`), null);
  const rules: CollectionRules = { ...DEFAULT_COLLECTION_RULES, fields: {}, unique: [] };
  for (const key of Object.keys(raw)) {
    if (![...OPERATIONS, 'fields', 'strict', 'unique'].includes(key)) problems.push(`${where}: unknown key "${key}"`);
  }
  for (const op of OPERATIONS) {
    const level = raw[op];
    if (level === undefined) continue;
    if (typeof level !== 'string' || !(ACCESS_LEVELS as readonly string[]).includes(level)) {
      problems.push(`${where}: "${op}" must be one of ${ACCESS_LEVELS.join(', ')} (got ${JSON.stringify(level)?.slice(0, 40)})`);
    } else rules[op] = level as AccessLevel;
  }
  if (raw.fields !== undefined) {
    if (!isObject(raw.fields)) problems.push(`${where}: "fields" must be an object`);
    else
      for (const [field, spec] of Object.entries(raw.fields)) {
        if (!FIELD_NAME.test(field) || (SYSTEM_FIELDS as readonly string[]).includes(field)) {
          problems.push(`${where}: "${field.slice(0, 64)}" is not a field name a document may have`);
          continue;
        }
        const parsed = parseField(field, spec, problems);
        if (parsed) rules.fields[field] = parsed;
      }
  }
  if (raw.strict !== undefined) {
    if (typeof raw.strict !== 'boolean') problems.push(`${where}: "strict" must be true or false`);
    else rules.strict = raw.strict;
  }
  if (raw.unique !== undefined) {
    if (!Array.isArray(raw.unique) || !raw.unique.every((f) => typeof f === 'string' && FIELD_NAME.test(f)))
      problems.push(`${where}: "unique" must be a list of field names`);
    else rules.unique = [...new Set(raw.unique as string[])];
  }
  return rules;
}

/** Parses the text of `sprout.data.json`; `null` (no file) means every collection has the default rules. */
export function parseDataRules(text: string | null | undefined): RulesResult {
  if (text === null || text === undefined) return { ok: true, rules: NO_RULES };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, problems: [`${DATA_RULES_PATH} is not valid JSON: ${(err as Error).message}`] };
  }
  if (!isObject(raw)) return { ok: false, problems: [`${DATA_RULES_PATH} must hold an object with "collections"`] };
  const problems: string[] = [];
  for (const key of Object.keys(raw)) if (key !== 'collections' && key !== '$schema') problems.push(`unknown key "${key}" (only "collections")`);
  const collections: Record<string, CollectionRules> = {};
  const declared = raw.collections ?? {};
  if (!isObject(declared)) problems.push('"collections" must be an object of collection names');
  else {
    const names = Object.keys(declared);
    if (names.length > MAX_COLLECTIONS) problems.push(`at most ${MAX_COLLECTIONS} collections`);
    for (const name of names.slice(0, MAX_COLLECTIONS)) {
      // Left out, not an error: an app that declared a "payments" collection before Sprout reserved the
      // name keeps the rest of its data open. The checks ask the model to remove it (declaresPayments).
      if (name === PAYMENTS_COLLECTION) continue;
      const parsed = parseCollection(name, declared[name], problems);
      if (parsed) collections[name] = parsed;
    }
  }
  return problems.length ? { ok: false, problems: problems.map((p) => `${DATA_RULES_PATH}: ${p}`) } : { ok: true, rules: { collections } };
}

export const PAYMENTS_DECLARED = `collection "${PAYMENTS_COLLECTION}" is Sprout's record of the app's payments: its rules cannot be set, so leave it out (it is ignored)`;

/** Whether a rules file declares the reserved payments collection (ignored by the backend, a check issue to fix). */
export function declaresPayments(text: string | null | undefined): boolean {
  if (!text) return false;
  try {
    const raw: unknown = JSON.parse(text);
    return isObject(raw) && isObject(raw.collections) && Object.hasOwn(raw.collections, PAYMENTS_COLLECTION);
  } catch {
    return false;
  }
}

/** The rules of one collection: declared, or the per-visitor default. */
export function collectionRules(rules: DataRules, name: string): CollectionRules {
  if (name === PAYMENTS_COLLECTION) return PAYMENTS_RULES;
  return Object.hasOwn(rules.collections, name) ? rules.collections[name]! : DEFAULT_COLLECTION_RULES;
}

/** Who is asking: the visitor (cookie), the app user if signed in, or the project owner from Sprout. */
export interface Actor {
  visitorId: string | null;
  userId: string | null;
  owner?: boolean;
}

/** The `createdBy` a new document gets. */
export function creatorOf(actor: Actor): string {
  return actor.userId ? `user:${actor.userId}` : `visitor:${actor.visitorId ?? 'unknown'}`;
}

/** Whether `actor` created a document with this `createdBy`. */
export function isCreator(actor: Actor, createdBy: string): boolean {
  return (!!actor.userId && createdBy === `user:${actor.userId}`) || (!!actor.visitorId && createdBy === `visitor:${actor.visitorId}`);
}

/**
 * Whether the level lets the actor act at all, before looking at a document: `creator` passes here
 * and is then checked per document (or, for lists, turned into a filter on `createdBy`).
 */
export function levelAllows(level: AccessLevel, actor: Actor): boolean {
  if (actor.owner) return true;
  if (level === 'anyone' || level === 'creator') return true;
  if (level === 'signed-in') return !!actor.userId;
  return false;
}

/** Whether the actor may do `op` to a document made by `createdBy`. */
export function mayAccess(level: AccessLevel, actor: Actor, createdBy: string): boolean {
  if (actor.owner) return true;
  if (level === 'creator') return isCreator(actor, createdBy);
  return levelAllows(level, actor);
}
