// "Add a company field", "remove the phone field": forms in generated apps are lists of fields in
// config.ts (bookingFields, requestFields, cardFields, fields), so a field is one line of data.

import { literal } from '../families/literal';
import type { FieldSpec } from '../understand/fields';
import { normalise } from '../understand/text';
import { diffChange } from './edit-text';
import type { EditResult } from './look';
import { readMarker } from '../families/common';
import { checksWithoutField } from './checks';
import { rulesForFieldChange } from './rules';

const CONFIG = 'client/src/config.ts';

interface FieldList {
  name: string;
  /** The whole `export const x: Field[] = [ … ];` text. */
  text: string;
}

function fieldLists(config: string): FieldList[] {
  return [...config.matchAll(/^export const (\w+): Field\[\] = \[\n[\s\S]*?\n\];$/gm)].map((m) => ({ name: m[1]!, text: m[0] }));
}

// Which list a form word means: "booking form" → bookingFields, "cards" → cardFields…
const FORM_WORDS: Record<string, RegExp> = {
  bookingFields: /book|enquir|inquir|order|contact|sign|call|consult|appointment|reserv|form/,
  requestFields: /request|change/,
  cardFields: /card|task/,
  fields: /record|table|row|client|deal|ticket|item|order|hire|job|post/,
};

function pickList(lists: FieldList[], form: string | null): FieldList | undefined {
  if (form) {
    const hit = lists.find((l) => FORM_WORDS[l.name]?.test(normalise(form)));
    if (hit) return hit;
  }
  return lists[0];
}

const label = (l: FieldList) =>
  ({ bookingFields: 'the form', requestFields: 'the request form', cardFields: 'the cards', fields: 'the records' })[l.name] ?? 'the form';

/** A field to add: a generated form's (FieldSpec) or a composed app's (with ratings and checkboxes). */
type NewField = Pick<FieldSpec, 'name' | 'label' | 'placeholder'> & { type: string; required?: boolean; unit?: string; options?: string[] };

export function addField(files: ReadonlyMap<string, string>, field: NewField, form: string | null): EditResult {
  const config = files.get(CONFIG);
  const list = config ? pickList(fieldLists(config), form) : undefined;
  if (!config || !list) return { changes: [], message: 'This app has no form I can add fields to offline.', done: false };
  if (list.text.includes(`name: '${field.name}'`))
    return {
      changes: [],
      message: `${label(list)[0]!.toUpperCase()}${label(list).slice(1)} already ${list.name === 'cardFields' ? 'have' : 'has'} a ${field.label.toLowerCase()} field.`,
      done: false,
    };
  // Added later, a field is optional: entries made before it, and the app's behaviour checks, stay valid.
  const line = `  ${literal({ ...field, required: false }, '  ', 160)},`;
  let next = config.replace(list.text, list.text.replace(/\n\];$/, `\n${line}\n];`));
  // Records tables show the columns listed in display.columns: show the new field there too.
  if (list.name === 'fields') {
    next = next.replace(/(export const display = \{[\s\S]*?columns: )\[([^\]]*)\]/, (_m, head: string, cols: string) => {
      const names = [...cols.matchAll(/'([^']*)'/g)].map((c) => c[1]!);
      return `${head}[${[...names, field.name].map((n) => `'${n}'`).join(', ')}]`;
    });
  }
  const change = diffChange(CONFIG, config, next);
  const rules = change ? rulesForFieldChange(files, list.name, { add: { ...field, required: false } }) : null;
  return {
    changes: [change, rules].filter((c) => c !== null),
    message: `Added a **${field.label}** field (${field.type}) to ${label(list)}${rules ? ' and to its rules in sprout.data.json' : ''}.`,
    done: !!change,
  };
}

export function removeField(files: ReadonlyMap<string, string>, words: string, form: string | null): EditResult {
  const config = files.get(CONFIG);
  const lists = config ? fieldLists(config) : [];
  const wanted = normalise(words).replace(/^(?:the|a|an)\s+/, '');
  const ordered = [pickList(lists, form), ...lists].filter((l): l is FieldList => !!l);
  for (const list of ordered) {
    const line = list.text.split('\n').find((l) => {
      const m = /name: '([^']+)', label: '([^']+)'/.exec(l);
      return m && (normalise(m[1]!) === wanted.replace(/\s+/g, '') || normalise(m[2]!).includes(wanted));
    });
    if (!line) continue;
    const fieldLabel = /label: '((?:[^'\\]|\\.)*)'/.exec(line)?.[1] ?? '';
    // A composed app names each record by its first field: without it there is nothing to list.
    if (list.name === 'fields' && readMarker(config)?.family === 'collection' && list.text.split('\n')[1] === line)
      return { changes: [], message: `Each record is named by its ${fieldLabel.toLowerCase()}, so I kept that field.`, done: false };
    const next = config!.replace(list.text, list.text.replace(`${line}\n`, ''));
    const change = diffChange(CONFIG, config!, next);
    const name = /name: '([^']+)'/.exec(line)![1]!;
    const rules = change ? rulesForFieldChange(files, list.name, { remove: name }) : null;
    return {
      changes: [
        change,
        rules,
        ...(change ? checksWithoutField(files, { label: fieldLabel, placeholder: /placeholder: '((?:[^'\\]|\\.)*)'/.exec(line)?.[1] }) : []),
      ].filter((c) => c !== null),
      message: `Removed the ${wanted} field from ${label(list)}${rules ? ' and from its rules in sprout.data.json' : ''}.`,
      done: !!change,
    };
  }
  return { changes: [], message: `I could not find a “${wanted}” field in this app.`, done: false };
}
