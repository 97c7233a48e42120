// The behaviour checks of a composed app: adding a record shows it; a tag (or the search) narrows
// the list; a card moves along the board; a number added appears on the chart; a form says thanks.

import { button, checkFile as file, click, expectNoText, expectText, fill, signUp, type Step } from '../../checks/check-files';
import { fieldTarget } from '../../checks/family-checks';
import type { RecordFieldSpec } from '../../understand/entities';
import { sentenceCase } from '../../understand/text';
import type { GeneratedFile } from '../source';
import type { Composition } from './compose';

// A form field's own label can be part of another element's name ("Item" in the section "New item"),
// so fields are found as text boxes of that name.
const TAGS = { role: 'textbox', name: 'Tags' };

const SAMPLE: Partial<Record<RecordFieldSpec['type'], string>> = {
  number: '42',
  rating: '4',
  email: 'check@example.com',
  url: 'https://example.com',
  tel: '+1 555 010 0199',
  date: '2026-01-15',
  textarea: 'Written by a check',
};

/** Fills the fields a record needs (the title with `title`, other required ones with samples). */
function fillRecord(c: Composition, title: string, extra: Partial<Record<string, string>> = {}): Step[] {
  const [first, ...rest] = c.fields;
  const steps: Step[] = [fill(fieldTarget(first!), title)];
  for (const f of rest) {
    const value = extra[f.name] ?? (f.required ? (SAMPLE[f.type] ?? `Check ${f.label.toLowerCase()}`) : undefined);
    if (value !== undefined) steps.push(fill(fieldTarget(f), value));
  }
  return steps;
}

export function collectionChecks(c: Composition): GeneratedFile[] {
  // A team's list opens after sign-up: each check (on its own empty data) signs up first.
  const checkFile = (name: string, title: string, steps: Step[]) =>
    file(name, title, c.sharing === 'team' ? [...signUp(`${c.collection}-check`), ...steps] : steps);
  const one = sentenceCase(c.entity.singular);
  const add = button(c.form ? 'Send' : `Add ${c.entity.singular}`);
  if (c.form)
    return [checkFile('send-form', `Sending the form saves it and says thanks`, [...fillRecord(c, 'Alex Check'), click(add), expectText('Thank you!')])];
  const first = `${one} from a check`;
  const checks: GeneratedFile[] = [
    checkFile(`add-${c.collection}`, `Adding a ${c.entity.singular} shows it in the list`, [
      expectText(`No ${c.entity.plural} yet`),
      ...fillRecord(c, first),
      click(add),
      expectText(first),
      expectText('Showing 1 of 1'),
    ]),
  ];
  const a = `${one} alpha`;
  const b = `${one} beta`;
  if (c.tags)
    checks.push(
      checkFile('filter-by-tag', 'Clicking a tag shows only the records with it', [
        ...fillRecord(c, a),
        fill(TAGS, 'first-tag'),
        click(add),
        expectText(a),
        ...fillRecord(c, b),
        fill(TAGS, 'second-tag'),
        click(add),
        expectText(b),
        click(button('second-tag')),
        expectText(b),
        expectNoText(a),
      ]),
    );
  else if (c.search)
    checks.push(
      checkFile('search', 'The search shows only the records that match', [
        ...fillRecord(c, a),
        click(add),
        expectText(a),
        ...fillRecord(c, b),
        click(add),
        expectText(b),
        fill({ role: 'searchbox', name: 'Search' }, 'beta'),
        expectText(b),
        expectNoText(a),
      ]),
    );
  if (c.board) {
    const stages = c.fields.find((f) => f.name === c.board)!.options!;
    checks.push(
      checkFile('move-on-board', 'A card moves to the next column', [
        ...fillRecord(c, first),
        click(add),
        expectText(first, { role: 'region', name: stages[0]! }),
        click(button(`Move ${first} to ${stages[1]}`)),
        expectText(first, { role: 'region', name: stages[1]! }),
      ]),
    );
  } else if (c.chart) {
    const y = c.fields.find((f) => f.name === c.chart!.field)!;
    const value = y.type === 'rating' ? '4' : '42';
    checks.push(
      checkFile('chart', `A ${y.label.toLowerCase()} added appears on the chart`, [
        expectText(`Add a ${y.label.toLowerCase()} to see it charted here`),
        ...fillRecord(c, first, { [y.name]: value }),
        click(add),
        expectText(first),
        expectText(y.type === 'rating' ? 'Latest: ★★★★☆' : `Latest: ${value}`),
      ]),
    );
  }
  return checks.slice(0, 3);
}
