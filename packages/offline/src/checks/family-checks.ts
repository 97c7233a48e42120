// The behaviour checks of the catalogue's apps, one function per family: what a person does first
// in each (book a slot, add a card, send the form, play a move) and what they must then see.

import type { CheckTarget } from '@sprout/core';
import type { FieldSpec } from '../understand/fields';
import { button, checkFile, click, expectEmail, expectNoText, expectText, fill, label, signUp, type Step } from './check-files';
import { sampleFor } from './samples';
import type { GeneratedFile } from '../families/source';

type FormField = Pick<FieldSpec, 'name' | 'label' | 'required' | 'placeholder'> & { type: string };

const TEXT_ROLE: Partial<Record<string, string>> = {
  text: 'textbox',
  email: 'textbox',
  tel: 'textbox',
  url: 'textbox',
  textarea: 'textbox',
  number: 'spinbutton',
  rating: 'spinbutton',
};

/**
 * A form field as a person finds it: by its placeholder when it has one, else as a text box of
 * that name. A bare label can be part of another control's name ("Deal" in "Filter by deal
 * stage", a "Value" column to sort by), and those are never text boxes.
 */
export function fieldTarget(f: FormField): CheckTarget {
  if (f.placeholder) return { placeholder: f.placeholder };
  const role = TEXT_ROLE[f.type];
  return role ? { role, name: f.label } : label(f.label);
}

/** Fills a form's required fields (and those given values, by name). */
function fillForm(fields: readonly FormField[], values: Record<string, string> = {}): Step[] {
  return fields.flatMap((f) => {
    const value = values[f.name] ?? (f.required ? sampleFor(f) : null);
    return value === null ? [] : [fill(fieldTarget(f), value)];
  });
}

export const kanbanChecks = (firstColumn: string): GeneratedFile[] => [
  checkFile('add-card', 'A new card appears on the board', [
    ...signUp('board-check'),
    click(button('New card')),
    fill(label('Title'), 'Card from a check'),
    click(button('Add card')),
    expectText('Card from a check'),
    expectText(firstColumn),
  ]),
];

/**
 * Booking a slot confirms it on the page and, when the form asks for an e-mail (functions/confirm-booking.ts),
 * by mail; with a deposit, through the test checkout page Sprout serves in the checks.
 */
export function schedulerChecks(fields: readonly FormField[], deposit = false): GeneratedFile[] {
  const email = fields.find((f) => f.name === 'email');
  const address = email ? sampleFor(email) : null;
  return [
    checkFile('book-a-slot', 'Booking a free time confirms it', [
      click({ role: 'radio' }),
      ...fillForm(fields, email && address ? { [email.name]: address } : {}),
      click(button('Confirm')),
      ...(deposit ? [click(button('Pay (test)')), expectText('Deposit of')] : []),
      expectText("You're booked!"),
      ...(address ? [expectEmail(address, 'Your appointment')] : []),
    ]),
  ];
}

/**
 * A landing page's form: the inline contact form when the page has one, else the waitlist, else
 * the form the call to action opens. Enter in the form's first text field sends it (no button
 * name to confuse with a call to action of the same words).
 */
export function landingChecks(o: { sections: readonly string[]; fields: readonly FormField[]; cta: string; success: string }): GeneratedFile[] {
  const first = o.fields.find((f) => f.type !== 'textarea' && f.type !== 'select');
  if (o.sections.includes('contact') || !o.sections.includes('signup')) {
    if (!first) return [];
    const open = o.sections.includes('contact') ? [] : [click(button(o.cta))];
    return [
      checkFile('send-request', 'Sending the form shows the confirmation', [
        ...open,
        ...fillForm(o.fields, { [first.name]: sampleFor(first) ?? 'Alex Check' }),
        { do: 'press', key: 'Enter', target: fieldTarget(first) },
        expectText(o.success),
      ]),
    ];
  }
  return [
    checkFile('join-waitlist', 'Joining the waitlist says so', [
      fill({ placeholder: 'you@example.com' }, 'waitlist-check@example.com'),
      { do: 'press', key: 'Enter', target: { placeholder: 'you@example.com' } },
      expectText("You're on the list"),
    ]),
  ];
}

export const compressorChecks = (): GeneratedFile[] => [
  checkFile('ready-for-an-image', 'The compressor waits for an image with a target size', [
    expectText('No image yet'),
    fill(label('Target file size'), '150'),
    { do: 'expectCount', target: label('Target file size'), count: 1 },
  ]),
];

export function recordsChecks(o: { singular: string; fields: readonly FormField[]; title: string }): GeneratedFile[] {
  const noun = o.singular.toLowerCase();
  const value = `${o.singular} from a check`;
  return [
    checkFile(`add-${noun.replace(/[^a-z0-9]+/g, '-')}`, `A new ${noun} appears in the list`, [
      ...signUp('records-check'),
      click(button(`New ${noun}`)),
      ...fillForm(o.fields, { [o.title]: value }),
      click(button(`Add ${noun}`)),
      expectText(value),
    ]),
  ];
}

export const portalChecks = (): GeneratedFile[] => [
  checkFile('send-message', 'A message sent appears in the thread', [
    click({ role: 'tab', name: 'Messages' }),
    fill(label('New message'), 'Hello from a check'),
    click(button('Send message')),
    expectText('Hello from a check'),
  ]),
];

const addByLabel = (file: string, name: string, what: string, value: string, addButton = 'Add'): GeneratedFile =>
  checkFile(file, name, [fill(label(what), value), click(button(addButton)), expectText(value)]);

/** A currency amount as the apps show it (Intl, en-US in checks): "$75.00", "£75.00". */
const money = (currency: string, n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(n);

export function consumerChecks(variant: string, currency: string): GeneratedFile[] {
  switch (variant) {
    case 'habits':
      return [addByLabel('add-habit', 'A new habit appears in the list', 'New habit', 'Stretch for five minutes')];
    case 'todo':
      return [addByLabel('add-item', 'A new item appears in the list', 'New item', 'Water the garden')];
    case 'plants':
      return [addByLabel('add-plant', 'A new plant appears in the list', 'Plant', 'Hallway fern', 'Add plant')];
    case 'expenses':
      return [
        checkFile('log-expense', 'A logged expense appears in the list', [
          fill(label('Amount'), '12.50'),
          fill(label('Note'), 'Coffee with a check'),
          click(button('Add')),
          expectText('Coffee with a check'),
        ]),
      ];
    case 'savings':
      return [
        checkFile('log-deposit', 'A deposit appears with its amount', [
          fill(label('Log a deposit'), '75'),
          click(button('Add')),
          expectText(`+${money(currency, 75)}`),
        ]),
      ];
    case 'running':
      return [checkFile('log-run', 'Logging a run counts it', [click(button('Run 1')), expectText('1 of 27 runs done')])];
    case 'recipes':
      return [
        checkFile('add-ingredient', 'An ingredient added to the fridge shows', [
          fill({ placeholder: 'Add an ingredient, e.g. lemon' }, 'rhubarb'),
          { do: 'press', key: 'Enter', target: { placeholder: 'Add an ingredient, e.g. lemon' } },
          expectText('rhubarb'),
        ]),
      ];
    default:
      return [];
  }
}

export function gameChecks(variant: string): GeneratedFile[] {
  switch (variant) {
    case 'snake':
      return [
        checkFile('start', 'Start begins the game', [
          expectText('Ready?'),
          click(button('Start')),
          { do: 'expectCount', target: button('Pause'), count: 1 },
          expectNoText('Ready?'),
        ]),
      ];
    case 'memory':
      return [
        checkFile('turn-a-card', 'A card clicked turns face up', [
          { do: 'expectCount', target: button('face down'), count: 16 },
          click(button('Card 1, face down')),
          { do: 'expectCount', target: button('face down'), count: 15 },
        ]),
      ];
    case 'tictactoe':
      return [
        checkFile('play-a-move', 'A move is played and the computer answers', [
          click(button('Square 5, empty')),
          { do: 'expectCount', target: button('Square 5, X'), count: 1 },
          { do: 'expectCount', target: button(', O'), count: 1 },
        ]),
      ];
    default:
      return [];
  }
}
