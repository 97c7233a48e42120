// Composed apps: a list, log or board of whatever the person keeps (recipes, workouts, job
// applications), or a form other people fill in, built from parts rather than picked from a
// catalogue: the records' fields come from the prompt, and tags, search, a field filter, a chart
// and a board are added when asked for. Data lives in the app's backend: each visitor's own list
// (the default rules), a list a team shares (sign-in) or every visitor sees, or, for a form, answers
// anyone may send and only the owner reads (sharing.ts).

import { joinList, titleCase } from '../../understand/text';
import type { AppSpec } from '../../understand/understand';
import type { RecordFieldSpec } from '../../understand/entities';
import { baseFiles, configFile, honouredLook, lookFor } from '../common';
import { dataRulesFile } from '../data-rules';
import { exportConst } from '../literal';
import { source, type GeneratedFile } from '../source';
import type { GeneratedApp } from '../types';
import { appSource } from './app-source';
import { collectionChecks } from './checks';
import { compose, type Composition } from './compose';
import { sharingBuilt, sharingRules } from './sharing';
import { WANT_WORDS } from '../../understand/ask';

const PARTS = ['collection/model.ts', 'collection/RecordForm.tsx'];

const lower = (f: RecordFieldSpec) => f.label.toLowerCase();

// What a visitor may change from the list, as the rules allow (sharing.ts).
const EDITS: Record<Composition['sharing'], string> = {
  personal: '; edit or delete each one from the list',
  inbox: '',
  team: '; edit or delete your own from the list',
  public: '',
};

/** "a list of recipes (title, cooking time, ingredients) with tags and a tag filter". */
export function kindOf(c: Composition): string {
  const fields = joinList(c.fields.filter((f) => f.name !== c.board).map(lower));
  if (c.form) return `a form that saves each ${c.entity.singular} (${fields})`;
  const extras = [
    ...(c.tags ? ['tags'] : []),
    ...(c.filterBy ? [`a ${lower(c.fields.find((f) => f.name === c.filterBy)!)} filter`] : []),
    ...(c.chart ? [`a chart of ${lower(c.fields.find((f) => f.name === c.chart!.field)!)} over time`] : []),
  ];
  const what = c.board ? `a board of ${c.entity.plural} by status` : `a ${c.chart ? 'log' : 'list'} of ${c.entity.plural}`;
  return `${what} (${fields})${extras.length ? ` with ${joinList(extras)}` : ''}`;
}

function files(c: Composition): GeneratedFile[] {
  const parts = c.form
    ? PARTS
    : [
        ...PARTS,
        'collection/RecordList.tsx',
        ...(c.search || c.tags || c.filterBy ? ['collection/Filters.tsx', 'collection/filter.ts'] : []),
        ...(c.chart ? ['collection/Chart.tsx'] : []),
        ...(c.board ? ['collection/Board.tsx'] : []),
      ];
  return [
    { path: 'client/src/components/Shell.tsx', content: source('collection/Shell.tsx') },
    ...parts.map((p) => ({ path: `client/src/${p}`, content: source(`collection/${p}`) })),
    { path: 'client/src/App.tsx', content: c.form ? source('collection/FormApp.tsx') : appSource(c) },
  ];
}

export function generateCollection(spec: AppSpec): GeneratedApp {
  const c = compose(spec);
  const plural = titleCase(c.entity.plural);
  const ask = spec.plan.ask;
  // Its name from the person's words ("recipe box" → Recipe Box, "a board for content ideas" →
  // Content Ideas Board), else from what it keeps.
  const own =
    ask.named && ask.head && ask.subject.split(' ').length <= 3
      ? `${ask.subject} ${ask.head === 'app' ? '' : ask.head}`.trim()
      : ask.named && c.form && ask.head
        ? ask.head
        : null;
  const name =
    spec.name ??
    (own
      ? titleCase(own)
      : c.form
        ? `${titleCase(c.entity.singular)} Form`
        : c.chart
          ? `${titleCase(c.entity.singular)} Log`
          : c.sharing === 'personal'
            ? `My ${plural}`
            : plural);
  const tagline =
    spec.subject.purpose ?? (c.form ? `Leave your details below; we read every ${c.entity.singular}.` : `Every ${c.entity.singular} in one place.`);
  const look = lookFor(spec, c.form ? 'calm' : 'indigo');
  const body = [
    exportConst('app', { name, tagline }),
    exportConst('entity', { singular: c.entity.singular, plural: c.entity.plural }),
    '/** Where the records are kept in the app’s backend. */',
    exportConst('collection', c.collection),
    '/** The fields of each record: the form, the list, the filters and the chart follow this list. */',
    exportConst(
      'fields',
      c.fields.map((f) => ({ ...f, required: f.required ?? false })),
      'Field[]',
    ),
    ...(c.form ? [exportConst('form', { title: `Send your ${c.entity.singular}`, submit: 'Send', thanks: 'Thank you!' })] : []),
    ...(c.board || c.chart || c.filterBy
      ? [
          exportConst('parts', {
            ...(c.board ? { board: c.board } : {}),
            ...(c.chart ? { chart: c.chart } : {}),
            ...(c.filterBy ? { filterBy: c.filterBy } : {}),
          }),
        ]
      : []),
  ].join('\n');
  const shared = sharingRules(c);
  const rules = shared ? [dataRulesFile({ [c.collection]: shared })] : [];
  const fieldWords = joinList(c.fields.map(lower));
  return {
    name,
    kind: kindOf(c),
    files: [
      ...baseFiles({ title: name, description: tagline, look, parts: c.sharing === 'team' ? ['data', 'auth'] : ['data'] }),
      ...rules,
      configFile('collection', c.form ? 'form' : null, 'Name, the records’ fields and the parts of the page.', body, [
        "import type { Field } from '@/collection/model';",
      ]),
      ...files(c),
      ...collectionChecks(c),
    ],
    summary: `Built ${name}, ${kindOf(c)}`,
    built: c.form
      ? [`A form for ${fieldWords}, checked before it is sent (required fields, email and web addresses, numbers), then a thank-you.`, sharingBuilt(c)]
      : [
          `A form to add ${c.entity.plural} with ${fieldWords}${c.tags ? ', and tags' : ''}${EDITS[c.sharing]}.`,
          ...(c.search ? [`Search across every field${c.tags ? ' and tag' : ''}.`] : []),
          ...(c.tags ? ['Tags on each record; click a tag (above the list or on a record) to show only records with it.'] : []),
          ...(c.filterBy ? [`A filter by ${lower(c.fields.find((f) => f.name === c.filterBy)!)}.`] : []),
          ...(c.chart ? [`A chart of ${lower(c.fields.find((f) => f.name === c.chart!.field)!)} over time.`] : []),
          ...(c.board
            ? [`A board with a column per status (${joinList(c.fields.find((f) => f.name === c.board)!.options ?? [])}); move each card along.`]
            : []),
          sharingBuilt(c),
        ],
    honoured: [
      ...(c.named.length ? [`The fields you named: ${joinList(c.named.map(lower))}.`] : []),
      ...(spec.columns.length >= 2 && c.board ? [`Your columns: ${joinList(spec.columns)}.`] : []),
      honouredLook(look),
    ],
    unsupported: [
      ...(c.named.length || c.entity.id !== 'generic' ? [] : [`fields for ${c.entity.plural} beyond a title and notes (ask for more: “add a size field”)`]),
      ...(c.unbuilt.includes('filter') ? ['a filter: nothing in these records has a fixed set of values to filter by, so the search box does that job'] : []),
      ...(c.unbuilt.includes('chart') ? ['a chart: these records have no number to draw (add one: “add a weight field”)'] : []),
    ],
    missing: c.unbuilt.map((w) => WANT_WORDS[w]),
  };
}
