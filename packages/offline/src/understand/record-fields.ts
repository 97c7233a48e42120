// The fields of a record when the prompt names them: "with title, ingredients and tags",
// "log the date, exercise, sets, reps and weight", "each book has a title, author and a rating
// 1-5". Features named in the same list (tags, a chart, photos) are not fields: they are reported
// apart so the caller can build them or say it did not.

import type { RecordFieldSpec, RecordFieldType } from './entities';
import { fieldWords } from './field-words';
import { camel, normalise, sentenceCase, splitList } from './text';

// Lists start after these words; the item list ends at a sentence end or a word that starts a clause.
const TRIGGERS =
  /\b(?:w\/|with(?!(?: the| a| an)? (?:columns?|stages|lists|lanes|statuses)\b)(?: (?:the|a|an|fields?|entries for|room for|places? for))?|(?:each|every|an?|the) [a-z-]+(?: [a-z-]+)? (?:has|have|should have|needs?|gets?|with|includes?)|fields?(?: for| like| such as)?|(?:i )?(?:want to |wanna |need to |can |to |and )?(?:log|track|record|save|store|enter|note|write down|keep)(?: the| my| their| each| every)?|asks? (?:for|them for)(?: their| the)?|collects?(?: their| the)?|(?:that|which) (?:saves?|stores?|takes?)(?: their| the)?)\s*:?\s+/g;
// A list that starts with a clause word ("log where i record…") ends before it starts: the list is
// in the clause, after its own verb.
const END =
  /[.;!?()]|\s-\s|(?:^|\s)(?:so|where|which|that|then|plus|but|to see|to show|and (?:see|show|filter|sort|search|a (?:chart|graph)|be able|let|lets|i can|it|have|get|make|also)|i can|with a (?:chart|graph))\b/;

// Words in a list that name a feature, not a field.
const FEATURE_ITEM = /\b(?:tags?|labels?|categories|genres?|charts?|graphs?|photos?|pictures?|images?|filters?|search)\b/;
const NOT_FIELD =
  /\b(?:app|page|site|screen|button|dark|light|mode|theme|colou?rs?|palette|design|layout|style|mobile|minimal(?:ist)?|ui|ux|login|sign[- ]?in|account|users?|it|them|things|stuff|everything|anything|data|info|information|details|my|our|your)\b/;

interface KnownField {
  test: RegExp;
  field: (words: string) => RecordFieldSpec;
}

const labelOf = (words: string) => sentenceCase(words.replace(/\s+\d.*$/, ''));
const as =
  (type: RecordFieldType, extra: Partial<RecordFieldSpec> = {}) =>
  (words: string): RecordFieldSpec => ({ name: camel(words.replace(/\s+\d.*$/, '')), label: labelOf(words), type, ...extra });

const KNOWN: readonly KnownField[] = [
  {
    test: /^(?:star )?ratings?(?: .*)?$|^stars?$|^score(?: out of .*)?$/,
    field: (w) => ({ name: 'rating', label: /^stars?$/.test(w) ? 'Stars' : 'Rating', type: 'rating' }),
  },
  { test: /^e-?mails?(?: address(?:es)?)?$/, field: () => ({ name: 'email', label: 'Email', type: 'email' }) },
  { test: /^(?:phone|mobile|cell)(?: numbers?)?$|^telephone$/, field: () => ({ name: 'phone', label: 'Phone', type: 'tel' }) },
  { test: /^(?:links?|urls?|websites?|web address)$/, field: () => ({ name: 'link', label: 'Link', type: 'url', placeholder: 'https://' }) },
  {
    test: /\b(?:dates?|day|when|birthday|deadline|due|finished|started|date [a-z]+)$/,
    field: (w) => ({ ...as('date')(w), ...(w === 'when' ? { name: 'date', label: 'Date' } : {}) }),
  },
  {
    test: /\b(?:notes?|description|comments?|ingredients|steps|instructions|thoughts|review|summary|message|details about .*|directions|method)$/,
    field: as('textarea'),
  },
  {
    test: /\b(?:weight|reps|sets|count|number|amount|price|cost|hours|minutes|mins|distance|km|miles|calories|protein|carbs|sugar|servings|grams|pages|quantity|qty|age|year|vintage|budget|total|duration|height|length|temperature|elevation|speed|steps taken|systolic|diastolic|pulse|bpm|glasses)$|\b(?:price|cost|amount|weight|distance|calories|hours|minutes) (?:per|a|each) [a-z]+$|^heart rate$|^(?:how (?:many|much|long) .*)$|^(?:number|no\.?) of .+$/,
    field: (w) => ({ ...as('number')(w), ...(/^(?:number|no\.?) of (.+)$/.exec(w) ? { name: camel(w), label: sentenceCase(w) } : {}) }),
  },
  {
    test: /^(?:watched|read|done|bought|visited|finished\?|completed|paid|returned|tried|owned)$|\b(?:checkbox|yes\/no|tick(?:box)?)$/,
    field: (w) => as('checkbox')(w.replace(/\s+(?:checkbox|yes\/no|tick(?:box)?)$/, '')),
  },
  { test: /^status$/, field: () => ({ name: 'status', label: 'Status', type: 'select', options: ['To do', 'Doing', 'Done'] }) },
];

export interface NamedFields {
  fields: RecordFieldSpec[];
  /** Features named in the list ("tags", "a chart", "photos"), normalised. */
  features: string[];
}

/** A field from a few words ("cook time", "rating 1-5", "date finished"). */
export function recordField(words: string): RecordFieldSpec {
  const w = words.trim();
  const known = KNOWN.find((k) => k.test.test(w));
  const field = known ? known.field(w) : { name: camel(w), label: sentenceCase(w), type: 'text' as const };
  return { ...field, name: field.name || 'field' };
}

function itemsOf(list: string): string[] {
  // "my reading: title, author": the words before a colon name the list, they are not a field.
  const named = list.slice(list.lastIndexOf(':') + 1);
  // "tags like fiction, sci-fi": what follows is examples of tags, not fields.
  const cut = named.replace(/\b((?:tags?|labels?|categories)) (?:like|such as|e\.?g\.?|for example)\b.*$/, '$1');
  return splitList(cut.replace(/^with\s+/, ''))
    .map((s) => s.replace(/^(?:.*\s)?with\s+(?:the\s+|a\s+|an\s+)?/, ''))
    .map((s) => fieldWords(s))
    .filter((s): s is string => s !== null);
}

/** The fields named as a list (two or more items) after a trigger; the longest such list wins. */
export function extractRecordFields(prompt: string): NamedFields {
  const text = normalise(prompt).replace(/\brating (?:from )?(\d) ?(?:-|to) ?(\d+)\b/g, 'rating');
  let best: string[] = [];
  const consider = (list: string) => {
    const items = itemsOf(list);
    if (items.length >= 2 && items.length > best.length) best = items;
  };
  for (const m of text.matchAll(TRIGGERS)) {
    const rest = text.slice(m.index! + m[0].length);
    const end = END.exec(rest);
    consider(end ? rest.slice(0, end.index) : rest);
  }
  // Lists set apart: "log my workouts - exercise, sets, reps - and…", "(date, weight)", "inventory: name, price".
  for (const m of text.matchAll(/\s-\s([^-.;]+?)\s-\s|\(([^()]+)\)|:\s*([^.;:]+)/g)) consider(m[1] ?? m[2] ?? m[3]!);
  const features = best.filter((i) => FEATURE_ITEM.test(i));
  const fields: RecordFieldSpec[] = [];
  for (const item of best) {
    if (FEATURE_ITEM.test(item) || NOT_FIELD.test(item)) continue;
    const f = recordField(item);
    if (!fields.some((x) => x.name === f.name)) fields.push(f);
  }
  return fields.length >= 2 || (fields.length === 1 && features.length) ? { fields, features } : { fields: [], features };
}
