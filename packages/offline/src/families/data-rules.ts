// The access rules a generated app ships in `sprout.data.json` (docs/app-backend.md): written only
// when a collection must differ from the per-visitor default, i.e. when visitors share data or may
// not read back what they sent. Form fields become string rules with the form's own `required`, so
// the backend refuses what the form would have refused.

import { DATA_RULES_PATH, FIELD_NAME, SYSTEM_FIELDS, type AccessLevel, type FieldRule } from '@sprout/core';
import type { FieldSpec } from '../understand/fields';
import type { FamilyId } from '../understand/families';
import type { GeneratedFile } from './source';

export interface CollectionSpec {
  create: AccessLevel;
  read: AccessLevel;
  update: AccessLevel;
  delete: AccessLevel;
  fields?: Record<string, FieldRule>;
  strict?: boolean;
  unique?: string[];
}

/** Sent by anyone, read only by the project owner in Sprout's Data panel (forms, bookings, waitlists). */
export const INBOX = { create: 'anyone', read: 'nobody', update: 'nobody', delete: 'nobody' } as const;
/** Shared by the app's signed-in users; only whoever added a document may delete it. */
export const TEAM = { create: 'signed-in', read: 'signed-in', update: 'signed-in', delete: 'creator' } as const;

/** A form field as the generated apps describe it (their `Field`: also `select` in records apps). */
type FormField = Pick<FieldSpec, 'name' | 'required'> & { type: string };

// Long enough for any real answer, short enough that a form cannot be used to store files.
const maxLength = (f: Pick<FormField, 'type'>) => (f.type === 'textarea' ? 2000 : 300);

/** A form field's rule: form values are strings; required as the form requires it. */
export function formFieldRule(f: Pick<FormField, 'type' | 'required'>): FieldRule {
  return { type: 'string', ...(f.required ? { required: true } : {}), maxLength: maxLength(f) };
}

/** A composed app's field (collection/model.ts): numbers and ratings saved as numbers, checkboxes as booleans. */
export function recordFieldRule(f: Pick<FormField, 'type' | 'required'>): FieldRule {
  if (f.type === 'number' || f.type === 'rating') return { type: 'number' };
  if (f.type === 'checkbox') return { type: 'boolean' };
  return formFieldRule(f);
}

/**
 * Whether a form field can have a rule: a name the rules file accepts and not one the server sets
 * (a field called "id" would make the whole file invalid; it is simply left undeclared).
 */
export const declarable = (name: string) => FIELD_NAME.test(name) && !(SYSTEM_FIELDS as readonly string[]).includes(name);

export function formFieldRules(fields: readonly FormField[]): Record<string, FieldRule> {
  return Object.fromEntries(fields.filter((f) => declarable(f.name)).map((f) => [f.name, formFieldRule(f)]));
}

/** The rules file: the JSON the backend parses, two-space indented so follow-ups can edit it by line. */
export function dataRulesFile(collections: Record<string, CollectionSpec>): GeneratedFile {
  return { path: DATA_RULES_PATH, content: `${JSON.stringify({ collections }, null, 2)}\n` };
}

/**
 * The collection that stores a form's values, by the name of its field list in config.ts, so that
 * adding or removing a form field keeps the rules in step (a removed required field would
 * otherwise make every submission fail). `reserved`: the app's own fields of that collection, which
 * a form field of the same name must not change. Null: the list's values are not declared one by one.
 */
export function formCollection(family: FamilyId | undefined, list: string, config: string): { name: string; reserved: string[]; typed?: boolean } | null {
  if (list === 'bookingFields' && family === 'scheduler') return { name: 'bookings', reserved: ['slot'] };
  if (list === 'bookingFields' && family === 'landing') return { name: 'requests', reserved: [] };
  const records =
    list === 'fields' && (family === 'b2b' || family === 'internal' || family === 'collection')
      ? /^export const collection = '([^']+)';$/m.exec(config)?.[1]
      : undefined;
  return records ? { name: records, reserved: [], ...(family === 'collection' ? { typed: true } : {}) } : null;
}
