// Kanban / project manager: Trello-style columns and cards with drag and drop (@dnd-kit), add, edit
// and delete. The board is the team's: it lives in the app's backend, shared by the app's signed-in
// users. Columns and card fields come from the prompt when it names them.

import { kanbanChecks } from '../checks/family-checks';
import { fieldFromWords, type FieldSpec } from '../understand/fields';
import { joinList, normalise, slug } from '../understand/text';
import type { AppSpec } from '../understand/understand';
import { appName, baseFiles, configFile, FIELD_TYPE_IMPORT, honouredLook, lookFor } from './common';
import { dataRulesFile, TEAM } from './data-rules';
import { exportConst } from './literal';
import { sourceFiles } from './source';
import type { GeneratedApp } from './types';

type CardField = FieldSpec & { options?: string[] };

const KNOWN_CARD_FIELDS: readonly (readonly [RegExp, CardField])[] = [
  [/\b(?:client|customer|account|company|project)\b/, { name: 'client', label: 'Client', type: 'text', placeholder: 'Northwind' }],
  [/\b(?:assignee|owner|assigned|person|who|member)\b/, { name: 'assignee', label: 'Assignee', type: 'text', placeholder: 'Maya Chen' }],
  [/\b(?:due|deadline|date)\b/, { name: 'due', label: 'Due date', type: 'date' }],
  [/\bpriority\b/, { name: 'priority', label: 'Priority', type: 'text', placeholder: 'High' }],
  [/\b(?:description|notes?|details)\b/, { name: 'notes', label: 'Notes', type: 'textarea' }],
  [/\b(?:estimate|points|hours)\b/, { name: 'estimate', label: 'Estimate (hours)', type: 'number' }],
  [/\b(?:tags?|labels?)\b/, { name: 'tags', label: 'Tags', type: 'text' }],
];

function cardFieldsFor(words: readonly string[]): CardField[] {
  const fields: CardField[] = [];
  for (const w of words) {
    const known = KNOWN_CARD_FIELDS.find(([re]) => re.test(normalise(w)))?.[1] ?? fieldFromWords(w);
    if (!fields.some((f) => f.name === known.name)) fields.push({ ...known, required: false });
  }
  return fields.length ? fields : [KNOWN_CARD_FIELDS[1]![1], KNOWN_CARD_FIELDS[2]![1]];
}

interface Pack {
  test: RegExp;
  clients: string[];
  titles: string[];
}

// Example cards that fit the subject, so the first board already looks like real work.
const PACKS: readonly Pack[] = [
  {
    test: /agency|studio|creative|design|marketing|brand/,
    clients: ['Northwind', 'Bloom & Co', 'Atlas Outdoor', 'Kite Coffee'],
    titles: [
      'Brand refresh moodboard',
      'Homepage wireframes',
      'Spring campaign copy',
      'Social content calendar',
      'Logo variations',
      'Product photo retouch',
      'Kickoff deck',
      'Launch email design',
      'Website QA pass',
    ],
  },
  {
    test: /software|dev|engineer|product|sprint|startup|app/,
    clients: ['Web app', 'Mobile', 'Platform', 'Billing'],
    titles: [
      'Set up CI pipeline',
      'Design onboarding flow',
      'Fix login redirect',
      'Write API docs',
      'Dark mode polish',
      'Load test checkout',
      'Release notes',
      'Accessibility audit',
      'Ship v1.2',
    ],
  },
  {
    test: /.*/,
    clients: ['Operations', 'Marketing', 'Finance', 'Events'],
    titles: [
      'Plan the quarter',
      'Draft the newsletter',
      'Review the budget',
      'Book the venue',
      'Update the website',
      'Collect feedback',
      'Order supplies',
      'Team retrospective',
      'Send invoices',
    ],
  },
];
const PEOPLE = ['Maya Chen', 'Leo Park', 'Sam Rivera', 'Ivy Okafor'];

function seedTasks(subject: string, columns: { id: string }[], fields: CardField[]) {
  const pack = PACKS.find((p) => p.test.test(subject))!;
  return pack.titles.slice(0, Math.max(6, columns.length * 2)).map((title, i) => {
    const values: Record<string, string | number> = {};
    for (const f of fields) {
      if (f.name === 'client') values.client = pack.clients[i % pack.clients.length]!;
      else if (f.name === 'assignee') values.assignee = PEOPLE[i % PEOPLE.length]!;
      else if (f.type === 'date') values[f.name] = [2, 5, -1, 9, 3, 14, 7, 1, 12][i % 9]!;
      else if (f.name === 'priority') values.priority = ['High', 'Medium', 'Low'][i % 3]!;
      else if (f.name === 'estimate') values.estimate = String([3, 5, 2, 8][i % 4]);
    }
    // Spread the examples so every column has something, most of them early in the flow.
    const column = columns[[0, 0, 1, 0, 1, 2, 3, 2, 1][i % 9]! % columns.length]!.id;
    return { id: `t${i + 1}`, column, title, values };
  });
}

/** Cards: a title, a column and a position; the card fields (config.ts, editable) as one object. */
const kanbanRules = () =>
  dataRulesFile({
    tasks: {
      ...TEAM,
      fields: {
        title: { type: 'string', required: true, maxLength: 200 },
        column: { type: 'string', required: true, maxLength: 64 },
        position: { type: 'number', required: true },
        values: { type: 'object' },
      },
    },
  });

export function generateKanban(spec: AppSpec): GeneratedApp {
  const titles = spec.columns.length ? spec.columns : ['To do', 'In progress', 'Done'];
  const columns = titles.map((title) => ({ id: slug(title), title }));
  const fields = cardFieldsFor(spec.cardFields);
  const subject = normalise(`${spec.subject.subject ?? ''} ${spec.prompt}`);
  const name = appName(spec, (s) => (s ? `${s} Projects` : 'Project Board'));
  const tagline =
    spec.subject.purpose ??
    (spec.subject.subject ? `Every job for the ${spec.subject.subject}, from first brief to done.` : 'Plan the work, drag it across, get it done.');
  const look = lookFor(spec, null);
  const body = [
    exportConst('app', { name, tagline }),
    exportConst('columns', columns),
    exportConst('cardFields', fields, 'Field[]'),
    exportConst('seedTasks', seedTasks(subject, columns, fields), '{ id: string; column: string; title: string; values: Record<string, string | number> }[]'),
  ].join('\n');
  return {
    name,
    files: [
      ...baseFiles({ title: name, description: tagline, look, parts: ['fields', 'auth'] }),
      kanbanRules(),
      ...kanbanChecks(titles[0]!),
      configFile('kanban', null, 'Board name, columns, card fields and example cards. Saved boards adapt when you change columns.', body, [FIELD_TYPE_IMPORT]),
      ...sourceFiles('kanban', [
        'App.tsx',
        'kanban/store.ts',
        'kanban/Board.tsx',
        'kanban/Column.tsx',
        'kanban/TaskCard.tsx',
        'kanban/TaskDialog.tsx',
        'kanban/keyboard.ts',
      ]),
    ],
    kind: `a kanban board (${joinList(titles)}) with drag and drop`,
    summary: `Built ${name}, a kanban board with drag and drop`,
    built: [
      `A board with the columns ${joinList(titles.map((t) => `**${t}**`))}, shared by the team: people sign up or sign in (the app’s own accounts), then everyone sees the same board, live.`,
      'Drag and drop cards between columns and reorder them within a column (mouse, touch or keyboard).',
      `Add, edit and delete cards; each card shows its title${fields.length ? ` plus ${joinList(fields.map((f) => f.label.toLowerCase()))}` : ''}.`,
      'The board is saved in the app’s backend; a card can be deleted only by whoever added it. An empty board offers to add example cards.',
    ],
    honoured: [
      ...(spec.columns.length ? [`Your columns: ${joinList(titles)}.`] : []),
      ...(spec.cardFields.length ? [`Card details you asked for: ${joinList(fields.map((f) => f.label.toLowerCase()))}.`] : []),
      ...(spec.flags.minimal ? ['Minimalist: neutral colours, lots of white space, no decoration.'] : []),
      honouredLook(look),
    ],
    unsupported: [],
  };
}
