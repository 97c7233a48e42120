// A plan's data: the collections an app's files keep, their fields as the person reads them
// ("Sets", "Reps", "Weight") and who may see them, in the Data panel's words. Read from the files
// themselves (generated for a new app, or the project's for a change), so the plan says what the
// build writes, not what was meant.

import { collectionRules, DATA_RULES_PATH, describeCollectionRules, parseDataRules, type CollectionRules, type DataRules, type Operation } from '@sprout/core';
import type { Plan } from '@sprout/core/contract';
import { readMarker } from '../families/common';
import { ADDED_BY } from '../families/collection/sharing';
import { formCollection } from '../families/data-rules';
import { fieldLists } from '../follow-up/fields';

export type PlanData = Plan['data'][number];

/** A field of a collection: its key (when config.ts names it) and its label. */
interface DataField {
  name: string;
  label: string;
}

export interface KeptCollection {
  /** The backend collection: "workouts", "taken-slots". */
  collection: string;
  fields: DataField[];
  access: string;
}

const CONFIG = 'client/src/config.ts';
const CLIENT = 'client/src/lib/sprout.ts';
// Collections code names literally (reply/sharing.ts reads the same), and a visitor's own single document (own-doc.ts).
const LITERAL = /\b(?:db\.collection|useCollection|useOwnDoc)\s*(?:<[^>()]*>)?\(\s*['"`]([A-Za-z][\w-]*)['"`]/g;
const CONFIGURED = /^export const collection = '([A-Za-z][\w-]*)';$/m;

// What the catalogue's apps keep where config.ts lists no fields, as the apps' own types hold it.
const KEPT: Record<string, string[]> = {
  habits: ['Habit', 'Days done'],
  expenses: ['Amount', 'Category', 'Note', 'Date'],
  todos: ['Task', 'Done', 'Due date'],
  deposits: ['Amount', 'Note', 'Date'],
  goal: ['Goal', 'Target amount', 'Date'],
  runs: ['Run', 'Date'],
  plants: ['Name', 'Species', 'Water every (days)', 'Last watered', 'Photos'],
  kitchen: ['Fridge ingredients', 'Week plan', 'Bought items'],
  'taken-slots': ['Time'],
  waitlist: ['Email'],
};

// Fields an app keeps before those its config lists: a card's title and column, a booking's time.
const BEFORE_LIST: Record<string, DataField[]> = {
  'kanban:tasks': [
    { name: 'title', label: 'Title' },
    { name: 'column', label: 'Column' },
  ],
  'scheduler:bookings': [{ name: 'slot', label: 'Time' }],
};

/** Who may do what with a collection, short, as the Data panel and core's describeSharing say it. */
export function accessOf(r: Pick<CollectionRules, Operation>): string {
  switch (`${r.create}/${r.read}/${r.update}/${r.delete}`) {
    case 'anyone/creator/creator/creator':
      return 'Each visitor’s own';
    case 'signed-in/creator/creator/creator':
      return 'Each signed-in person’s own';
    case 'anyone/nobody/nobody/nobody':
      return 'Anyone can add; only you can read them (Data panel)';
    case 'signed-in/signed-in/creator/creator':
      return 'Everyone signed in sees all; only the author can edit or delete';
    case 'signed-in/signed-in/signed-in/creator':
      return 'Everyone signed in sees and edits all; only the author can delete';
    case 'anyone/anyone/nobody/nobody':
      return 'Anyone can see and add; only you can change or delete (Data panel)';
    case 'anyone/anyone/anyone/nobody':
      return 'Anyone can see, add and update; only you can delete (Data panel)';
    case 'nobody/anyone/nobody/nobody':
      return 'Anyone can read; only you can add';
    default:
      return describeCollectionRules('them', { ...r, fields: {}, strict: false, unique: [] }).slice(0, 200);
  }
}

const unquote = (s: string) => s.replace(/\\(.)/g, '$1');

/** The fields of each list in config.ts (`fields`, `bookingFields`, `cardFields`…), by the collection that keeps them. */
function listedFields(files: ReadonlyMap<string, string>): Map<string, DataField[]> {
  const config = files.get(CONFIG) ?? '';
  const family = readMarker(config)?.family;
  const out = new Map<string, DataField[]>();
  for (const list of fieldLists(config)) {
    const collection = family === 'kanban' && list.name === 'cardFields' ? 'tasks' : formCollection(family, list.name, config)?.name;
    if (!collection) continue;
    const fields = [...list.text.matchAll(/name: '((?:[^'\\]|\\.)+)',\s*label: '((?:[^'\\]|\\.)*)'/g)].map((m) => ({
      name: unquote(m[1]!),
      label: unquote(m[2]!),
    }));
    const before = BEFORE_LIST[`${family}:${collection}`] ?? [];
    out.set(collection, [...before, ...fields.filter((f) => !before.some((b) => b.name === f.name))]);
  }
  return out;
}

/** The collections the app's code uses, the one config.ts names first. */
function collectionsIn(files: ReadonlyMap<string, string>): string[] {
  const names: string[] = [];
  const configured = CONFIGURED.exec(files.get(CONFIG) ?? '')?.[1];
  if (configured) names.push(configured);
  for (const [path, content] of files) {
    if (path === CLIENT || !/\.[jt]sx?$/.test(path)) continue;
    names.push(...[...content.matchAll(LITERAL)].map((m) => m[1]!));
  }
  return [...new Set(names)];
}

/** "taken-slots" → "Taken slots", "hoursIncluded" → "Hours included". */
const humanise = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

/** Every collection the files keep, with its fields and who may see it. */
export function keptCollections(files: ReadonlyMap<string, string>): KeptCollection[] {
  const parsed = parseDataRules(files.get(DATA_RULES_PATH) ?? null);
  const rules: DataRules = parsed.ok ? parsed.rules : { collections: {} };
  const listed = listedFields(files);
  // Records with tags (a composed list's `tags={true}`) keep them beside their fields.
  const tagged = /\btags=\{true\}/.test(files.get('client/src/App.tsx') ?? '');
  const configured = CONFIGURED.exec(files.get(CONFIG) ?? '')?.[1];
  // Collections whose fields config.ts lists (what the app is about) come first.
  const ordered = collectionsIn(files).sort((a, b) => Number(listed.has(b)) - Number(listed.has(a)));
  return ordered.map((collection) => {
    const declared = rules.collections[collection]?.fields ?? {};
    const fields =
      listed.get(collection) ??
      (KEPT[collection] ?? Object.keys(declared).filter((k) => k !== ADDED_BY)).map((label) => ({ name: label, label: humanise(label) }));
    const extra = [
      ...(tagged && collection === configured ? [{ name: 'tags', label: 'Tags' }] : []),
      ...(ADDED_BY in declared ? [{ name: ADDED_BY, label: 'Added by' }] : []),
    ];
    return { collection, fields: [...fields, ...extra], access: accessOf(collectionRules(rules, collection)) };
  });
}

/** A kept collection as a plan shows it; fields named in `fresh` are marked new. */
export function planDataOf(kept: KeptCollection, fresh: ReadonlySet<string> = new Set()): PlanData {
  return {
    name: humanise(kept.collection),
    fields: kept.fields.slice(0, 30).map((f) => (fresh.has(f.name) ? `${f.label} (new)` : f.label).slice(0, 80)),
    access: kept.access,
  };
}

/** The plan's data for an app made of these files. */
export const planData = (files: ReadonlyMap<string, string>): PlanData[] =>
  keptCollections(files)
    .slice(0, 12)
    .map((k) => planDataOf(k));
