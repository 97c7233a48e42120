// "Add a company field", "remove the phone field": forms in generated apps are lists of fields in
// config.ts (bookingFields, requestFields, cardFields, fields), so a field is one line of data.

import { literal } from '../families/literal';
import type { FieldSpec } from '../understand/fields';
import { normalise, sentenceCase } from '../understand/text';
import { diffChange } from './edit-text';
import type { EditResult } from './look';
import { readMarker } from '../families/common';
import { checksWithoutField } from './checks';
import { rulesForFieldChange } from './rules';
import { boardColumnAnswer } from './board-columns';

export const CONFIG = 'client/src/config.ts';

export interface FieldList {
  name: string;
  /** The whole `export const x: Field[] = [ … ];` text. */
  text: string;
}

export function fieldLists(config: string): FieldList[] {
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

export const label = (l: FieldList) =>
  ({ bookingFields: 'the form', requestFields: 'the request form', cardFields: 'the cards', fields: 'the records' })[l.name] ?? 'the form';

/** "The form already has a size field." / "The cards already have a size field." */
export const alreadyHas = (list: FieldList, fieldLabel: string) =>
  `${sentenceCase(label(list))} already ${/s$/.test(label(list)) ? 'have' : 'has'} ${/^[aeiou]/i.test(fieldLabel) ? 'an' : 'a'} ${fieldLabel.toLowerCase()} field.`;

/** A field to add: a generated form's (FieldSpec) or a composed app's (with ratings and checkboxes). */
type NewField = Pick<FieldSpec, 'name' | 'label' | 'placeholder'> & { type: string; required?: boolean; unit?: string; options?: string[] };

export function addField(files: ReadonlyMap<string, string>, field: NewField, form: string | null): EditResult {
  const config = files.get(CONFIG);
  const list = config ? pickList(fieldLists(config), form) : undefined;
  if (!config || !list) return { changes: [], message: 'This app has no form I can add fields to offline.', done: false };
  if (list.text.includes(`name: '${field.name}'`))
    return {
      changes: [],
      message: alreadyHas(list, field.label),
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

/** One field of a list, as config.ts writes it. */
export interface FoundField {
  list: FieldList;
  /** Its whole line. */
  line: string;
  name: string;
  label: string;
}

const unquote = (s: string) => s.replace(/\\(.)/g, '$1');

/**
 * The field the words name, in the list the form word points to first, then in the others: its key
 * or label exactly ("due date" → dueDate, "Due date"), else a label that contains the words.
 */
export function findField(config: string, words: string, form: string | null): FoundField | null {
  const lists = fieldLists(config);
  const wanted = normalise(words).replace(/^(?:the|a|an)\s+/, '');
  const ordered = [pickList(lists, form), ...lists].filter((l): l is FieldList => !!l);
  const fields = ordered.flatMap((list) =>
    list.text.split('\n').flatMap((line) => {
      const m = /name: '((?:[^'\\]|\\.)+)', label: '((?:[^'\\]|\\.)*)'/.exec(line);
      return m ? [{ list, line, name: unquote(m[1]!), label: unquote(m[2]!) }] : [];
    }),
  );
  const exact = (f: FoundField) => normalise(f.name) === wanted.replace(/\s+/g, '') || normalise(f.label) === wanted;
  return fields.find(exact) ?? fields.find((f) => normalise(f.label).includes(wanted)) ?? null;
}

export function removeField(files: ReadonlyMap<string, string>, words: string, form: string | null): EditResult {
  const config = files.get(CONFIG);
  const wanted = normalise(words).replace(/^(?:the|a|an)\s+/, '');
  const found = config ? findField(config, words, form) : null;
  if (!config || !found) return boardColumnAnswer(files, wanted) ?? { changes: [], message: `I could not find a “${wanted}” field in this app.`, done: false };
  const { list, line, label: fieldLabel, name } = found;
  // A composed app names each record by its first field: without it there is nothing to list.
  if (list.name === 'fields' && readMarker(config)?.family === 'collection' && list.text.split('\n')[1] === line)
    return { changes: [], message: `Each record is named by its ${fieldLabel.toLowerCase()}, so I kept that field.`, done: false };
  // The chart, the board and the filter are built on their field: the app cannot show them without it.
  const part = new RegExp(`\\b(field|board|filterBy): '${name}'`).exec(/^export const parts = .*$/m.exec(config)?.[0] ?? '')?.[1];
  if (part)
    return {
      changes: [],
      message: `The ${{ field: 'chart', board: 'board', filterBy: 'filter' }[part]} is built on the ${fieldLabel.toLowerCase()} field, so I kept it.`,
      done: false,
    };
  let next = config.replace(list.text, list.text.replace(`${line}\n`, ''));
  // A records table lists its columns by name: the removed field's column goes too.
  if (list.name === 'fields')
    next = next.replace(/(export const display = \{[\s\S]*?columns: \[)([^\]]*)\]/, (_m, head: string, cols: string) => {
      const kept = cols.replace(new RegExp(`\\n\\s*'${name}',?(?=\\n)|'${name}'(?:, )?|, '${name}'(?=\\s*$)`), '');
      return `${head}${kept}]`;
    });
  const change = diffChange(CONFIG, config, next);
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
