// A composed app's parts, decided from what the person asked (understand/ask.ts): the records'
// fields, and which of tags, search, a field filter, a chart, a board and a public form it has.
// Pure data; index.ts turns it into files and the reply.

import { chooseDataSharing, type DataSharing } from '@sprout/core';
import type { Ask } from '../../understand/ask';
import { ENTITIES, genericEntity, type EntityDef, type RecordFieldSpec } from '../../understand/entities';
import { camel, normalise, slug } from '../../understand/text';
import type { AppSpec } from '../../understand/understand';
import { declarable } from '../data-rules';

export interface Composition {
  entity: EntityDef;
  /** The backend collection: "time-entries". */
  collection: string;
  fields: RecordFieldSpec[];
  /** A form other people fill in (answers go to the owner), rather than the owner's own list. */
  form: boolean;
  /**
   * Who sees the records (core's chooseDataSharing): a form's answers only the owner (`inbox`); a
   * list a group keeps together (`team`, with sign-in) or every visitor sees (`public`); else each
   * visitor's own (`personal`).
   */
  sharing: DataSharing;
  tags: boolean;
  search: boolean;
  /** The select or checkbox field the list can be filtered by. */
  filterBy: string | null;
  /** The status field whose options are the board's columns. */
  board: string | null;
  chart: { field: string; date: string | null } | null;
  /** Fields named in the prompt that were used as they were named. */
  named: RecordFieldSpec[];
  /** Wants it could not compose: a filter with nothing to filter by, a chart with no number. */
  unbuilt: ('filter' | 'chart')[];
}

const isTitle = (f: RecordFieldSpec) => f.type === 'text';

/** A list is shared by a group or shown to everyone, else each visitor's own (a list read only by the owner is no list). */
function listSharing(prompt: string): DataSharing {
  const sharing = chooseDataSharing(prompt);
  return sharing === 'team' || sharing === 'public' ? sharing : 'personal';
}
const DEFAULT_STAGES = ['To do', 'Doing', 'Done'];

/** Named fields, completed with the entity's definition of the same field (its type and unit). */
function fieldsFrom(ask: Ask, entity: EntityDef): { fields: RecordFieldSpec[]; named: RecordFieldSpec[] } {
  const known = (f: RecordFieldSpec) => entity.fields.find((e) => e.name === f.name || normalise(e.label) === normalise(f.label));
  const named = ask.fields.map((f) => {
    const e = known(f);
    return e ? { ...e, label: f.label } : f;
  });
  const fields = named.length >= 2 ? [...named] : [...entity.fields, ...named.filter((n) => !entity.fields.some((e) => e.name === n.name))];
  // The first field is each record's title: a text field, required (optional for measurements,
  // which are called by their date). Named fields without one get the subject's own title field.
  const own = entity.fields[0]!;
  const ownWord = normalise(own.label);
  const title = fields.findIndex(
    (f) => isTitle(f) && (f.name === own.name || normalise(f.label).includes(ownWord) || /(?:title|name)$/i.test(f.name) || !isTitle(own)),
  );
  if (title > 0) fields.unshift(...fields.splice(title, 1));
  // A workout is called by its exercise and a hike by its trail, even when they are not the subject's first field.
  if (title === -1) fields.unshift(isTitle(own) ? own : (entity.fields.find(isTitle) ?? { name: 'title', label: 'Title', type: 'text' }));
  fields[0] = { ...fields[0]!, required: !entity.untitled };
  if (named.length >= 2 && entity.untitled && !fields.some((f) => f.type === 'date')) fields.splice(1, 0, { name: 'date', label: 'Date', type: 'date' });
  // A select always has a value and a checkbox is a choice: neither can be "missing".
  return { fields: fields.map((f, i) => (i > 0 && (f.type === 'select' || f.type === 'checkbox') ? { ...f, required: false } : f)), named };
}

/** Field names the backend accepts and that are not its own (`id`, `createdAt`…), each once. */
function safeNames(fields: RecordFieldSpec[]): RecordFieldSpec[] {
  const seen = new Set<string>(['tags']);
  return fields.map((f) => {
    let name = declarable(f.name) ? f.name : camel(`${f.name} value`);
    if (!declarable(name)) name = 'field';
    while (seen.has(name)) name = `${name}2`;
    seen.add(name);
    return { ...f, name };
  });
}

export function compose(spec: AppSpec): Composition {
  const ask = spec.plan.ask;
  // No "list of …" in the prompt ("a guestbook", "a leaderboard for the team"): a subject the table knows, else items.
  const entity = ask.entity ?? ENTITIES.find((e) => !e.catalogue && !e.form && e.test.test(normalise(spec.prompt))) ?? genericEntity('item', 'items');
  const form = !!entity.form || ask.shape === 'form';
  const built = fieldsFrom(ask, entity);
  let fields = built.fields;
  const wants = new Set(ask.wants);

  let board: string | null = null;
  const stages = spec.columns.length >= 2 ? spec.columns : (entity.stages ?? (wants.has('board') ? DEFAULT_STAGES : null));
  if (!form && stages) {
    const existing = fields.find((f) => f.name === 'status');
    fields = existing
      ? fields.map((f) => (f === existing ? { ...f, type: 'select', options: stages } : f))
      : [...fields, { name: 'status', label: 'Status', type: 'select', options: stages }];
    if (wants.has('board') || entity.stages) board = 'status';
  }

  let chart: Composition['chart'] = null;
  if (!form && wants.has('chart')) {
    const numbers = fields.filter((f) => f.type === 'number' || f.type === 'rating');
    const y = numbers.find((f) => f.name === entity.chartOf) ?? numbers[0];
    if (y) {
      let date = fields.find((f) => f.type === 'date');
      if (!date) {
        date = { name: 'date', label: 'Date', type: 'date' };
        fields = [...fields, date];
      }
      chart = { field: y.name, date: date.name };
    }
  }
  fields = safeNames(fields);

  const by = ask.filterBy ? fields.find((f) => f.name === ask.filterBy || normalise(f.label).startsWith(ask.filterBy!)) : undefined;
  const filterable = (f: RecordFieldSpec | undefined) => !!f && (f.type === 'select' || f.type === 'checkbox');
  const filterBy = form
    ? null
    : filterable(by)
      ? by!.name
      : wants.has('filter') || board
        ? (fields.find((f) => filterable(f) && f.name !== board)?.name ?? null)
        : null;
  const tags = !form && (wants.has('tags') || (wants.has('filter') && /\btag/.test(normalise(spec.prompt))));
  return {
    entity,
    collection: slug(entity.plural).replace(/^[^a-z]+/, '') || 'records',
    fields,
    form,
    sharing: form ? 'inbox' : listSharing(spec.prompt),
    tags,
    search: !form,
    filterBy,
    board,
    chart,
    named: built.named,
    unbuilt: [...(wants.has('filter') && !filterBy && !tags ? (['filter'] as const) : []), ...(wants.has('chart') && !chart ? (['chart'] as const) : [])],
  };
}
