// A form field added or removed in config.ts, mirrored in sprout.data.json: the backend checks each
// submission against the rules, so they must describe the form the app now has.

import { DATA_RULES_PATH } from '@sprout/core';
import type { EditAction } from '@sprout/engine/protocol';
import { readMarker } from '../families/common';
import { declarable, formCollection, formFieldRule, recordFieldRule } from '../families/data-rules';
import type { FieldSpec } from '../understand/fields';
import { diffChange } from './edit-text';

type FieldChange = { add: Pick<FieldSpec, 'name' | 'required'> & { type: string } } | { remove: string } | { rename: { from: string; to: string } };

/** The edit of sprout.data.json for a change to the field list `list`, or null when it needs none. */
export function rulesForFieldChange(files: ReadonlyMap<string, string>, list: string, change: FieldChange): EditAction | null {
  const config = files.get('client/src/config.ts') ?? '';
  const collection = formCollection(readMarker(config)?.family, list, config);
  const text = files.get(DATA_RULES_PATH);
  const name = 'add' in change ? change.add.name : 'remove' in change ? change.remove : change.rename.from;
  if (!collection || !text || collection.reserved.includes(name)) return null;
  let rules: { collections?: Record<string, { fields?: Record<string, unknown> }> };
  try {
    rules = JSON.parse(text) as typeof rules;
  } catch {
    // Not ours to repair here: the engine's checks report a rules file that does not parse.
    return null;
  }
  const fields = rules.collections?.[collection.name]?.fields;
  if (!fields) return null;
  if ('add' in change) {
    // Already declared (by hand, or by the app itself): left as it is.
    if (!declarable(name) || name in fields) return null;
    fields[name] = collection.typed ? recordFieldRule(change.add) : formFieldRule(change.add);
  } else if ('rename' in change) {
    const { to } = change.rename;
    if (!(name in fields) || !declarable(to) || to in fields || collection.reserved.includes(to)) return null;
    // The rule keeps its place among the others, so the diff is one line.
    const renamed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k === name ? to : k, v]));
    rules.collections![collection.name]!.fields = renamed;
  } else if (name in fields) delete fields[name];
  else return null;
  return diffChange(DATA_RULES_PATH, text, `${JSON.stringify(rules, null, 2)}\n`);
}
