// "Rename the supplier field to Vendor": the field's label everywhere it is shown and checked. Its
// key (the name records are saved under) changes too only where no saved record is read back by
// the app: a form whose answers only the owner reads in the Data panel. Anywhere else records
// already saved would lose the value, so only the label changes, and the reply says so.

import { DATA_RULES_PATH } from '@sprout/core';
import type { EditAction } from '@sprout/engine/protocol';
import { readMarker } from '../families/common';
import { declarable, formCollection } from '../families/data-rules';
import { stringLiteral } from '../families/literal';
import { camel, normalise, sentenceCase } from '../understand/text';
import { boardColumnAnswer } from './board-columns';
import { checksWithRenamedField } from './checks';
import { diffChange } from './edit-text';
import { alreadyHas, CONFIG, fieldLists, findField, label as listLabel, type FoundField } from './fields';
import type { EditResult } from './look';
import { currentName, rename } from './rename';
import { rulesForFieldChange } from './rules';

export interface FieldRename {
  from: string;
  to: string;
  form: string | null;
  /** "rename X to Y" with no field word: the app's name when X is not a field but the app. */
  orApp?: true;
}

const APP_KIND = /\b(?:app|site|website|page|project|board|portal|game|tool|dashboard|shop)$/;

/**
 * Why the field's key must stay, or null when it may change: its list's answers go to a collection
 * only the owner reads (rules `read: "nobody"`) and no code of the app reads the value by its key.
 * The scheduler remembers each visitor's bookings, values included, in their browser.
 */
function keyStays(files: ReadonlyMap<string, string>, config: string, found: FoundField, key: string): 'saved' | 'code' | 'taken' | null {
  const family = readMarker(config)?.family;
  const collection = formCollection(family, found.list.name, config);
  if (!collection || family === 'scheduler') return 'saved';
  if (collection.reserved.includes(found.name)) return 'code';
  let rules: { read?: unknown; fields?: Record<string, unknown> } | undefined;
  try {
    rules = (JSON.parse(files.get(DATA_RULES_PATH) ?? '{}') as { collections?: Record<string, typeof rules> }).collections?.[collection.name];
  } catch {
    // A rules file that does not parse is the engine's checks' to report; the key stays as it is.
    return 'saved';
  }
  if (rules?.read !== 'nobody') return 'saved';
  // The rules must be able to follow the new key, or the form and its rules would disagree.
  if (!declarable(key) || collection.reserved.includes(key) || (rules.fields && key in rules.fields)) return 'taken';
  const usedInCode = new RegExp(`\\bvalues(?:\\?)?\\.${found.name}\\b|\\bvalues\\[['"]${found.name}['"]\\]`);
  return [...files].some(([path, text]) => path.startsWith('client/src/') && path !== CONFIG && usedInCode.test(text)) ? 'code' : null;
}

/** The app's config with the field's key renamed in the field list and wherever the page's parts name it. */
function withKey(config: string, from: string, to: string): string {
  return config.replace(/^export const (?:display|parts) = [\s\S]*?;$/gm, (block) => block.split(`'${from}'`).join(`'${to}'`));
}

export function renameField(files: ReadonlyMap<string, string>, r: FieldRename): EditResult {
  const config = files.get(CONFIG);
  const wanted = normalise(r.from);
  const found = config ? findField(config, r.from, r.form) : null;
  if (!config || !found) {
    const board = boardColumnAnswer(files, wanted);
    if (board) return board;
    // "rename Zen to Iron", "rename my grocery list app to Pantry": the app, by its name or its kind.
    const app = currentName(files);
    if (r.orApp && ((app && normalise(app) === wanted) || APP_KIND.test(wanted))) return rename(files, r.to);
    const hint = r.orApp ? ` To rename the app, say “call it ${r.to}”.` : '';
    return { changes: [], message: `I could not find a “${wanted}” field in this app.${hint}`, done: false };
  }
  const newLabel = sentenceCase(r.to);
  if (found.label === newLabel) return { changes: [], message: `The ${found.label.toLowerCase()} field is already called ${newLabel}.`, done: false };
  const key = camel(r.to);
  const taken = fieldLists(config)
    .filter((l) => l.name === found.list.name)
    .flatMap((l) => [...l.text.matchAll(/name: '([^']+)', label: '((?:[^'\\]|\\.)*)'/g)])
    .some((m) => m[1] !== found.name && (m[1] === key || normalise(m[2]!) === normalise(newLabel)));
  if (taken) return { changes: [], message: alreadyHas(found.list, newLabel), done: false };

  const stays = key === found.name ? null : keyStays(files, config, found, key);
  const moveKey = key !== found.name && !stays;
  let line = found.line.replace(/label: '(?:[^'\\]|\\.)*'/, `label: ${stringLiteral(newLabel)}`);
  if (moveKey) line = line.replace(`name: '${found.name}'`, `name: '${key}'`);
  let next = config.replace(found.list.text, found.list.text.replace(found.line, line));
  if (moveKey) next = withKey(next, found.name, key);
  const change = diffChange(CONFIG, config, next);
  if (!change) return { changes: [], message: `I could not rename the ${found.label.toLowerCase()} field.`, done: false };
  const rules = moveKey ? rulesForFieldChange(files, found.list.name, { rename: { from: found.name, to: key } }) : null;
  const changes: EditAction[] = [change, ...(rules ? [rules] : []), ...checksWithRenamedField(files, { from: found.label, to: newLabel })];
  const where = `in ${listLabel(found.list)}${rules ? ' and in its rules in sprout.data.json' : ''}`;
  const keyNote = moveKey
    ? ` Answers sent before keep it as “${found.name}” in the Data panel.`
    : stays === 'saved'
      ? ` Only its label changed: saved ${found.list.name === 'cardFields' ? 'cards' : readMarker(config)?.family === 'scheduler' ? 'bookings' : 'records'} keep their value under its stored name “${found.name}”, so nothing already saved is lost.`
      : stays === 'code'
        ? ` Only its label changed: the app's code reads the answer as “${found.name}”.`
        : stays === 'taken'
          ? ` Only its label changed: its answers stay under “${found.name}”.`
          : '';
  return { changes, message: `Renamed the **${found.label}** field to **${newLabel}** ${where}.${keyNote}`, done: true };
}
