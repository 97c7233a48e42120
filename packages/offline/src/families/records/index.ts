// Records apps: a B2B dashboard (stats, a status breakdown, a filtered table, create/edit) and an
// internal admin tool (search, sort, select, bulk actions, CSV export, a per-person breakdown).
// Both share the records store and formats; the subject picks the data pack. The records are the
// team's: they live in the app's backend, shared by the app's signed-in users.

import { recordsChecks } from '../../checks/family-checks';
import { joinList, normalise } from '../../understand/text';
import type { AppSpec } from '../../understand/understand';
import { appName, baseFiles, configFile, FIELD_TYPE_IMPORT, honouredLook, lookFor } from '../common';
import { dataRulesFile, formFieldRules, TEAM } from '../data-rules';
import { exportConst } from '../literal';
import { sourceFiles } from '../source';
import type { GeneratedApp } from '../types';
import type { RecordField, RecordsPack } from './pack';
import { B2B_PACKS } from './packs-b2b';
import { GENERIC_B2B, GENERIC_INTERNAL, INTERNAL_PACKS } from './packs-internal';

const SHARED = [
  'records/store.ts',
  'records/RecordsState.tsx',
  'records/format.ts',
  'records/stats.ts',
  'records/Cell.tsx',
  'records/StatusBadge.tsx',
  'records/RecordDialog.tsx',
  'records/StatTiles.tsx',
  'records/Toolbar.tsx',
];

function packFor(kind: 'b2b' | 'internal', spec: AppSpec): { pack: RecordsPack; known: boolean } {
  const text = normalise(`${spec.subject.subject ?? ''} ${spec.subject.purpose ?? ''} ${spec.prompt}`);
  const order = kind === 'b2b' ? [...B2B_PACKS, ...INTERNAL_PACKS] : [...INTERNAL_PACKS, ...B2B_PACKS];
  const found = order.find((p) => p.test.test(text));
  return found ? { pack: found, known: true } : { pack: kind === 'b2b' ? GENERIC_B2B : GENERIC_INTERNAL, known: false };
}

/** The backend collection of a pack's records: "Tickets" → tickets, "New hires" → new-hires. */
function collectionOf(pack: RecordsPack): string {
  const name = pack.entity.plural
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '');
  return name || 'records';
}

export function currencyOf(prompt: string): string {
  if (/£|\bgbp\b|\bpounds?\b/i.test(prompt)) return 'GBP';
  if (/€|\beur\b|\beuros?\b/i.test(prompt)) return 'EUR';
  return 'USD';
}

function generateRecords(kind: 'b2b' | 'internal', spec: AppSpec): GeneratedApp {
  const { pack, known } = packFor(kind, spec);
  // Fields the prompt names that the pack lacks are added to the records (and the table).
  const extra: RecordField[] = spec.fields.filter((f) => !pack.fields.some((p) => p.name === f.name)).map((f) => ({ ...f, required: false }));
  // The title field has a placeholder, so a person (and the app's checks) can tell it from the
  // filter named after another field ("Deal" in "Filter by deal stage").
  const fields = [...pack.fields, ...extra].map((f) =>
    f.name === pack.display.title && !f.placeholder ? { ...f, placeholder: String(pack.seed[0]?.[f.name] ?? pack.entity.singular) } : f,
  );
  const name = appName(spec, () => pack.name);
  const tagline =
    spec.subject.purpose ??
    (spec.subject.subject ? `${pack.entity.plural} for ${spec.subject.subject}.` : `Every ${pack.entity.singular.toLowerCase()} in one place.`);
  const look = lookFor(spec, kind === 'b2b' ? 'corporate' : null);
  const body = [
    exportConst('app', { name, tagline }),
    exportConst('currency', currencyOf(spec.prompt)),
    exportConst('entity', pack.entity),
    '/** Where the records are kept in the app’s backend (its rules are in sprout.data.json). */',
    exportConst('collection', collectionOf(pack)),
    "/** The records' fields: the table, the create/edit form and the CSV all follow this list. */",
    exportConst('fields', fields, 'Field[]'),
    exportConst('display', { ...pack.display, columns: [...pack.display.columns, ...extra.map((f) => f.name)] }),
    exportConst('stats', pack.stats, 'Stat[]'),
    exportConst('group', pack.group, 'Group'),
    exportConst('seedRecords', pack.seed, 'Record<string, string | number>[]'),
  ].join('\n');
  const shell = kind === 'b2b' ? ['records/StatusMix.tsx'] : ['records/BulkBar.tsx', 'records/csv.ts', 'records/useSort.ts', 'records/GroupSummary.tsx'];
  const noun = pack.entity.plural.toLowerCase();
  return {
    name,
    files: [
      ...baseFiles({ title: name, description: tagline, look, parts: ['fields', 'auth'] }),
      dataRulesFile({ [collectionOf(pack)]: { ...TEAM, fields: formFieldRules(fields) } }),
      ...recordsChecks({ singular: pack.entity.singular, fields, title: pack.display.title }),
      configFile(kind, null, 'Name, the record fields, the stats on top and the example records.', body, [
        FIELD_TYPE_IMPORT,
        "import type { Group, Stat } from '@/records/stats';",
      ]),
      { path: 'client/src/App.tsx', content: sourceFiles('records', [`${kind}/App.tsx`])[0]!.content },
      ...sourceFiles('records', [...SHARED, ...shell]),
    ],
    kind: kind === 'b2b' ? `a B2B dashboard of ${noun}` : `an internal admin tool for ${noun}`,
    summary: kind === 'b2b' ? `Built ${name}, a B2B dashboard of ${noun}` : `Built ${name}, an internal tool for ${noun}`,
    built:
      kind === 'b2b'
        ? [
            `A dashboard of ${noun} with ${joinList(pack.stats.map((s) => s.label.toLowerCase()))} at the top and a breakdown by ${pack.display.status}.`,
            `A table of ${noun} with search and a ${pack.display.status} filter (a list on phones).`,
            `Create, edit, duplicate and delete ${noun} in a form with validation.`,
            `Shared by the team: people sign up or sign in (the app’s own accounts) and see the same ${noun}, live, saved in the app’s backend; only whoever added a record can delete it.`,
          ]
        : [
            `An admin table of ${noun}: search, filter by ${pack.display.status}, and sort by any column.`,
            `Select rows (or all) for bulk actions: change the ${pack.display.status} or delete them.`,
            `Export to CSV (all rows, or just the selected ones), plus ${pack.group.label.toLowerCase()}.`,
            `Create and edit ${noun} in a form with validation.`,
            `Shared by the team: people sign up or sign in (the app’s own accounts) and see the same ${noun}, live, saved in the app’s backend; only whoever added a record can delete it.`,
          ],
    honoured: [
      ...(known
        ? [`${pack.entity.plural} with ${joinList(fields.slice(0, 6).map((f) => f.label.toLowerCase()))}, fitting ${spec.subject.subject ?? 'your subject'}.`]
        : []),
      ...(extra.length ? [`Extra fields you named: ${joinList(extra.map((f) => f.label.toLowerCase()))}.`] : []),
      honouredLook(look),
    ],
    unsupported: [
      ...(pack.unsupported ?? []),
      ...(known
        ? []
        : [`a specific data model for "${spec.subject.subject ?? spec.prompt.slice(0, 60)}" (I used ${noun}; rename the fields in src/config.ts)`]),
    ],
  };
}

export const generateB2b = (spec: AppSpec) => generateRecords('b2b', spec);
export const generateInternal = (spec: AppSpec) => generateRecords('internal', spec);
