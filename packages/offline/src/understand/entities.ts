// What people keep lists, logs and boards of, with the fields such a record has when the prompt
// names none. The composed "collection" apps (families/collection) start from these; a subject not
// in this table still gets an app, with a title and notes.

import type { ConsumerVariant } from './variants';

export type RecordFieldType = 'text' | 'textarea' | 'number' | 'date' | 'url' | 'email' | 'tel' | 'select' | 'checkbox' | 'rating';

/** One field of a composed app's records (mirrors `RecordField` in the app's collection/model.ts). */
export interface RecordFieldSpec {
  name: string;
  label: string;
  type: RecordFieldType;
  required?: boolean;
  placeholder?: string;
  /** For type 'select'. */
  options?: string[];
  /** Shown after numbers: "kg", "km". */
  unit?: string;
}

export interface EntityDef {
  id: string;
  /** Matched on the words naming the thing asked for (and then on the whole prompt). */
  test: RegExp;
  singular: string;
  plural: string;
  /** Default fields, the first one the record's title. */
  fields: RecordFieldSpec[];
  /** The number the chart shows by default (a field name). */
  chartOf?: string;
  /** Board columns (the `status` field's options) when a board is asked for. */
  stages?: string[];
  /** A personal app of the catalogue that is exactly this (habits → Daily Habits). */
  catalogue?: ConsumerVariant;
  /** Whether people fill it in for the owner (a form), rather than the owner keeping a list. */
  form?: boolean;
  /** Measurements: the first field (a note) is optional, and a record without one is called by its date. */
  untitled?: boolean;
}

const text = (name: string, label: string, extra: Partial<RecordFieldSpec> = {}): RecordFieldSpec => ({ name, label, type: 'text', ...extra });
const num = (name: string, label: string, unit?: string): RecordFieldSpec => ({ name, label, type: 'number', ...(unit ? { unit } : {}) });
const date = (name = 'date', label = 'Date'): RecordFieldSpec => ({ name, label, type: 'date' });
const notes = (name = 'notes', label = 'Notes'): RecordFieldSpec => ({ name, label, type: 'textarea' });
const rating = (name = 'rating', label = 'Rating'): RecordFieldSpec => ({ name, label, type: 'rating' });
const check = (name: string, label: string): RecordFieldSpec => ({ name, label, type: 'checkbox' });
const title = (name = 'title', label = 'Title'): RecordFieldSpec => text(name, label, { required: true });
const note = () => text('note', 'Note', { placeholder: 'Optional' });

export const ENTITIES: readonly EntityDef[] = [
  { id: 'habit', test: /\bhabits?\b/, singular: 'habit', plural: 'habits', fields: [title('name', 'Habit')], catalogue: 'habits' },
  {
    id: 'todo',
    test: /\bto-?dos?\b|\btasks?\b|\bchecklists?\b/,
    singular: 'task',
    plural: 'tasks',
    fields: [title('task', 'Task'), check('done', 'Done'), date('due', 'Due')],
    catalogue: 'todo',
  },
  {
    id: 'expense',
    test: /\bexpenses?\b|\bspending\b|\bbudget\b/,
    singular: 'expense',
    plural: 'expenses',
    fields: [title('note', 'What'), { ...num('amount', 'Amount'), required: true }, date()],
    chartOf: 'amount',
    catalogue: 'expenses',
  },
  { id: 'saving', test: /\bsavings?\b|\bdeposits?\b/, singular: 'deposit', plural: 'deposits', fields: [num('amount', 'Amount')], catalogue: 'savings' },
  {
    id: 'run',
    test: /\bruns?\b|\brunning\b|\bcouch[- ]to[- ]5k\b|\bjog(?:s|ging)?\b/,
    singular: 'run',
    plural: 'runs',
    fields: [date()],
    catalogue: 'running',
  },
  { id: 'plant', test: /\bplants?\b|\bsucculents?\b/, singular: 'plant', plural: 'plants', fields: [title('name', 'Plant')], catalogue: 'plants' },
  {
    id: 'recipe',
    test: /\brecipes?\b|\bcookbook\b|\bdishes\b/,
    singular: 'recipe',
    plural: 'recipes',
    fields: [title(), text('time', 'Cooking time', { placeholder: '30 min' }), notes('ingredients', 'Ingredients'), notes('steps', 'Steps')],
  },
  {
    id: 'workout',
    // Sets and reps together only count in a workout ("sales reps" alone do not).
    test: /\bworkouts?\b|\bexercises?\b|\bgym\b|\blifting\b|\bweight ?lifting\b|\btraining sessions?\b|\bsets,? (?:and |& )?reps\b|\breps,? (?:and |& )?sets\b/,
    singular: 'workout',
    plural: 'workouts',
    fields: [date(), title('exercise', 'Exercise'), num('sets', 'Sets'), num('reps', 'Reps'), num('weight', 'Weight', 'kg')],
    chartOf: 'weight',
  },
  {
    id: 'book',
    test: /\bbooks?\b|\breading\b|\bnovels?\b/,
    singular: 'book',
    plural: 'books',
    fields: [title(), text('author', 'Author'), rating(), date('finished', 'Finished')],
    chartOf: 'rating',
  },
  {
    id: 'movie',
    test: /\bmovies?\b|\bfilms?\b|\bwatch ?list\b|\btv shows?\b|\bseries\b/,
    singular: 'movie',
    plural: 'movies',
    fields: [title(), num('year', 'Year'), rating(), check('watched', 'Watched')],
  },
  {
    id: 'wine',
    test: /\bwines?\b|\bwine cellar\b/,
    singular: 'wine',
    plural: 'wines',
    fields: [title('name', 'Wine'), num('vintage', 'Vintage'), text('region', 'Region'), num('price', 'Price'), num('quantity', 'Bottles')],
  },
  {
    id: 'coffee',
    test: /\bcoffees?\b|\bespressos?\b|\bcoffee beans?\b/,
    singular: 'coffee',
    plural: 'coffees',
    fields: [title('bean', 'Bean'), text('roaster', 'Roaster'), rating(), notes()],
    chartOf: 'rating',
  },
  {
    id: 'hike',
    test: /\bhikes?\b|\bhiking\b|\btrails?\b|\bwalks?\b|\bcycling\b|\brides?\b/,
    singular: 'hike',
    plural: 'hikes',
    fields: [date(), title('trail', 'Trail'), num('distance', 'Distance', 'km'), num('elevation', 'Elevation', 'm')],
    chartOf: 'distance',
  },
  {
    id: 'weighin',
    test: /\b(?:body ?)?weight (?:tracker|log|loss|journal)\b|\bweigh-?ins?\b|\bbmi\b|\btrack(?:ing)? my weight\b/,
    singular: 'weigh-in',
    plural: 'weigh-ins',
    fields: [note(), date(), { ...num('weight', 'Weight', 'kg'), required: true }],
    chartOf: 'weight',
    untitled: true,
  },
  {
    id: 'mood',
    test: /\bmoods?\b|\bfeelings?\b/,
    singular: 'entry',
    plural: 'entries',
    fields: [note(), date(), { ...rating('mood', 'Mood'), required: true }],
    chartOf: 'mood',
    untitled: true,
  },
  {
    id: 'bloodpressure',
    test: /\bblood pressure\b|\bbp readings?\b/,
    singular: 'reading',
    plural: 'readings',
    fields: [note(), date(), { ...num('systolic', 'Systolic', 'mmHg'), required: true }, num('diastolic', 'Diastolic', 'mmHg'), num('pulse', 'Pulse', 'bpm')],
    chartOf: 'systolic',
    untitled: true,
  },
  {
    id: 'sleep',
    test: /\bsleep\b/,
    singular: 'night',
    plural: 'nights',
    fields: [note(), date(), { ...num('hours', 'Hours slept', 'h'), required: true }, rating('quality', 'Quality')],
    chartOf: 'hours',
    untitled: true,
  },
  {
    id: 'application',
    test: /\bjob applications?\b|\bjob (?:hunt|search|hunting)\b|\bapplications?\b/,
    singular: 'application',
    plural: 'applications',
    fields: [
      title('company', 'Company'),
      text('role', 'Role'),
      date('applied', 'Applied on'),
      { name: 'link', label: 'Link', type: 'url', placeholder: 'https://' },
    ],
    stages: ['Applied', 'Interviewing', 'Offer', 'Rejected'],
  },
  {
    id: 'bug',
    test: /\bbugs?\b|\bdefects?\b|\bissues?\b/,
    singular: 'bug',
    plural: 'bugs',
    fields: [title(), { name: 'severity', label: 'Severity', type: 'select', options: ['Low', 'Medium', 'High'] }, notes('steps', 'Steps to reproduce')],
    stages: ['Open', 'In progress', 'Fixed'],
  },
  {
    id: 'gift',
    test: /\bgifts?\b|\bpresents?\b|\bwish ?lists?\b/,
    singular: 'gift',
    plural: 'gifts',
    fields: [title('gift', 'Gift'), text('recipient', 'For'), num('price', 'Price'), check('bought', 'Bought')],
  },
  {
    id: 'contact',
    test: /\bcontacts?\b|\baddress book\b/,
    singular: 'contact',
    plural: 'contacts',
    fields: [
      title('name', 'Name'),
      { name: 'email', label: 'Email', type: 'email' },
      { name: 'phone', label: 'Phone', type: 'tel' },
      date('birthday', 'Birthday'),
    ],
  },
  {
    id: 'chore',
    test: /\bchores?\b/,
    singular: 'chore',
    plural: 'chores',
    fields: [title('chore', 'Chore'), text('who', 'Who'), num('stars', 'Stars'), check('done', 'Done')],
  },
  // Kept by a group or shown to every visitor (the rules follow core's chooseDataSharing).
  {
    id: 'standup',
    test: /\bstand-?ups?\b/,
    singular: 'update',
    plural: 'updates',
    fields: [title('today', 'Today'), notes('yesterday', 'Yesterday'), text('blockers', 'Blockers', { placeholder: 'Optional' })],
  },
  {
    id: 'guestbook',
    test: /\bguest ?books?\b|\bmessage (?:board|wall)s?\b|\bkudos\b|\bshout-?outs?\b/,
    singular: 'message',
    plural: 'messages',
    fields: [title('name', 'Your name'), { ...notes('message', 'Message'), required: true }],
  },
  {
    id: 'score',
    test: /\bleader ?boards?\b|\bhigh ?scores?\b/,
    singular: 'score',
    plural: 'scores',
    fields: [title('player', 'Player'), { ...num('score', 'Score'), required: true }, date()],
  },
  {
    id: 'shopping',
    test: /\bshopping (?:lists?|items?)\b|\bgrocer(?:y|ies)(?: lists?)?\b/,
    singular: 'item',
    plural: 'items',
    fields: [title('item', 'Item'), num('quantity', 'Quantity'), check('bought', 'Bought')],
  },
  {
    id: 'album',
    test: /\bvinyls?\b|\balbums?\b|\brecord collection\b|\bcds?\b/,
    singular: 'album',
    plural: 'albums',
    fields: [title('album', 'Album'), text('artist', 'Artist'), num('year', 'Year'), rating()],
  },
  {
    id: 'restaurant',
    test: /\brestaurants?\b|\bplaces to eat\b/,
    singular: 'restaurant',
    plural: 'restaurants',
    fields: [title('name', 'Restaurant'), text('cuisine', 'Cuisine'), rating(), check('visited', 'Been there')],
  },
  {
    id: 'timeentry',
    test: /\bhours (?:worked|i work|spent)\b|\btime (?:i spend|spent|tracking|tracker|sheet|log|entries)\b|\btimesheets?\b|\bbillable hours\b/,
    singular: 'time entry',
    plural: 'time entries',
    fields: [date(), title('project', 'Project'), { ...num('hours', 'Hours', 'h'), required: true }, notes()],
    chartOf: 'hours',
  },
  {
    id: 'item',
    test: /\binventory\b|\bstock\b|\bproducts?\b/,
    singular: 'item',
    plural: 'items',
    fields: [title('item', 'Item'), num('quantity', 'Quantity'), num('price', 'Price'), text('location', 'Location')],
  },
  {
    id: 'idea',
    test: /\bideas?\b|\bnotes\b/,
    singular: 'idea',
    plural: 'ideas',
    fields: [title(), notes()],
  },
  // Forms other people fill in: the owner reads the answers in Sprout's Data panel.
  {
    id: 'rsvp',
    test: /\brsvps?\b|\bwedding guests?\b/,
    singular: 'reply',
    plural: 'replies',
    fields: [
      title('name', 'Name'),
      { name: 'email', label: 'Email', type: 'email', required: true },
      num('guests', 'Guests'),
      notes('dietary', 'Dietary needs'),
    ],
    form: true,
  },
  {
    id: 'feedback',
    test: /\bfeedback\b|\breviews?\b/,
    singular: 'response',
    plural: 'responses',
    fields: [text('name', 'Name'), { ...rating(), required: true }, notes('comments', 'Comments')],
    form: true,
  },
  {
    id: 'volunteer',
    test: /\bvolunteers?\b/,
    singular: 'volunteer',
    plural: 'volunteers',
    fields: [
      title('name', 'Name'),
      { name: 'email', label: 'Email', type: 'email', required: true },
      { name: 'phone', label: 'Phone', type: 'tel' },
      notes('availability', 'When can you help?'),
    ],
    form: true,
  },
  {
    id: 'subscriber',
    test: /\bnewsletter\b|\bmailing list\b|\bsubscribers?\b/,
    singular: 'subscriber',
    plural: 'subscribers',
    fields: [text('name', 'Name'), { name: 'email', label: 'Email', type: 'email', required: true }],
    form: true,
  },
];

/** A form whose subject is not known: who wrote, and what. */
export const GENERIC_FORM: Omit<EntityDef, 'test'> = {
  id: 'message',
  singular: 'response',
  plural: 'responses',
  fields: [title('name', 'Name'), { name: 'email', label: 'Email', type: 'email', required: true }, notes('message', 'Message')],
  form: true,
};

/** A record of a subject not in the table: "a list of my <things>". */
export function genericEntity(singular: string, plural: string): EntityDef {
  return { id: 'generic', test: /$^/, singular, plural, fields: [title(), notes()] };
}

export function entityIn(text: string): EntityDef | null {
  return ENTITIES.find((e) => e.test.test(text)) ?? null;
}
